import { z } from "zod";
import { parseInput } from "../validate.ts";
import { type Analysis, analyze } from "./analyze.ts";
import { type Entity, extractEntities, toExtractedEntities } from "./extract/extract.ts";
import { type FeatureBag, type HashingSpec, type SparseRow, toRow } from "./features/featurize.ts";
import { STAGE2_NAMED, type Stage2FeatureGroup, stage2Bag } from "./features/stage2-features.ts";
import { withoutRestatements } from "./function-words.ts";
import {
  BUCKET_PRIORITIES,
  BUCKETS,
  type Bucket,
  CATEGORIES,
  type Category,
  expectedPriority,
  SPEECH_ACTS,
  type SpeechAct,
} from "./labels.ts";
import { STAGE2_SIDECAR } from "./model/stage2-sidecar.ts";
import type { ModelOutputs, ModelRunner } from "./model-runner.ts";
import type { LinearModel } from "./onnx/linear-model.ts";
import { learnCorrection, type PersonalHead, type PersonalLayer, personalise } from "./personal.ts";
import type { InjectionReason } from "./preprocess/injection.ts";
import type { RuleContext, RuleHit } from "./rules/types.ts";
import { applyStack, explainStack, type Stack, stackInputs } from "./stack.ts";
import { applyRules, ruleLabels, type Stage2Rule } from "./stage2-rules.ts";
import { explainExpectation, explainHeads, type WhyItem } from "./why.ts";

export const Stage2Input = z.object({
  from: z.string().max(2000),
  to: z.string().max(10_000).optional(),
  cc: z.string().max(10_000).optional(),
  /** Gmail labelIds when the item came from Gmail. */
  labels: z.array(z.string().max(128)).max(100).optional(),
  /** What the device knows about the reader and this sender (never leaves the device). */
  reader: z
    .object({
      addresses: z.array(z.string().max(320)).max(20),
      sender: z
        .object({ wroteTo: z.boolean(), repliedTo: z.boolean(), corrected: z.boolean() })
        .partial()
        .optional(),
    })
    .optional(),
  subject: z.string().max(10_000),
  snippet: z.string().max(100_000).optional(),
  raw: z.string().optional(),
  date: z.number().optional(),
});
export type Stage2Input = z.infer<typeof Stage2Input>;

export interface Stage2Result {
  bucket: Bucket;
  speechAct: SpeechAct;
  category: Category;
  priority: number;
  /**
   * Plain-language reasons for every label the person sees ("bucket urgent: you are in To"),
   * each from this message's largest contributions, plus notes on injection and hidden text.
   */
  why: string[];
  /** The same reasons per label. */
  whyByLabel: { bucket: string[]; speech_act: string[]; category: string[]; priority: string[] };
  /** The same reasons, structured: which feature, which direction, how much (log-odds). */
  whyFeatures: WhyItem[];
  cohortHints: string[];
  entities: { kind: string; text: string; value?: string }[];
  /** Typed extraction output (dates, money, codes, …). */
  extracted: Entity[];
  confidence: number;
  hiddenContentRemoved: boolean;
  injectionFlag: InjectionReason[];
  /** Set when the raw message could not be parsed; the fields then come from headers only. */
  unparseable?: string;
}

export const STAGE2_HASHING: HashingSpec = STAGE2_SIDECAR.hashing;
/** The stage-2-only input groups the shipped model was trained with (its sidecar says which). */
export const STAGE2_GROUPS: readonly Stage2FeatureGroup[] =
  "features" in STAGE2_SIDECAR ? (STAGE2_SIDECAR.features as readonly Stage2FeatureGroup[]) : [];

/** The shipped second layer over the heads (hierarchy between heads), when training chose one. */
export const STAGE2_STACK: Stack | undefined =
  "stack" in STAGE2_SIDECAR ? (STAGE2_SIDECAR.stack as unknown as Stack) : undefined;

/** The rules the shipped model is combined with (`stage2-rules.ts`), when CV kept them. */
export const STAGE2_RULES: readonly Stage2Rule[] =
  "rules" in STAGE2_SIDECAR ? (STAGE2_SIDECAR.rules as readonly Stage2Rule[]) : [];

/**
 * The stage-2 heads' probabilities for `rows`: the model through `runner`, then the second layer,
 * then the rules kept where they are right. Every caller (triage, corrections, the eval's
 * replay) reads labels through this.
 */
export async function stage2Outputs(runner: ModelRunner, rows: SparseRow[]): Promise<ModelOutputs> {
  const bits = STAGE2_HASHING.bits;
  return applyRules(STAGE2_RULES, applyStack(STAGE2_STACK, await runner.run(rows), rows, bits), rows, bits);
}

