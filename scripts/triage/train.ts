import { analyze } from "../../core/triage/analyze.ts";
import {
  DEFAULT_HASHING,
  type FeatureBag,
  type HashingSpec,
  type SparseRow,
  toRow,
} from "../../core/triage/features/featurize.ts";
import { fnv1a } from "../../core/triage/features/hash.ts";
import { NAMED_FEATURES, NAMED_INDEX } from "../../core/triage/features/named.ts";
import {
  STAGE2_FEATURE_GROUPS,
  STAGE2_NAMED,
  type Stage2FeatureGroup,
  stage2Bag,
} from "../../core/triage/features/stage2-features.ts";
import { BUCKETS, CATEGORIES, SPEECH_ACTS, STAGE1_LABELS } from "../../core/triage/labels.ts";
import type { Preprocessed } from "../../core/triage/preprocess/preprocess.ts";
import { registrable } from "../../core/triage/rules/sender-rules.ts";
import type { RuleContext } from "../../core/triage/rules/types.ts";
import { STACK_FLAGS, type Stack } from "../../core/triage/stack.ts";
import { type ThreatGate, threatGateOpen, threatHeadApplies } from "../../core/triage/stage1.ts";
import type { Stage2Rule } from "../../core/triage/stage2-rules.ts";
import { type WeakLabels, weakLabels } from "../../core/triage/weak-labels.ts";
import type { Degradation } from "./degrade.ts";
import { buildOnnx, type ExportHead } from "./export-onnx.ts";
import { type Constraints, fitPlatt, forward, type TrainOptions, trainLinear } from "./optimize.ts";
import { type HeadProbs, stackMatrix, trainStackHead } from "./stack-train.ts";

export const STAGE1_BITS = DEFAULT_HASHING.bits;
export const STAGE2_BITS = 13;
export const FOLDS = 5;
/**
 * The INBOX point's cost of each mistake, per class, in units of one missed bulk spam. Fixed as a
 * product decision before any selection run (rationale: `core/triage/README.md`, "The INBOX
 * point's cost"), not tuned on any data:
 * - a legitimate message called spam: 10. Mail in INBOX was already filtered by its provider; a
 *   receipt, a security alert or a colleague's mail moved to the Screener can still be found
 *   there, but is likely not seen in time (a missed flight change, a failed payment);
 * - a phishing mail missed (a credential, MFA or payment page): 20. One click and a typed
 *   password or card number lose an account or money, and that cannot be undone; a screened
 *   receipt can;
 * - a scam missed (advance fee, fake invoice, changed bank details): 5. It loses money only after
 *   a deliberate act the person takes over time (a reply, a transfer), with more chances to notice;
 * - a bulk spam missed: 1 (a glance and a delete).
 * Auto-trash is a separate, stricter point (`AUTO_TRASH_PRECISION`).
 */
export const INBOX_COST = {
  legitimateCalledSpam: 10,
  phishingMissed: 20,
  scamMissed: 5,
  spamMissed: 1,
} as const;
/**
 * The INBOX point calls at most this share of legitimate training mail spam out of fold (issue
 * 13's target for legitimate mail), whatever the cost prefers; the least cost is chosen within it.
 */
export const INBOX_MAX_LEGIT_CALLED_SPAM = 0.01;
/** A legitimate message called spam costs this many missed bulk spams (`INBOX_COST`). */
export const COST_FP_OVER_FN = INBOX_COST.legitimateCalledSpam;
/**
 * What missing this spam costs at the INBOX point: by its hand-labelled threat on modern mail;
 * unlabelled (2002) spam counts as bulk spam.
 */
export function missCost(e: Pick<Example, "hand">): number {
  const threat = e.hand?.threat;
  return threat === "phishing"
    ? INBOX_COST.phishingMissed
    : threat === "scam"
      ? INBOX_COST.scamMissed
      : INBOX_COST.spamMissed;
}
/** Auto-trash acts only above a score whose out-of-fold precision on training mail is at least this. */
export const AUTO_TRASH_PRECISION = 0.995;
/** Features whose meaning changed since 2002; kept only when cross-validation says they help. */
export const LEGACY_FEATURES = ["has_html", "html_only", "money"] as const;
/** Safety signals: they may only raise the spam score (weights constrained ≥ 0). */
export const RAISE_ONLY = [
  "rule:injection_attempt",
  "rule:hidden_content",
  "rule:auth_spf_fail",
  "rule:auth_dkim_fail",
  "rule:auth_dmarc_fail",
  "rule:punycode_domain",
  "rule:homoglyph_domain",
  "rule:display_name_mismatch",
  // Phishing signals that can only mean risk (the wording ones stay free: real alerts use it too).
  "brand_name_unaligned",
  "brand_subject_unaligned",
  "brand_domain_lookalike",
  "sender_domain_combo",
  "link_brand_lookalike",
  "freemail_org_name",
  "auth_dmarc_not_pass",
  "auth_spf_weak",
  "link_ip_or_userinfo",
  "link_shortener",
  "risky_attachment",
  "credential_ask_unverified",
  "payment_ask_unverified",
  "known_org_lookalike",
] as const;
/** A feature present in at least this share of training rows is never given as a reason. */
export const UBIQUITOUS_SHARE = 0.9;
/**
 * A hashed stage-2 column set in at least this share of the training rows is too common to
 * carry a correction (stop 29: one correction of a colleague's meeting note to urgent made a
 * newsletter urgent through "the", "is sent as text/plain" and the like). Fixed, not fitted.
 */
