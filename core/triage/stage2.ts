import { z } from "zod";
import { parseInput } from "../validate.ts";
import { type Analysis, analyze } from "./analyze.ts";
import { type Entity, extractEntities, toExtractedEntities } from "./extract/extract.ts";
import { type HashingSpec, type SparseRow, toRow } from "./features/featurize.ts";
import { BUCKETS, type Bucket, CATEGORIES, type Category, SPEECH_ACTS, type SpeechAct } from "./labels.ts";
import { STAGE2_SIDECAR } from "./model/stage2-sidecar.ts";
import type { ModelOutputs, ModelRunner } from "./model-runner.ts";
import type { LinearModel } from "./onnx/linear-model.ts";
import type { InjectionReason } from "./preprocess/injection.ts";
import type { RuleHit } from "./rules/types.ts";
import { explainPriority, type WhyItem } from "./why.ts";

export const Stage2Input = z.object({
  from: z.string().max(2000),
  to: z.string().max(10_000).optional(),
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
  /** Plain-language reasons, strongest first, from the features and rules that moved priority. */
  why: string[];
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
  ctx: { runner: ModelRunner; now?: () => number };
  input: Stage2Input;
}): Promise<Stage2Result> {
  const input = parseInput(Stage2Input, args.input, "stage 2 input");
  const { runner } = args.ctx;
  let a = await analyze(
    { kind: "email", ref: { source: "demo", id: "stage2" }, raw: input.raw ?? synthesize(input) },
    STAGE2_HASHING,
    {
      explain: true,
    },
  );
  let unparseable: string | undefined;
  if (!a.ok) {
    unparseable = a.reason;
    a = await analyze(
      { kind: "email", ref: { source: "demo", id: "stage2" }, raw: synthesize(input) },
      STAGE2_HASHING,
      { explain: true },
    );
    if (!a.ok) throw new Error(`stage2: headers-only fallback failed (${a.reason})`);
  }
  const r = await stage2FromAnalysis(a, runner, args.ctx.now?.() ?? input.date ?? Date.now());
  return unparseable ? { ...r, unparseable } : r;
}

/** Stage 2 for an item already analysed with `explain: true` (tokens kept for the "why"). */
export async function stage2FromAnalysis(
  a: Extract<Analysis, { ok: true }>,
  runner: ModelRunner,
  now: number,
): Promise<Stage2Result> {
  return (await stage2FromAnalyses([a], runner, [now]))[0]!;
}

/**
 * `stage2FromAnalysis` for a batch: one `runner.run` over all rows (the weights are read once
 * per batch, and onnxruntime pays its per-call cost once); each result is the item's own.
 */
export async function stage2FromAnalyses(
  as: readonly Extract<Analysis, { ok: true }>[],
  runner: ModelRunner,
  nows: readonly number[],
): Promise<Stage2Result[]> {
  if (as.length === 0) return [];
  const rows = as.map((a) => toRow(a.bag, STAGE2_HASHING.bits));
  return stage2Results(as, rows, await runner.run(rows), runner.model, nows);
}

/** The results from the heads' outputs (synchronous: V8 optimises it sooner and cheaper than the async caller). */
function stage2Results(
  as: readonly Extract<Analysis, { ok: true }>[],
  rows: SparseRow[],
  out: ModelOutputs,
  model: LinearModel,
  nows: readonly number[],
): Stage2Result[] {
  const priorityHead = model.heads.find((h) => h.output === "priority")!;
  const slice = (name: string, r: number, width: number) => out[name]!.subarray(r * width, (r + 1) * width);
  return as.map((a, r) => {
    const row = rows[r]!;
    const bucketP = slice("bucket", r, BUCKETS.length);
    const category = CATEGORIES[argmax(slice("category", r, CATEGORIES.length))]!;
    const whyFeatures = explainPriority(priorityHead, row, STAGE2_HASHING.bits, a.bag, a.hits);
    const why = whyFeatures.map((w) => `${w.words} (${w.effect} priority)`);
    if (a.p.injection.length > 0)
      why.push("contains text that tries to instruct an assistant; it was ignored");
    if (a.p.hiddenContentRemoved) why.push("hidden text was removed before classification");
    const extracted = extractEntities(a.p, { now: nows[r]! });
    return {
      bucket: BUCKETS[argmax(bucketP)]!,
      speechAct: SPEECH_ACTS[argmax(slice("speech_act", r, SPEECH_ACTS.length))]!,
      category,
      priority: out.priority![r]!,
      why,
      whyFeatures,
      cohortHints: cohortHints(a.hits, category),
      entities: toExtractedEntities(extracted),
      extracted,
      confidence: max(bucketP),
      hiddenContentRemoved: a.p.hiddenContentRemoved,
      injectionFlag: a.p.injection,
    };
  });
}

function max(v: Float32Array): number {
  let m = Number.NEGATIVE_INFINITY;
  for (const x of v) m = Math.max(m, x);
  return m;
}

function argmax(v: Float32Array): number {
  let best = 0;
  for (let k = 1; k < v.length; k++) if (v[k]! > v[best]!) best = k;
  return best;
}

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

/** A minimal RFC 5322 message from metadata, so metadata-only items take the same path. */
function synthesize(input: Stage2Input): string {
  const enc = (s: string) => (/^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${base64Utf8(s)}?=`);
  const lines = [
    `From: ${enc(input.from.replace(/[\r\n]/g, " "))}`,
    `Subject: ${enc(input.subject.replace(/[\r\n]/g, " "))}`,
  ];
  if (input.to) lines.push(`To: ${enc(input.to.replace(/[\r\n]/g, " "))}`);
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
