import {
  type Contribution,
  contributionsByHead,
  functionWordSlots,
  type HeadQuery,
  topContributions,
} from "./explain.ts";
import type { FeatureBag, SparseRow } from "./features/featurize.ts";
import type { LinearHead, LinearModel } from "./onnx/linear-model.ts";
import type { RuleHit } from "./rules/types.ts";
import { fusedOf } from "./ts-runner.ts";

export interface WhyItem {
  feature: string;
  words: string;
  effect: "raises" | "lowers";
  /** Contribution to the head's logit (log-odds against the runner-up for class heads). */
  value: number;
}

/** A reason for an expectation must move it by at least this much (one point of a 0–1 score). */
export const EXPECTATION_KEEP = 0.01;

/**
 * Why a score that is an expectation over a class head's distribution (priority: Σ p(bucket) ×
 * its priority) is what it is: each feature's exact effect on the expectation when it alone is
 * taken out of the row (p'ₖ ∝ pₖ·e^(−x·wₖ), so it holds for the final distribution `p`, after
 * rules and the person's corrections), largest first, in words. A feature that raised it "raises".
 *
 * @example
 * explainExpectation(bucketHead, row, 13, bag, hits, probs, [0.92, 0.7, 0.4, 0.12])[0] // { words: "it says it is needed today…", effect: "raises", … }
 */
export function explainExpectation(
  head: LinearHead,
  row: SparseRow,
  bits: number,
  bag: FeatureBag,
  hits: RuleHit[],
  p: ArrayLike<number>,
  targets: readonly number[],
  max = 3,
  skip?: ReadonlySet<number>,
  names?: readonly { name: string; words: string }[],
): WhyItem[] {
  const width = head.width;
  let expected = 0;
  for (let k = 0; k < width; k++) expected += p[k]! * targets[k]!;
  const spread = Math.max(...targets) - Math.min(...targets);
  const effect = (i: number, x: number) => {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < width; k++) {
      const c = x * head.weights[i * width + k]!;
      if (c < lo) lo = c;
      if (c > hi) hi = c;
    }
    // Removing it shifts the distribution by at most e^(hi−lo) − 1 in total variation: skip
    // features that cannot move the expectation by EXPECTATION_KEEP (most of the row).
    if (spread * Math.expm1(hi - lo) < EXPECTATION_KEEP) return 0;
    let s = 0;
    let e = 0;
    for (let k = 0; k < width; k++) {
      const q = p[k]! * Math.exp(-x * head.weights[i * width + k]!);
      s += q;
      e += q * targets[k]!;
    }
    return s > 0 ? expected - e / s : 0;
  };
  const answer = topContributions(head, row, bits, 0, undefined, bag, skip, names, effect)
    .filter((c) => Math.abs(c.value) >= EXPECTATION_KEEP)
    .slice(0, max);
  const words = functionWordSlots(answer, skip);
  if (words) return explainExpectation(head, row, bits, bag, hits, p, targets, max, words, names);
  return answer.map((c) => item(c, hits, c.value > 0 ? "raises" : "lowers"));
}

/**
 * Why a class head chose `chosen` over its runner-up: this message's features that pushed
 * toward the chosen label most (log-odds of chosen vs runner-up), in words.
 *
 * @example
 * explainChoice(head, row, 13, bag, hits, 0, 2)[0] // { words: "you are in To", effect: "raises", … }
 */
export function explainChoice(
  head: LinearHead,
  row: SparseRow,
  bits: number,
  bag: FeatureBag,
  hits: RuleHit[],
  chosen: number,
  runnerUp: number,
  max = 2,
  skip?: ReadonlySet<number>,
  names?: readonly { name: string; words: string }[],
): WhyItem[] {
  const answer = topContributions(head, row, bits, chosen, runnerUp, bag, skip, names)
    .filter((c) => c.value >= 0.05)
    .slice(0, max);
  const words = functionWordSlots(answer, skip);
  if (words) return explainChoice(head, row, bits, bag, hits, chosen, runnerUp, max, words, names);
  const ruleWords = new Map(hits.map((h) => [`rule:${h.id}`, h.words]));
  return answer.map((c) => ({
    feature: c.feature,
    words: ruleWords.get(c.feature) ?? c.words,
    effect: "raises",
    value: c.value,
  }));
}

/** One label's "why" request for `explainHeads`: a class head's `chosen` label against its `runnerUp`. */
export interface WhyQuery {
  head: string;
  chosen: number;
  runnerUp: number;
  max: number;
}

/**
 * `explainChoice` for several heads of one row in one pass over the row and
 * the bag (the heads' weights read interleaved, as the evaluator reads them). Each answer is
 * exactly what the single-head function returns for the same arguments.
 *
 * @example
 * const [bucket, category] = explainHeads(model, row, 13, bag, hits, [
 *   { head: "bucket", chosen: 2, runnerUp: 0, max: 2 }, { head: "category", chosen: 1, runnerUp: 3, max: 2 }]);
 */
export function explainHeads(
  model: LinearModel,
  row: SparseRow,
  bits: number,
  bag: FeatureBag,
  hits: RuleHit[],
  queries: readonly WhyQuery[],
  skip?: ReadonlySet<number>,
  names?: readonly { name: string; words: string }[],
): WhyItem[][] {
  const heads = queries.map((q) => model.heads.findIndex((h) => h.output === q.head));
  if (heads.some((h) => h < 0)) throw new Error(`explainHeads: no head ${queries[heads.indexOf(-1)]!.head}`);
  if (!model.heads.every((h) => h.weights.length === model.dim * h.width))
    return queries.map((q, n) =>
      explainChoice(model.heads[heads[n]!]!, row, bits, bag, hits, q.chosen, q.runnerUp, q.max, skip, names),
    );
  const fused = fusedOf(model);
  const asked: HeadQuery[] = queries.map((q, n) => ({
    offset: fused.offsets[heads[n]!]!,
    col: q.chosen,
    base: q.runnerUp,
    keep: choiceKeep,
    limit: q.max,
  }));
  const found = contributionsByHead(fused, row, bits, asked, bag, skip, names);
  return found.map((top) => top.map((c) => item(c, hits, "raises")));
}

const choiceKeep = (v: number) => v >= 0.05;

function item(c: Contribution, hits: RuleHit[], effect: "raises" | "lowers"): WhyItem {
  return { feature: c.feature, words: ruleWords(hits, c.feature) ?? c.words, effect, value: c.value };
}

/** The words of the rule behind `feature` (the last hit with that id, as a Map of the hits says). */
function ruleWords(hits: RuleHit[], feature: string): string | undefined {
  if (!feature.startsWith("rule:")) return undefined;
  for (let k = hits.length - 1; k >= 0; k--) if (`rule:${hits[k]!.id}` === feature) return hits[k]!.words;
  return undefined;
}