export const COMMON_SHARE = 0.1;

export interface Stage1Choice extends TrainOptions {
  /** "balanced": spam and ham weigh the same in total; 1: every message weighs the same. */
  spamWeight: "balanced" | 1;
  /** Legacy features left out (weights held at zero). */
  dropped: string[];
}
export interface Stage2Choice extends TrainOptions {
  /** Class weights ∝ frequency^-power (0: none, 0.5: square root, 1: balanced). */
  classPower: number;
  /** Stage-2-only input groups (`features/stage2-features.ts`). */
  features?: Stage2FeatureGroup[];
  /**
   * Added to the urgent logit of the bucket head (a missed urgent message costs more than a
   * false alarm); chosen on grouped out-of-fold predictions, folded into the exported bias.
   */
  urgentShift?: number;
  /**
   * Heads re-read by the second layer (`core/triage/stack.ts`) and its L2 and class weighting,
   * when cross-validation preferred it; fitted on grouped out-of-fold probabilities.
   */
  stack?: Partial<Record<"bucket" | "speech_act" | "category", { l2: number; classPower: number }>>;
  /** Per-head L2 and class weighting when cross-validation preferred different ones per head. */
  heads?: Partial<Record<"bucket" | "speech_act" | "category", { l2: number; classPower: number }>>;
  /** Rules combined with the heads (`core/triage/stage2-rules.ts`), kept when CV preferred them. */
  rules?: Stage2Rule[];
  /**
   * Copies of the training mail as the CLI sees it (`degrade.ts`: no reader, no Gmail labels;
   * `bare` also no receiving-server stamps) trained on beside the originals, when CV preferred it.
   */
  degraded?: Degradation[];
}
/**
 * The modern threat head: a second spam/phishing/scam model trained on the modern corpus's
 * training mail only (class-balanced, same features, raise-only and dropped columns as stage 1),
 * with its own threshold at the same cost ratio from grouped-by-organisation CV on that mail.
 */
export type ThreatChoice = TrainOptions & {
  /** What else a message must carry before the head may speak (`threatGateOpen`); absent: `none`. */
  gate?: ThreatGate;
};
export interface Choices {
  stage1: Stage1Choice;
  stage2: Stage2Choice;
  /** Absent: no threat head (stage 1 alone decides). */
  threat?: ThreatChoice;
  /**
   * The raw-feed head: a model trained on unfiltered training mail only (SpamAssassin's training
   * groups), deciding at the raw-feed operating point. Absent: the spam head decides there too.
   */
  raw?: RawChoice;
}
/** The raw-feed head's options: stage-1 training options with its own class weighting. */
export type RawChoice = TrainOptions & { spamWeight: "balanced" | 1 };

/** The raw-feed head's training options as a stage-1 choice (stage 1's dropped columns). */
export function rawAsStage1(raw: RawChoice, stage1: Stage1Choice): Stage1Choice {
  return {
    iterations: raw.iterations,
    learningRate: raw.learningRate,
    l2: raw.l2,
    spamWeight: raw.spamWeight,
    dropped: stage1.dropped,
  };
}
export const DEFAULT_CHOICES: Choices = {
  stage1: { iterations: 600, learningRate: 0.1, l2: 1e-6, spamWeight: "balanced", dropped: [] },
  stage2: {
    iterations: 200,
    learningRate: 0.05,
    l2: 1e-5,
    classPower: 0.5,
    features: [...STAGE2_FEATURE_GROUPS],
    urgentShift: 0,
  },
};

/** The threat head's training options as a stage-1 choice: balanced classes, stage 1's dropped columns. */
export function threatAsStage1(threat: ThreatChoice, stage1: Stage1Choice): Stage1Choice {
  const { gate: _gate, ...options } = threat;
  return { ...options, spamWeight: "balanced", dropped: stage1.dropped };
}

/** The hand labels of the modern corpus (stage-2 heads). */
export interface HandLabels {
  bucket: (typeof BUCKETS)[number];
  speechAct: (typeof SPEECH_ACTS)[number];
  category: (typeof CATEGORIES)[number];
  urgent: boolean;
  threat: string;
}

/** One message to train on, with what the device would know about its reader. */
export interface TrainMessage {
  id: string;
  /** Corpus group (SpamAssassin group or `modern:<org>`). */
  group: string;
  text: string;
  spam: boolean;
  labels?: string[];
  rules?: RuleContext;
  hand?: HandLabels;
}

