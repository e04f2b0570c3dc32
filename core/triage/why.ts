import { topContributions } from "./explain.ts";
import type { FeatureBag, SparseRow } from "./features/featurize.ts";
import type { LinearHead } from "./onnx/linear-model.ts";
import type { RuleHit } from "./rules/types.ts";

export interface WhyItem {
  feature: string;
  words: string;
  effect: "raises" | "lowers";
  /** Contribution to the head's logit (log-odds against the runner-up for class heads). */
  value: number;
}

/**
 * The top features and rules that moved the priority score, in words. Rule features use the
 * rule's own explanation. Only contributions of meaningful size are kept; features present on
 * nearly every training message (`skip`) are never a reason.
 *
 * @example
 * explainPriority(head, row, 13, bag, hits)[0] // { feature: "rule:list_unsubscribe", effect: "lowers", … }
 */
export function explainPriority(
  head: LinearHead,
  row: SparseRow,
  bits: number,
  bag: FeatureBag,
  hits: RuleHit[],
  max = 4,
  skip?: ReadonlySet<number>,
  names?: readonly { name: string; words: string }[],
): WhyItem[] {
  const ruleWords = new Map(hits.map((h) => [`rule:${h.id}`, h.words]));
  return topContributions(head, row, bits, 0, undefined, bag, skip, names)
    .filter((c) => Math.abs(c.value) >= 0.05)
    .slice(0, max)
    .map((c) => ({
      feature: c.feature,
      words: ruleWords.get(c.feature) ?? c.words,
      effect: c.value > 0 ? "raises" : "lowers",
      value: c.value,
    }));
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
  const ruleWords = new Map(hits.map((h) => [`rule:${h.id}`, h.words]));
  return topContributions(head, row, bits, chosen, runnerUp, bag, skip, names)
    .filter((c) => c.value >= 0.05)
    .slice(0, max)
    .map((c) => ({
      feature: c.feature,
      words: ruleWords.get(c.feature) ?? c.words,
      effect: "raises",
      value: c.value,
    }));
}
