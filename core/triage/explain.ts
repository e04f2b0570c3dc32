import type { FeatureBag, SparseRow } from "./features/featurize.ts";
import { NAMED_FEATURES } from "./features/named.ts";
import type { LinearHead } from "./onnx/linear-model.ts";

export interface Contribution {
  /** Named feature (e.g. "rule:list_id") or, for hashed slots, the token(s) that filled the slot. */
  feature: string;
  /** Plain words for "why". */
  words: string;
  /** x · (w[col] − w[base]): how much this feature moved the logit of `col` (in log-odds). */
  value: number;
  named: boolean;
}

/**
 * Per-feature contributions to one output column of a linear head, largest magnitude first.
 * For softmax heads pass `base` (the column compared against) so the numbers are log-odds.
 *
 * @example
 * topContributions(head, row, bits, 1, 0, bag).slice(0, 3) // [{ feature: "rule:list_id", value: -1.2, … }]
 */
export function topContributions(
  head: LinearHead,
  row: SparseRow,
  bits: number,
  col: number,
  base: number | undefined,
  bag?: FeatureBag,
): Contribution[] {
  const size = 1 << bits;
  const out: Contribution[] = [];
  const hashed: { i: number; value: number }[] = [];
  for (let j = 0; j < row.indices.length; j++) {
    const i = row.indices[j]!;
    const w =
      head.weights[i * head.width + col]! - (base === undefined ? 0 : head.weights[i * head.width + base]!);
    const value = row.values[j]! * w;
    if (value === 0) continue;
    if (i >= size) {
      const f = NAMED_FEATURES[i - size]!;
      out.push({ feature: f.name, words: f.words, value, named: true });
    } else hashed.push({ i, value });
  }
  // Only the strongest hashed slots need a token name; look those up, not every token.
  const top = strongest(hashed, 12);
  const want = new Set(top.map((h) => h.i));
  const tokenOf = new Map<number, string>();
  if (bag?.tokenAt && want.size > 0) {
    // The first token (in first-seen order) that filled each wanted slot.
    for (let k = 0; k < bag.keys.length && tokenOf.size < want.size; k++) {
      const i = bag.keys[k]! & (size - 1);
      if (want.has(i) && !tokenOf.has(i)) tokenOf.set(i, bag.tokenAt(k));
    }
  }
  for (const { i, value } of top) {
    const t = tokenOf.get(i) ?? "text";
    out.push({ feature: `token:${t}`, words: `mentions “${t}”`, value, named: false });
  }
  return out.sort((a, b) => Math.abs(b.value) - Math.abs(a.value) || a.feature.localeCompare(b.feature));
}

/** The `n` entries of largest |value|, strongest first, without sorting the whole list. */
function strongest(xs: { i: number; value: number }[], n: number): { i: number; value: number }[] {
  const top: { i: number; value: number }[] = [];
  for (const x of xs) {
    const a = Math.abs(x.value);
    if (top.length === n && a <= Math.abs(top[n - 1]!.value)) continue;
    let k = top.length < n ? top.length : n - 1;
    top[k] = x;
    while (k > 0 && Math.abs(top[k - 1]!.value) < a) {
      top[k] = top[k - 1]!;
      top[k - 1] = x;
      k--;
    }
  }
  return top;
}