export interface Example {
  id: string;
  group: string;
  /** Cross-validation group: the sender organisation. */
  org: string;
  spam: boolean;
  bag: FeatureBag;
  /** Kept for the stage-2-only inputs, which are built per feature-group choice. */
  p: Preprocessed;
  weak: WeakLabels;
  hand?: HandLabels;
  /** Carries the receiving server's Authentication-Results (where the threat head applies). */
  receivingAuth: boolean;
}

export interface Artifacts {
  stage1Onnx: Uint8Array;
  stage1Sidecar: Record<string, unknown>;
  stage2Onnx: Uint8Array;
  stage2Sidecar: Record<string, unknown>;
}

/** Preprocesses, rules and featurises the messages (unparseable ones are skipped). */
export async function prepareExamples(
  messages: TrainMessage[],
  hashing: HashingSpec = DEFAULT_HASHING,
): Promise<Example[]> {
  const out: Example[] = [];
  for (const m of messages) {
    const item = {
      kind: "email" as const,
      ref: { source: "demo" as const, id: m.id.slice(-256) },
      raw: m.text,
      ...(m.labels ? { labels: m.labels } : {}),
    };
    const a = await analyze(item, hashing, m.rules ? { rules: m.rules } : {});
    if (!a.ok) continue;
    // Modern mail is grouped by the corpus's org; 2002 mail by the sender's organisation.
    const org = m.group.startsWith("modern:") ? m.group : `sa:${registrable(a.p.from.domain || "none")}`;
    out.push({
      id: m.id,
      group: m.group,
      org,
      spam: m.spam,
      bag: a.bag,
      p: a.p,
      weak: weakLabels(a.p, a.hits, m.spam),
      ...(m.hand ? { hand: m.hand } : {}),
      receivingAuth: threatHeadApplies(a.p, m.rules),
    });
  }
  return out;
}

/** The fold of an example: a hash of its organisation, so no organisation is in two folds. */
export function foldOf(e: Example, folds = FOLDS): number {
  return (fnv1a(e.org, 0x5c0075) >>> 0) % folds;
}

const namedCol = (bits: number, name: string) => (1 << bits) + NAMED_INDEX.get(name)!;

export function stage1Constraints(choice: Stage1Choice): Constraints {
  return {
    zero: choice.dropped.map((n) => namedCol(STAGE1_BITS, n)),
    nonNegative: RAISE_ONLY.map((n) => namedCol(STAGE1_BITS, n)),
  };
}

export function stage1Weights(examples: Example[], choice: Stage1Choice): Float64Array {
  const nSpam = examples.filter((e) => e.spam).length;
  const w = choice.spamWeight === "balanced" && nSpam > 0 ? (examples.length - nSpam) / nSpam : 1;
  return Float64Array.from(examples, (e) => (e.spam ? w : 1));
}

/** Out-of-fold spam logits (grouped folds), for calibration and thresholds. */
export function stage1OutOfFold(rows: SparseRow[], examples: Example[], choice: Stage1Choice): number[] {
  const y = Float64Array.from(examples, (e) => (e.spam ? 1 : 0));
  const w = stage1Weights(examples, choice);
  const out: number[] = new Array(examples.length).fill(0);
  const folds = examples.map((e) => foldOf(e));
  for (let f = 0; f < FOLDS; f++) {
    const tr = folds.flatMap((g, i) => (g === f ? [] : [i]));
    if (tr.length === examples.length) continue;
    const m = trainLinear(
      tr.map((i) => rows[i]!),
      Float64Array.from(tr, (i) => y[i]!),
      1,
      "sigmoid",
      choice,
      Float64Array.from(tr, (i) => w[i]!),
      stage1Constraints(choice),
    );
    folds.forEach((g, i) => {
      if (g === f) out[i] = logit(m.weights, m.bias, rows[i]!);
    });
  }
  return out;
}

/**
 * The decision threshold with the least cost (COST_FP_OVER_FN per legitimate message called
 * spam; `missCosts[i]` per spam missed, 1 when absent) on out-of-fold probabilities, among the
 * thresholds that call at most `maxHamRate` of the legitimate messages spam (when none does, the
 * one that calls the fewest), and the lowest auto-trash threshold whose out-of-fold precision is
 * ≥ AUTO_TRASH_PRECISION (ties broken toward higher thresholds).
 */