/** The stage-2 feature bag of an analysed item (shared bag plus the stage-2 groups). */
export function stage2BagOf(a: Extract<Analysis, { ok: true }>): FeatureBag {
  return stage2Bag(a.p, a.bag, STAGE2_GROUPS, STAGE2_HASHING.seed);
}

/**
 * Stage 2 on the device: bucket, speech act, category and priority from the project's own
 * model through an injected `ModelRunner` (TS evaluator, onnxruntime-node or -web), plus a
 * "why", cohort hints and extracted entities. Nothing the email says can add an action.
 *
 * @example
 * const r = await classifyStage2({ ctx: { runner }, input: { from: "a@b.c", subject: "Lunch?", snippet: "1pm?" } });
 * r.bucket // "actionable"
 */
export async function classifyStage2(args: {
  ctx: { runner: ModelRunner; now?: () => number; personal?: PersonalLayer };
  input: Stage2Input;
}): Promise<Stage2Result> {
  const input = parseInput(Stage2Input, args.input, "stage 2 input");
  const { runner } = args.ctx;
  // Metadata without recipients says nothing about them: no "you are not listed" from a gap.
  const unknownTo = input.to === undefined ? { recipientsUnknown: true } : {};
  const reader = readerContext(input);
  let a = await analyze({ ...stage2Item(input), raw: input.raw ?? synthesize(input) }, STAGE2_HASHING, {
    explain: true,
    rules: { ...reader, ...(input.raw === undefined ? unknownTo : {}) },
  });
  let unparseable: string | undefined;
  if (!a.ok) {
    unparseable = a.reason;
    a = await analyze({ ...stage2Item(input), raw: synthesize(input) }, STAGE2_HASHING, {
      explain: true,
      rules: { ...reader, ...unknownTo },
    });
    if (!a.ok) throw new Error(`stage2: headers-only fallback failed (${a.reason})`);
  }
  const r = await stage2FromAnalysis(
    a,
    runner,
    args.ctx.now?.() ?? input.date ?? Date.now(),
    args.ctx.personal,
  );
  return unparseable ? { ...r, unparseable } : r;
}

/**
 * Learns from one correction on the device: the person says `head` of this item is `label`
 * (Move to…, or approve confirming it). Updates `personal` in place; nothing leaves the device.
 *
 * @example await learnStage2Correction({ ctx: { runner, personal }, input: { item, head: "bucket", label: "urgent" } })
 */
export async function learnStage2Correction(args: {
  ctx: { runner: ModelRunner; personal: PersonalLayer };
  input: { item: Stage2Input; head: PersonalHead; label: string };
}): Promise<void> {
  const item = parseInput(Stage2Input, args.input.item, "stage 2 input");
  const unknownTo = item.raw === undefined && item.to === undefined ? { recipientsUnknown: true } : {};
  const a = await analyze({ ...stage2Item(item), raw: item.raw ?? synthesize(item) }, STAGE2_HASHING, {
    rules: { ...readerContext(item), ...unknownTo },
  });
  if (!a.ok) return;
  const row = toRow(stage2BagOf(a), STAGE2_HASHING.bits);
  const out = await stage2Outputs(args.ctx.runner, [row]);
  learnCorrection(
    args.ctx.personal,
    args.input.head,
    row,
    out[args.input.head]!,
    args.input.label,
    1 << STAGE2_HASHING.bits,
    COMMON,
  );
}

/** Stage 2 for an item already analysed with `explain: true` (tokens kept for the "why"). */
export async function stage2FromAnalysis(
  a: Extract<Analysis, { ok: true }>,
  runner: ModelRunner,
  now: number,
  personal?: PersonalLayer,
): Promise<Stage2Result> {
  return (await stage2FromAnalyses([a], runner, [now], personal))[0]!;
}

/**
 * `stage2FromAnalysis` for a batch: one `runner.run` over all rows (the weights are read once
 * per batch, and onnxruntime pays its per-call cost once); each result is the item's own.
 */
export async function stage2FromAnalyses(
  as: readonly Extract<Analysis, { ok: true }>[],
  runner: ModelRunner,
  nows: readonly number[],
  personal?: PersonalLayer,
): Promise<Stage2Result[]> {
  if (as.length === 0) return [];
  const bags = as.map(stage2BagOf);
  const rows = bags.map((b) => toRow(b, STAGE2_HASHING.bits));
  const raw = await runner.run(rows);
  const bits = STAGE2_HASHING.bits;
  const out = applyRules(STAGE2_RULES, applyStack(STAGE2_STACK, raw, rows, bits), rows, bits);
  return stage2Results(as, bags, rows, raw, out, runner.model, nows, personal);
}

