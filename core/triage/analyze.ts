import type { ItemContent } from "../connectors/source-connector.ts";
import { type FeatureBag, featureBag, type HashingSpec } from "./features/featurize.ts";
import type { UnparseableReason } from "./preprocess/limits.ts";
import { type Preprocessed, preprocess } from "./preprocess/preprocess.ts";
import { runRules } from "./rules/run-rules.ts";
import type { RuleContext, RuleHit } from "./rules/types.ts";
import type { SignalContext } from "./signals/signals.ts";

export type Analysis =
  | { ok: true; p: Preprocessed; hits: RuleHit[]; bag: FeatureBag }
  | { ok: false; reason: UnparseableReason };

/**
 * The shared front half of both stages: preprocess, run T0 rules, extract the feature bag.
 *
 * @example
 * const a = await analyze(item, DEFAULT_HASHING); if (a.ok) a.hits; // rule hits
 */
export async function analyze(
  item: ItemContent,
  hashing: HashingSpec,
  opts: { rules?: RuleContext; explain?: boolean; now?: () => number } = {},
): Promise<Analysis> {
  const p = await preprocess(item, opts.now);
  if (!p.ok) return p;
  const hits = runRules(p, opts.rules);
  return { ok: true, p, hits, bag: featureBag(p, hits, hashing, opts.explain, signalsFor(item, opts.rules)) };
}

/** Gmail labels ride on the item (the Gmail connector sets them); the reader comes from the rules context. */
function signalsFor(item: ItemContent, rules: RuleContext | undefined): SignalContext {
  const out: SignalContext = {};
  if (item.kind === "email" && item.labels) out.labels = item.labels;
  if (rules) out.rules = rules;
  return out;
}

/**
 * `analyze` for a batch, one phase at a time (all parses, then all rules and feature bags):
 * each phase's code and tables stay warm across items. Same result per item as `analyze`.
 *
 * @example
 * const as = await analyzeAll(items, DEFAULT_HASHING, { explain: true });
 */
export async function analyzeAll(
  items: readonly ItemContent[],
  hashing: HashingSpec,
  opts: { rules?: RuleContext; explain?: boolean; now?: () => number } = {},
): Promise<Analysis[]> {
  const ps: Awaited<ReturnType<typeof preprocess>>[] = [];
  for (const item of items) ps.push(await preprocess(item, opts.now));
  return ps.map((p, n) => {
    if (!p.ok) return p;
    const hits = runRules(p, opts.rules);
    return {
      ok: true,
      p,
      hits,
      bag: featureBag(p, hits, hashing, opts.explain, signalsFor(items[n]!, opts.rules)),
    };
  });
}