export function chooseThresholds(
  p: number[],
  spam: boolean[],
  missCosts?: readonly number[],
  maxHamRate = 1,
): { threshold: number; cost: number; autoTrash: number } {
  if (missCosts && missCosts.length !== p.length)
    throw new Error(`chooseThresholds: ${missCosts.length} miss costs for ${p.length} scores`);
  const nHam = spam.filter((s) => !s).length;
  const grid = Array.from({ length: 99 }, (_, i) => (i + 1) / 100);
  let best = { threshold: 0.5, cost: Number.POSITIVE_INFINITY, fp: Number.POSITIVE_INFINITY };
  let autoTrash = 1;
  for (const t of grid) {
    let fp = 0;
    let missed = 0;
    let tp = 0;
    p.forEach((x, i) => {
      if (x >= t && !spam[i]) fp++;
      else if (x >= t) tp++;
      else if (spam[i]) missed += missCosts?.[i] ?? 1;
    });
    const cost = COST_FP_OVER_FN * fp + missed;
    const allowed = fp <= maxHamRate * nHam;
    const bestAllowed = best.fp <= maxHamRate * nHam;
    if (allowed ? !bestAllowed || cost <= best.cost : !bestAllowed && fp <= best.fp)
      best = { threshold: t, cost, fp };
    if (autoTrash === 1 && tp >= 20 && tp / (tp + fp) >= AUTO_TRASH_PRECISION) autoTrash = t;
  }
  return { threshold: best.threshold, cost: best.cost, autoTrash };
}

/**
 * The raw feed's cost is symmetric between the classes, whatever their shares in the training
 * sample: each ham counts `nSpam / nHam` (the two classes weigh the same in total, as in the
 * model's own `balanced` weighting and its Platt fit). A raw feed's spam share is a property of
 * the feed, not of the mail it was trained on: SpamAssassin's training groups are 15 % spam only
 * because of which groups were put there, and an F1 on that mix sets its threshold where a
 * handful of commercial ham stops scoring high, which on a feed where spam is common misses spam.
 */
export function rawFeedHamWeight(spam: readonly boolean[]): number {
  const nSpam = spam.filter(Boolean).length;
  const nHam = spam.length - nSpam;
  return nSpam > 0 && nHam > 0 ? nSpam / nHam : 1;
}

/**
 * The raw-feed operating point: the threshold with the best spam F1 on out-of-fold
 * probabilities of unfiltered mail, each ham weighing `hamWeight` (`rawFeedHamWeight`: the
 * classes weigh the same; 1: the sample's own mix), ties broken toward the higher threshold.
 * `f1` is that weighted F1; `sampleF1` the plain F1 on the sample at the same threshold.
 */
export function chooseF1Threshold(
  p: number[],
  spam: boolean[],
  hamWeight = 1,
): { threshold: number; f1: number; sampleF1: number } {
  if (!(hamWeight > 0)) throw new Error(`chooseF1Threshold: ham weight ${hamWeight} is not positive`);
  let best = { threshold: 0.5, f1: -1, sampleF1: 0 };
  for (let k = 1; k < 100; k++) {
    const t = k / 100;
    let tp = 0;
    let fp = 0;
    let fn = 0;
    p.forEach((x, i) => {
      if (x >= t && spam[i]) tp++;
      else if (x >= t) fp++;
      else if (spam[i]) fn++;
    });
    const f = tp === 0 ? 0 : (2 * tp) / (2 * tp + hamWeight * fp + fn);
    if (f >= best.f1) best = { threshold: t, f1: f, sampleF1: tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn) };
  }
  return best;
}

/**
 * Stage 1's two operating points from out-of-fold probabilities, each on the mail of its
 * regime: INBOX (provider-filtered: the modern corpus, least `INBOX_COST`) and raw feed
 * (unfiltered: SpamAssassin's 2002 groups, best class-balanced F1). Without mail of one regime, all mail
 * stands in for it. Auto-trash is chosen on all training mail.
 */
export function chooseOperatingPoints(pOof: number[], examples: Example[]) {
  const pick = (keep: (e: Example) => boolean) => {
    const idx = examples.flatMap((e, i) => (keep(e) ? [i] : []));
    const use = idx.length > 0 && idx.some((i) => examples[i]!.spam) ? idx : examples.map((_e, i) => i);
    return {
      p: use.map((i) => pOof[i]!),
      spam: use.map((i) => examples[i]!.spam),
      missCosts: use.map((i) => missCost(examples[i]!)),
      n: use.length,
    };
  };
  const inboxMail = pick((e) => !!e.hand);
  const rawMail = pick((e) => !e.hand);
  const inbox = chooseThresholds(
    inboxMail.p,
    inboxMail.spam,
    inboxMail.missCosts,
    INBOX_MAX_LEGIT_CALLED_SPAM,
  );
  const raw = chooseF1Threshold(rawMail.p, rawMail.spam, rawFeedHamWeight(rawMail.spam));
  const all = chooseThresholds(
    pOof,
    examples.map((e) => e.spam),
  );
  return {
    inbox: { threshold: inbox.threshold, outOfFoldCost: inbox.cost, messages: inboxMail.n },
    rawFeed: {
      threshold: raw.threshold,
      outOfFoldF1: raw.f1,
      outOfFoldSampleF1: raw.sampleF1,
      messages: rawMail.n,
    },
    autoTrash: all.autoTrash,
  };
}