/** The results from the heads' outputs (synchronous: V8 optimises it sooner and cheaper than the async caller). */
function stage2Results(
  as: readonly Extract<Analysis, { ok: true }>[],
  bags: readonly FeatureBag[],
  rows: SparseRow[],
  raw: ModelOutputs,
  out: ModelOutputs,
  model: LinearModel,
  nows: readonly number[],
  personal?: PersonalLayer,
): Stage2Result[] {
  const mine = personal && personal.corrections > 0 ? personal : undefined;
  const stack = STAGE2_STACK && Object.keys(STAGE2_STACK.heads).length > 0 ? STAGE2_STACK : undefined;
  // Priority's reasons read the bucket head (priority is the bucket distribution's expectation).
  const bucketHead = model.heads.find((h) => h.output === "bucket");
  if (!bucketHead) throw new Error("stage2: the model has no bucket head");
  const bits = STAGE2_HASHING.bits;
  const slice = (name: string, r: number, width: number) => out[name]!.subarray(r * width, (r + 1) * width);
  return as.map((a, r) => {
    const row = rows[r]!;
    const bag = bags[r]!;
    const z = stack ? stackInputs(stack.flags, raw, r, row, bits) : undefined;
    const pick = (name: PersonalHead, labels: readonly string[]) => {
      const shipped = slice(name, r, labels.length);
      const [c0] = top2(shipped);
      const p = mine ? Float32Array.from(personalise(mine, name, row, shipped)) : shipped;
      const [c, second] = top2(p);
      return { name, labels, c0, c, second, p };
    };
    const picks = [pick("bucket", BUCKETS), pick("speech_act", SPEECH_ACTS), pick("category", CATEGORIES)];
    const rules = STAGE2_RULES.length > 0 ? ruleLabels(STAGE2_RULES, row, bits) : [];
    // Every label's reasons from one pass over the row (the heads' weights read together).
    const reasons = explainHeads(
      model,
      row,
      bits,
      bag,
      a.hits,
      picks.map((k) => ({ head: k.name, chosen: k.c, runnerUp: k.second, max: 2 })),
      UBIQUITOUS,
      STAGE2_NAMED,
    );
    const [b, s, c] = picks.map((k, n) => {
      // The largest of the head's own contributions and the second layer's, on one log-odds scale.
      const found = [...reasons[n]!, ...(stack && z ? explainStack(stack, k.name, z, k.c, k.second) : [])]
        .sort((x, y) => y.value - x.value)
        .map((w) => w.words);
      // The person's own corrections changed this label: say so first; else a rule that set it.
      // A reason that says again what an earlier one said gives its place to the next one.
      const rule = k.c === k.c0 ? rules.find((h) => h.head === k.name && h.label === k.c) : undefined;
      const lead = k.c !== k.c0 ? ["you corrected similar mail to this before"] : rule ? [rule.words] : [];
      const words = withoutRestatements([...lead, ...found]).slice(0, lead.length + 2);
      return { label: k.labels[k.c]!, words, p: k.p };
    }) as [Chosen, Chosen, Chosen];
    const category = c.label as Category;
    // Priority is what the final bucket distribution expects (`expectedPriority`), so it agrees
    // with the bucket and follows the person's corrections; its reasons are each feature's effect on it.
    const priority = expectedPriority(b.p);
    const whyFeatures = explainExpectation(
      bucketHead,
      row,
      bits,
      bag,
      a.hits,
      b.p,
      BUCKET_PRIORITIES,
      3,
      UBIQUITOUS,
      STAGE2_NAMED,
    );
    const whyByLabel = {
      bucket: b.words,
      speech_act: s.words,
      category: c.words,
      priority: whyFeatures.map((w) => `${w.words} (${w.effect} priority)`),
    };
    const why = groupWhy(
      [
        [b.label.replace("_", " "), b.words],
        [s.label, s.words],
        [c.label, c.words],
      ],
      whyFeatures,
    );
    if (a.p.injection.length > 0)
      why.push("contains text that tries to instruct an assistant; it was ignored");
    if (a.p.hiddenContentRemoved) why.push("hidden text was removed before classification");
    const extracted = extractEntities(a.p, { now: nows[r]! });
    return {
      bucket: b.label as Bucket,
      speechAct: s.label as SpeechAct,
      category,
      priority,
      why,
      whyByLabel,
      whyFeatures,
      cohortHints: cohortHints(a.hits, category),
      entities: toExtractedEntities(extracted),
      extracted,
      confidence: max(b.p),
      hiddenContentRemoved: a.p.hiddenContentRemoved,
      injectionFlag: a.p.injection,
    };
  });
}

interface Chosen {
  label: string;
  words: string[];
  p: Float32Array;
}

function max(v: Float32Array): number {
  let m = Number.NEGATIVE_INFINITY;
  for (const x of v) m = Math.max(m, x);
  return m;
}

