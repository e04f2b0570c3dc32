import { topContributions } from "./explain.ts";
import type { FeatureBag, SparseRow } from "./features/featurize.ts";
import type { LinearHead } from "./onnx/linear-model.ts";
import type { RuleHit } from "./rules/types.ts";

export interface WhyItem {
  feature: string;
  words: string;
  effect: "raises" | "lowers";
  /** Contribution to the priority logit. */
  value: number;
}

/**
 * The top features and rules that moved the priority score, in words. Rule features use the
 * rule's own explanation. Only contributions of meaningful size are kept.
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
): WhyItem[] {
  const ruleWords = new Map(hits.map((h) => [`rule:${h.id}`, h.words]));
  return topContributions(head, row, bits, 0, undefined, bag)
    .filter((c) => Math.abs(c.value) >= 0.05)
    .slice(0, max)
    .map((c) => ({
      feature: c.feature,
      words: ruleWords.get(c.feature) ?? c.words,
      effect: c.value > 0 ? "raises" : "lowers",
      value: c.value,
    }));
}