/** The stage-2 rows of `examples` with the chosen input groups. */
export function stage2Rows(examples: Example[], features: readonly Stage2FeatureGroup[] = []): SparseRow[] {
  return examples.map((e) => toRow(stage2Bag(e.p, e.bag, features, DEFAULT_HASHING.seed), STAGE2_BITS));
}

/** Rows with each stage-2 label index, or -1 when the example has no label for that head. */
function stage2Targets(examples: Example[], useHand: boolean) {
  const idx = <T extends string>(labels: readonly T[], v: T) => labels.indexOf(v);
  return {
    bucket: examples.map((e) => idx(BUCKETS, useHand ? e.hand!.bucket : e.weak.bucket)),
    speech_act: examples.map((e) => idx(SPEECH_ACTS, useHand ? e.hand!.speechAct : e.weak.speechAct)),
    category: examples.map((e) => idx(CATEGORIES, useHand ? e.hand!.category : e.weak.category)),
  };
}

export const STAGE2_HEADS = [
  ["bucket", BUCKETS],
  ["speech_act", SPEECH_ACTS],
  ["category", CATEGORIES],
] as const;

/**
 * Trains the three softmax heads on `rows` (class weights per `choice`). Priority has no head of
 * its own: it is the expectation of the bucket distribution (`expectedPriority` in labels.ts).
 */
export function trainStage2Heads(
  rows: SparseRow[],
  targets: ReturnType<typeof stage2Targets>,
  choice: Stage2Choice,
): ExportHead[] {
  const heads: ExportHead[] = [];
  for (const [output, labels] of STAGE2_HEADS) {
    const width = labels.length;
    const gold = targets[output];
    const y = new Float64Array(rows.length * width);
    gold.forEach((g, r) => {
      y[r * width + g] = 1;
    });
    const counts = new Array(width).fill(0);
    for (const g of gold) counts[g]++;
    const own = { ...choice, ...choice.heads?.[output] };
    const sw = Float64Array.from(gold, (g) =>
      counts[g] > 0 ? (rows.length / counts[g]) ** own.classPower : 1,
    );
    const m = trainLinear(rows, y, width, "softmax", own, sw);
    const urgent = BUCKETS.indexOf("urgent");
    if (output === "bucket") m.bias[urgent] = m.bias[urgent]! + (choice.urgentShift ?? 0);
    heads.push({
      output,
      activation: "softmax",
      weights: Float32Array.from(m.weights),
      bias: Float32Array.from(m.bias),
      width,
    });
  }
  return heads;
}

/** Stage-2 targets: hand labels when every example has them, else the weak labels. */
export function stage2TargetsFor(examples: Example[]) {
  const useHand = examples.length > 0 && examples.every((e) => e.hand);
  return { useHand, targets: stage2Targets(examples, useHand) };
}

/** Columns set in at least UBIQUITOUS_SHARE of the rows: never a reason in "why". */
export function ubiquitousColumns(rows: SparseRow[], share = UBIQUITOUS_SHARE): number[] {
  const df = new Map<number, number>();
  for (const r of rows) for (const i of r.indices) df.set(i, (df.get(i) ?? 0) + 1);
  return [...df]
    .filter(([, n]) => n >= share * rows.length)
    .map(([i]) => i)
    .sort((a, b) => a - b);
}

/**
 * Trains stage 1 (spam vs relevant on `stage1Examples`: cost-sensitive threshold and Platt
 * calibration from grouped out-of-fold logits, safety weights ≥ 0) and the stage-2 heads (on
 * `stage2Examples`' hand labels), and exports both as ONNX plus sidecars. A pure function of
 * its inputs: byte-identical output for identical input.
 */
