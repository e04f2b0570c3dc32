import { z } from "zod";
import type { ItemContent } from "../connectors/source-connector.ts";
import type { RuleContext } from "./rules/types.ts";

/** Stage 1 runs in the Worker on transient content and returns only this. */
export const Stage1Verdict = z.object({
  verdict: z.enum(["relevant", "spam", "unparseable"]),
  /** Rule and feature names, never content. */
  reason: z.string().max(500),
  confidence: z.number().min(0).max(1),
  /** Plain words for the verdict from its largest contributions (named signals only, never content). */
  why: z.array(z.string().max(200)).max(6).optional(),
  /**
   * Spam scored above the auto-trash threshold (out-of-fold precision ≥ 99.5 % on training mail).
   * Only then may a scout with auto-trash on move it to the trash.
   */
  autoTrash: z.boolean().optional(),
});
export type Stage1Verdict = z.infer<typeof Stage1Verdict>;

export interface Stage1Classifier {
  readonly name: string;
  /**
   * `rules` is what this device knows about the reader for this item (their addresses, their
   * relationship with the sender); it adds to what the classifier was made with.
   */
  classify(item: ItemContent, rules?: RuleContext): Promise<Stage1Verdict> | Stage1Verdict;
}
