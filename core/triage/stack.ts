import type { SparseRow } from "./features/featurize.ts";
import { STAGE2_NAMED } from "./features/stage2-features.ts";
import type { ModelOutputs } from "./model-runner.ts";
import { PERSONAL_HEADS, type PersonalHead } from "./personal.ts";

/**
 * The heads' second layer (hierarchy between heads): a head's label is re-read from every
 * head's probabilities ("a request from a person in To is actionable", "a receipt is
 * delivered") and a few named signals of who sent it and to whom. Logits are
 * log p_own + W·z + b, so a zero layer changes nothing; it runs after the model in plain TS,
 * so the three runtimes (which only run the ONNX) agree by construction.
 */
export interface StackHead {
  /** Row-major [labels × inputs]. */
  weights: readonly number[];
  bias: readonly number[];
}
export interface Stack {
  /** Named stage-2 signals read besides the heads' log-probabilities (`STAGE2_NAMED` names). */
  flags: readonly string[];
  heads: Partial<Record<PersonalHead, StackHead>>;
}

/** The heads whose probabilities feed the layer, in input order. */
export const STACK_SOURCES: readonly PersonalHead[] = ["bucket", "speech_act", "category"];
/** Who sent it, to whom, and how: what decides a bucket beyond the words. */
export const STACK_FLAGS: readonly string[] = [
  "s2:sender_noreply",
  "s2:sender_role",
  "s2:sender_person",
  "s2:calendar_request",
  "s2:calendar_cancel",
  "reader_to",
  "reader_cc",
  "reader_not_addressed",
  "sender_wrote_to",
  "sender_replied_to",
  "sender_same_org",
  "urgency_words",
  "s2:cue_deadline",
  "s2:lead_question",
  "one_click_unsubscribe",
  "bulk_esp",
  "auto_submitted",
  "rule:list_id",
  "in_reply_to",
  "gmail:important",
];
/** Log-probabilities are floored here so a confident head cannot swamp the layer. */
const LOG_FLOOR = Math.log(1e-4);
const NAMED_AT = new Map(STAGE2_NAMED.map((f, i) => [f.name, i]));

/** Number of layer inputs for `flags`. */
export function stackWidth(flags: readonly string[]): number {
  let n = flags.length;
  for (const h of STACK_SOURCES) n += PERSONAL_HEADS[h].length;
  return n;
}

/** The layer's inputs for row `r` of `out`: every head's floored log-probabilities, then the flags. */
export function stackInputs(
  flags: readonly string[],
  out: Readonly<Record<string, ArrayLike<number>>>,
  r: number,
  row: SparseRow,
  bits: number,
): Float64Array {
  const z = new Float64Array(stackWidth(flags));
  let j = 0;
  for (const h of STACK_SOURCES) {
    const w = PERSONAL_HEADS[h].length;
    const p = out[h]!;
    for (let k = 0; k < w; k++) z[j++] = Math.max(Math.log(Math.max(p[r * w + k]!, 1e-12)), LOG_FLOOR);
  }
  const size = 1 << bits;
  const want = new Map<number, number>();
  flags.forEach((f, i) => {
    const at = NAMED_AT.get(f);
    if (at === undefined) throw new Error(`stack: unknown stage-2 signal ${f}`);
    want.set(size + at, j + i);
  });
  for (let t = 0; t < row.indices.length; t++) {
    const slot = want.get(row.indices[t]!);
    if (slot !== undefined) z[slot] = row.values[t]!;
  }
  return z;
}

/** The logits of one stacked head for inputs `z`, given that head's own probabilities. */
export function stackLogits(head: StackHead, z: ArrayLike<number>, own: ArrayLike<number>): Float64Array {
  const width = own.length;
  const d = z.length;
  const out = new Float64Array(width);
  for (let k = 0; k < width; k++) {
    let v = Math.log(Math.max(own[k]!, 1e-12)) + head.bias[k]!;
    for (let j = 0; j < d; j++) v += head.weights[k * d + j]! * z[j]!;
    out[k] = v;
  }
  return out;
}

/**
 * The model's outputs with each stacked head re-read by the layer (other outputs untouched).
 *
 * @example const out = applyStack(STAGE2_STACK, await runner.run(rows), rows, 13); out.bucket
 */
export function applyStack(
  stack: Stack | undefined,
  out: ModelOutputs,
  rows: readonly SparseRow[],
  bits: number,
): ModelOutputs {
  if (!stack || Object.keys(stack.heads).length === 0) return out;
  const next: ModelOutputs = { ...out };
  const inputs = rows.map((row, r) => stackInputs(stack.flags, out, r, row, bits));
  for (const h of STACK_SOURCES) {
    const head = stack.heads[h];
    if (!head) continue;
    const w = PERSONAL_HEADS[h].length;
    const p = new Float32Array(rows.length * w);
    rows.forEach((_, r) => {
      const z = stackLogits(head, inputs[r]!, out[h]!.subarray(r * w, (r + 1) * w));
      softmaxInto(z, p, r * w);
    });
    next[h] = p;
  }
  return next;
}

/**
 * The layer's largest contributions to `chosen` over `runnerUp` for this message, in words:
 * another head's label only when it is that head's own answer for this message, a signal only
 * when it is set (never "a probability every message has").
 */
export function explainStack(
  stack: Stack,
  head: PersonalHead,
  z: ArrayLike<number>,
  chosen: number,
  runnerUp: number,
  max = 1,
): { feature: string; words: string; value: number }[] {
  const h = stack.heads[head];
  if (!h) return [];
  const d = z.length;
  const out: { feature: string; words: string; value: number }[] = [];
  let j = 0;
  for (const src of STACK_SOURCES) {
    const labels = PERSONAL_HEADS[src];
    let best = 0;
    for (let k = 1; k < labels.length; k++) if (z[j + k]! > z[j + best]!) best = k;
    if (src !== head) {
      // The whole reading of that head (all its log-probabilities), named by its answer.
      let value = 0;
      for (let k = 0; k < labels.length; k++)
        value += (h.weights[chosen * d + j + k]! - h.weights[runnerUp * d + j + k]!) * z[j + k]!;
      out.push({ feature: `stack:${src}=${labels[best]}`, words: readsAs(src, labels[best]!), value });
    }
    j += labels.length;
  }
  stack.flags.forEach((f, i) => {
    const x = z[j + i]!;
    if (x === 0) return;
    const value = (h.weights[chosen * d + j + i]! - h.weights[runnerUp * d + j + i]!) * x;
    out.push({ feature: f, words: STAGE2_NAMED[NAMED_AT.get(f)!]!.words, value });
  });
  return out
    .filter((c) => c.value >= 0.05)
    .sort((a, b) => b.value - a.value || a.feature.localeCompare(b.feature))
    .slice(0, max);
}

function readsAs(src: PersonalHead, label: string): string {
  const l = label.replace("_", " ");
  if (src === "speech_act") return `it reads as ${/^[aeiou]/.test(l) ? "an" : "a"} ${l}`;
  if (src === "category") return `it looks like ${/^[aeiou]/.test(l) ? "an" : "a"} ${l}`;
  return `it reads as ${l} mail`;
}

function softmaxInto(z: Float64Array, out: Float32Array, at: number): void {
  let m = Number.NEGATIVE_INFINITY;
  for (const v of z) m = Math.max(m, v);
  let s = 0;
  for (let k = 0; k < z.length; k++) s += Math.exp(z[k]! - m);
  for (let k = 0; k < z.length; k++) out[at + k] = Math.exp(z[k]! - m) / s;
}