export function trainArtifacts(
  stage1Examples: Example[],
  stage2Examples: Example[],
  provenance: { stage1: string[]; stage2: string[] },
  choices: Choices = DEFAULT_CHOICES,
  hashing: HashingSpec = DEFAULT_HASHING,
): Artifacts {
  const c1 = choices.stage1;
  const rows1 = stage1Examples.map((e) => toRow(e.bag, STAGE1_BITS));
  const y1 = Float64Array.from(stage1Examples, (e) => (e.spam ? 1 : 0));
  const w1 = stage1Weights(stage1Examples, c1);
  const oof = stage1OutOfFold(rows1, stage1Examples, c1);
  const platt = fitPlatt(oof, [...y1], [...w1]);
  const pOof = oof.map((z) => 1 / (1 + Math.exp(-(platt.a * z + platt.c))));
  const spam = stage1Examples.map((e) => e.spam);
  const points = chooseOperatingPoints(pOof, stage1Examples);
  const thresholds = { ...points.inbox, autoTrash: points.autoTrash, cost: points.inbox.outOfFoldCost };
  const full = trainLinear(rows1, y1, 1, "sigmoid", c1, w1, stage1Constraints(c1));
  const dim1 = rows1[0]!.dim;
  // Two-column softmax over [0, a·z + c] equals the calibrated sigmoid: column 0 stays zero.
  const W1 = new Float32Array(dim1 * 2);
  for (let i = 0; i < dim1; i++) W1[i * 2 + 1] = platt.a * full.weights[i]!;
  const B1 = Float32Array.from([0, platt.a * full.bias[0]! + platt.c]);
  const raw = choices.raw ? trainRawHead(stage1Examples, rows1, rawAsStage1(choices.raw, c1)) : undefined;
  const threat = choices.threat
    ? trainThreatHead(stage1Examples, rows1, threatAsStage1(choices.threat, c1), choices.threat.gate)
    : undefined;
  const stage1Onnx = buildOnnx(
    "features",
    dim1,
    [
      { output: "spam", activation: "softmax", weights: W1, bias: B1, width: 2 },
      ...(threat ? [threat.head] : []),
      ...(raw ? [raw.head] : []),
    ],
    threat
      ? "Scouts stage 1: relevant vs spam, and the modern threat head"
      : "Scouts stage 1: relevant vs spam",
  );
  const atThreshold = pOof.map((p) => p >= thresholds.threshold);

  const rows2 = stage2Rows(stage2Examples, choices.stage2.features);
  const dim2 = rows2[0]!.dim;
  const { useHand, targets } = stage2TargetsFor(stage2Examples);
  const stack = trainStack(stage2Examples, rows2, targets, choices.stage2);
  // With a stacked bucket, the urgent shift belongs after the layer (where CV chose it).
  const heads = trainStage2Heads(
    rows2,
    targets,
    stack?.heads.bucket ? { ...choices.stage2, urgentShift: 0 } : choices.stage2,
  );
  const stage2Onnx = buildOnnx("features", dim2, heads, "Scouts stage 2: bucket, speech act, category");
  const agreement: Record<string, number> = {};
  for (const [output, , k] of STAGE2_HEADS.map(([o, l], k) => [o, l, k] as const))
    agreement[output] = trainingAgreement(rows2, heads[k]!, targets[output]);

  const counts = (ex: Example[]) => ({
    messages: ex.length,
    spam: ex.filter((e) => e.spam).length,
    ham: ex.filter((e) => !e.spam).length,
  });
  const common = {
    format: "scouts-triage-model/2",
    input: "features",
    namedFeatures: NAMED_FEATURES.map((f) => f.name),
  };
  return {
    stage1Onnx,
    stage1Sidecar: {
      ...common,
      model: "stage1",
      onnx: "stage1.onnx",
      hashing: { ...hashing, bits: STAGE1_BITS },
      dim: dim1,
      outputs: [{ name: "spam", activation: "softmax", labels: STAGE1_LABELS }],
      threshold: thresholds.threshold,
      operatingPoints: {
        inbox: {
          threshold: points.inbox.threshold,
          objective: `least cost: legitimate called spam ${INBOX_COST.legitimateCalledSpam}, phishing missed ${INBOX_COST.phishingMissed}, scam missed ${INBOX_COST.scamMissed}, bulk spam missed ${INBOX_COST.spamMissed}`,
          chosenOn: "out-of-fold scores of provider-filtered training mail (modern train + dev)",
          messages: points.inbox.messages,
          outOfFoldCost: points.inbox.outOfFoldCost,
        },
        rawFeed: raw
          ? {
              threshold: raw.threshold,
              head: "raw",
              objective: "best class-balanced spam F1 (each ham weighs nSpam / nHam)",
              chosenOn:
                "out-of-fold scores of the raw head on unfiltered training mail (SpamAssassin's training groups)",
              messages: raw.messages,
              outOfFoldF1: raw.outOfFoldF1,
              outOfFoldSampleF1: raw.outOfFoldSampleF1,
            }
          : {
              threshold: points.rawFeed.threshold,
              objective: "best class-balanced spam F1 (each ham weighs nSpam / nHam)",
              chosenOn: "out-of-fold scores of unfiltered training mail (SpamAssassin's training groups)",
              messages: points.rawFeed.messages,
              outOfFoldF1: points.rawFeed.outOfFoldF1,
              outOfFoldSampleF1: points.rawFeed.outOfFoldSampleF1,
            },
      },
      autoTrashThreshold: thresholds.autoTrash,
      costRatio: COST_FP_OVER_FN,
      inboxCost: { ...INBOX_COST },
      calibration: {
        method: "platt",
        folds: FOLDS,
        grouping: "sender organisation",
        a: platt.a,
        c: platt.c,
        outOfFoldSpamF1: f1(atThreshold, spam),
        outOfFoldCost: thresholds.cost,
      },
      ...(threat ? { threat: threat.sidecar } : {}),
      raiseOnly: [...RAISE_ONLY],
      ubiquitous: ubiquitousColumns(rows1),
      training: { sources: provenance.stage1, counts: counts(stage1Examples), ...c1 },
    },
    stage2Onnx,
    stage2Sidecar: {
      ...common,
      model: "stage2",
      onnx: "stage2.onnx",
      namedFeatures: STAGE2_NAMED.map((f) => f.name),
      features: choices.stage2.features ?? [],
      rules: choices.stage2.rules ?? [],
      hashing: { ...hashing, bits: STAGE2_BITS },
      dim: dim2,
      outputs: [
        { name: "bucket", activation: "softmax", labels: BUCKETS },
        { name: "speech_act", activation: "softmax", labels: SPEECH_ACTS },
        { name: "category", activation: "softmax", labels: CATEGORIES },
      ],
      labelSource: useHand
        ? "hand labels of corpus/modern (train and dev splits)"
        : "weak supervision from core/triage/weak-labels.ts (no modern corpus present)",
      trainingAgreement: agreement,
      stack: stack ?? { flags: [], heads: {} },
      ubiquitous: ubiquitousColumns(rows2),
      // Hashed columns too common to say what a correction was about ("the", "is sent as
      // text/plain"): the person's layer leaves them alone (`personal.ts`).
      common: ubiquitousColumns(rows2, COMMON_SHARE).filter((i) => i < 1 << STAGE2_BITS),
      training: { sources: provenance.stage2, counts: counts(stage2Examples), ...choices.stage2 },
    },
  };
}