/** Indices of the largest and second-largest entries. */
function top2(v: Float32Array): [number, number] {
  let best = 0;
  for (let k = 1; k < v.length; k++) if (v[k]! > v[best]!) best = k;
  let second = best === 0 ? 1 : 0;
  for (let k = 0; k < v.length; k++) if (k !== best && v[k]! > v[second]!) second = k;
  return [best, second];
}

const UBIQUITOUS: ReadonlySet<number> = new Set(STAGE2_SIDECAR.ubiquitous);
/** Hashed columns most training mail has: the person's corrections leave them alone (`personal.ts`). */
export const COMMON: ReadonlySet<number> = new Set(
  "common" in STAGE2_SIDECAR ? (STAGE2_SIDECAR.common as readonly number[]) : [],
);

function cohortHints(hits: RuleHit[], category: Category): string[] {
  const out = new Set<string>();
  const has = new Set(hits.map((h) => h.id));
  if (
    has.has("list_unsubscribe") ||
    has.has("list_id") ||
    has.has("bulk_precedence") ||
    category === "newsletter"
  )
    out.add("newsletters");
  if (has.has("transactional_sender") || category === "receipt" || category === "notification")
    out.add("transactional");
  if (has.has("social_sender") || category === "social") out.add("social");
  if (has.has("first_contact")) out.add("first_contact");
  return [...out];
}

function readerContext(input: Stage2Input): RuleContext {
  const r = input.reader;
  if (!r) return {};
  const sender = input.from.match(/[^\s<>"]+@[^\s<>"]+/)?.[0]?.toLowerCase();
  const contacts = new Map(sender && r.sender ? [[sender, r.sender]] : []);
  return { reader: { addresses: r.addresses.map((a) => a.toLowerCase()), contacts } };
}

function stage2Item(input: Stage2Input) {
  return {
    kind: "email" as const,
    ref: { source: "demo" as const, id: "stage2" },
    ...(input.labels ? { labels: input.labels } : {}),
  };
}

/** A minimal RFC 5322 message from metadata, so metadata-only items take the same path. */
function synthesize(input: Stage2Input): string {
  const enc = (s: string) => (/^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${base64Utf8(s)}?=`);
  const lines = [
    `From: ${enc(input.from.replace(/[\r\n]/g, " "))}`,
    `Subject: ${enc(input.subject.replace(/[\r\n]/g, " "))}`,
  ];
  if (input.to) lines.push(`To: ${enc(input.to.replace(/[\r\n]/g, " "))}`);
  if (input.cc) lines.push(`Cc: ${enc(input.cc.replace(/[\r\n]/g, " "))}`);
  if (input.date !== undefined) lines.push(`Date: ${new Date(input.date).toUTCString()}`);
  lines.push(
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: base64",
  );
  return `${lines.join("\r\n")}\r\n\r\n${base64Utf8(input.snippet ?? "")}\r\n`;
}

function base64Utf8(s: string): string {
  let bin = "";
  for (const b of new TextEncoder().encode(s)) bin += String.fromCharCode(b);
  return btoa(bin);
}

/**
 * The reasons in one list a person reads once: each phrase a single time, with the labels it
 * supports before it and its effect on priority after it, in the order the heads gave them;
 * phrases supporting the same labels share a line, so no label is named twice.
 *
 * @example groupWhy([["low priority", ["it names a deadline"]], ["request", ["it names a deadline"]]], [])
 * // ["low priority, request: it names a deadline"]
 */
export function groupWhy(
  heads: readonly (readonly [label: string, words: readonly string[]])[],
  priority: readonly { words: string; effect: string }[],
): string[] {
  const byPhrase = new Map<string, { labels: string[]; effect?: string }>();
  const entry = (phrase: string) => {
    const known = byPhrase.get(phrase);
    if (known) return known;
    const e: { labels: string[]; effect?: string } = { labels: [] };
    byPhrase.set(phrase, e);
    return e;
  };
  for (const [label, words] of heads)
    for (const w of words) {
      const e = entry(w);
      if (!e.labels.includes(label)) e.labels.push(label);
    }
  for (const f of priority) entry(f.words).effect ??= f.effect;
  // Phrases that support the same labels share one line, so a label is named once.
  const lines: { labels: string; said: string[] }[] = [];
  for (const [phrase, e] of byPhrase) {
    const said = `${phrase}${e.effect ? ` (${e.effect} priority)` : ""}`;
    const labels = e.labels.join(", ");
    const line = labels ? lines.find((l) => l.labels === labels) : undefined;
    if (line) line.said.push(said);
    else lines.push({ labels, said: [said] });
  }
  return lines.map((l) => (l.labels ? `${l.labels}: ${l.said.join("; ")}` : l.said[0]!));
}