/**
 * The second layer (`core/triage/stack.ts`) for the heads `choice.stack` names: fitted on the
 * grouped out-of-fold probabilities of the heads (each fold's heads trained without it), in
 * label order; the urgent shift goes into the stacked bucket's bias. Undefined when none.
 */
export function trainStack(
  examples: Example[],
  rows: SparseRow[],
  targets: ReturnType<typeof stage2Targets>,
  choice: Stage2Choice,
): Stack | undefined {
  const wanted = STAGE2_HEADS.filter(([name]) => choice.stack?.[name]);
  if (wanted.length === 0) return undefined;
  const probs: Record<string, Float64Array>[] = rows.map(() => ({}));
  const folds = examples.map((e) => foldOf(e));
  for (let f = 0; f < FOLDS; f++) {
    const tr = folds.flatMap((g, i) => (g === f ? [] : [i]));
    const pick = <T>(xs: T[]) => tr.map((i) => xs[i]!);
    const heads = trainStage2Heads(
      pick(rows),
      {
        bucket: pick(targets.bucket),
        speech_act: pick(targets.speech_act),
        category: pick(targets.category),
      },
      { ...choice, urgentShift: 0 },
    );
    folds.forEach((g, i) => {
      if (g !== f) return;
      STAGE2_HEADS.forEach(([name], k) => {
        const h = heads[k]!;
        probs[i]![name] = forward(
          Float64Array.from(h.weights),
          Float64Array.from(h.bias),
          rows[i]!,
          h.width,
          "softmax",
        );
      });
    });
  }
  const z = stackMatrix(STACK_FLAGS, probs as unknown as HeadProbs[], rows, STAGE2_BITS);
  const stack: Stack = { flags: [...STACK_FLAGS], heads: {} };
  for (const [name] of wanted) {
    const head = trainStackHead(
      name,
      z,
      probs.map((p) => p[name]!),
      targets[name],
      choice.stack![name]!,
    );
    if (name === "bucket") {
      const u = BUCKETS.indexOf("urgent");
      const bias = [...head.bias];
      bias[u] = Math.fround(bias[u]! + (choice.urgentShift ?? 0));
      stack.heads[name] = { weights: head.weights, bias };
    } else stack.heads[name] = head;
  }
  return stack;
}

/**
 * The modern threat head on the modern rows of `examples` (those with hand labels): Platt
 * calibration and the least-cost threshold from grouped out-of-fold logits on that mail only,
 * then the full fit, exported as a two-column softmax like stage 1. Undefined without both
 * classes of modern mail.
 */
export function trainThreatHead(
  examples: Example[],
  rows: SparseRow[],
  choice: Stage1Choice,
  gate: ThreatGate = "none",
): { head: ExportHead; sidecar: Record<string, unknown> } | undefined {
  const idx = examples.flatMap((e, i) => (e.hand ? [i] : []));
  const ex = idx.map((i) => examples[i]!);
  const nSpam = ex.filter((e) => e.spam).length;
  if (nSpam === 0 || nSpam === ex.length) return undefined;
  const r = idx.map((i) => rows[i]!);
  const y = Float64Array.from(ex, (e) => (e.spam ? 1 : 0));
  const w = stage1Weights(ex, choice);
  const oof = stage1OutOfFold(r, ex, choice);
  const platt = fitPlatt(oof, [...y], [...w]);
  const p = oof.map((z) => 1 / (1 + Math.exp(-(platt.a * z + platt.c))));
  // The threshold is the least cost of the gated head: a message the gate keeps closed is never
  // called spam by the head, whatever its score.
  const t = chooseThresholds(
    gatedScores(p, ex, gate),
    ex.map((e) => e.spam),
    ex.map(missCost),
    INBOX_MAX_LEGIT_CALLED_SPAM,
  );
  const full = trainLinear(r, y, 1, "sigmoid", choice, w, stage1Constraints(choice));
  const dim = rows[0]!.dim;
  const W = new Float32Array(dim * 2);
  for (let i = 0; i < dim; i++) W[i * 2 + 1] = platt.a * full.weights[i]!;
  const B = Float32Array.from([0, platt.a * full.bias[0]! + platt.c]);
  return {
    head: { output: "threat", activation: "softmax", weights: W, bias: B, width: 2 },
    sidecar: {
      threshold: t.threshold,
      gate,
      calibration: { method: "platt", folds: FOLDS, grouping: "sender organisation", a: platt.a, c: platt.c },
      outOfFoldCost: t.cost,
      training: {
        sources: "modern corpus train and dev splits",
        messages: ex.length,
        spam: nSpam,
        ...choice,
      },
    },
  };
}

/**
 * The raw-feed head on the unfiltered rows of `examples` (those without hand labels): Platt
 * calibrated on its grouped out-of-fold logits (folded into the exported weights), its threshold
 * the best class-balanced spam F1 on those probabilities (`rawFeedHamWeight`).
 */
export function trainRawHead(
  examples: Example[],
  rows: SparseRow[],
  choice: Stage1Choice,
):
  | { head: ExportHead; threshold: number; outOfFoldF1: number; outOfFoldSampleF1: number; messages: number }
  | undefined {
  const idx = examples.flatMap((e, i) => (e.hand ? [] : [i]));
  const ex = idx.map((i) => examples[i]!);
  const nSpam = ex.filter((e) => e.spam).length;
  if (nSpam === 0 || nSpam === ex.length) return undefined;
  const r = idx.map((i) => rows[i]!);
  const fit = rawHeadOutOfFold(r, ex, choice);
  const full = trainLinear(
    r,
    Float64Array.from(ex, (e) => (e.spam ? 1 : 0)),
    1,
    "sigmoid",
    choice,
    stage1Weights(ex, choice),
    stage1Constraints(choice),
  );
  const dim = rows[0]!.dim;
  const W = new Float32Array(dim * 2);
  for (let i = 0; i < dim; i++) W[i * 2 + 1] = fit.platt.a * full.weights[i]!;
  const B = Float32Array.from([0, fit.platt.a * full.bias[0]! + fit.platt.c]);
  return {
    head: { output: "raw", activation: "softmax", weights: W, bias: B, width: 2 },
    threshold: fit.threshold,
    outOfFoldF1: fit.f1,
    outOfFoldSampleF1: fit.sampleF1,
    messages: ex.length,
  };
}

/** Grouped out-of-fold probabilities of a raw-feed head on `examples`, its Platt fit and best-F1 threshold. */
export function rawHeadOutOfFold(rows: SparseRow[], examples: Example[], choice: Stage1Choice) {
  const oof = stage1OutOfFold(rows, examples, choice);
  const y = examples.map((e) => (e.spam ? 1 : 0));
  const platt = fitPlatt(oof, y, [...stage1Weights(examples, choice)]);
  const p = oof.map((z) => 1 / (1 + Math.exp(-(platt.a * z + platt.c))));
  const spam = examples.map((e) => e.spam);
  const t = chooseF1Threshold(p, spam, rawFeedHamWeight(spam));
  return { p, platt, threshold: t.threshold, f1: t.f1, sampleF1: t.sampleF1 };
}

/** The head's scores where `gate` is open, 0 where it is closed (the head cannot speak there). */
export function gatedScores(p: readonly number[], examples: readonly Example[], gate: ThreatGate): number[] {
  return p.map((x, i) => (threatGateOpen(gate, examples[i]!.bag.named) ? x : 0));
}

function logit(W: Float64Array, b: Float64Array, row: SparseRow): number {
  let z = b[0]!;
  for (let j = 0; j < row.indices.length; j++) z += row.values[j]! * W[row.indices[j]!]!;
  return z;
}

/** Share of rows whose argmax under `head` is the gold label. */
export function trainingAgreement(rows: SparseRow[], head: ExportHead, gold: number[]): number {
  let ok = 0;
  const W = Float64Array.from(head.weights);
  const b = Float64Array.from(head.bias);
  rows.forEach((row, r) => {
    const p = forward(W, b, row, head.width, "softmax");
    let best = 0;
    for (let k = 1; k < head.width; k++) if (p[k]! > p[best]!) best = k;
    if (best === gold[r]) ok++;
  });
  return Math.round((ok / (rows.length || 1)) * 10000) / 10000;
}

function f1(pred: boolean[], gold: boolean[]): number {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  pred.forEach((p, i) => {
    if (p && gold[i]) tp++;
    else if (p) fp++;
    else if (gold[i]) fn++;
  });
  return Math.round(((2 * tp) / (2 * tp + fp + fn || 1)) * 10000) / 10000;
}
