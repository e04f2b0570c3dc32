import type { ItemContent } from "../connectors/source-connector.ts";
import { type Analysis, analyze, analyzeAll } from "./analyze.ts";
import type { ModelRunner } from "./model-runner.ts";
import type { LinearModel } from "./onnx/linear-model.ts";
import type { RuleContext } from "./rules/types.ts";
import { STAGE1_HASHING, type Stage1Feed, stage1FromAnalyses } from "./stage1.ts";
import type { Stage1Verdict } from "./stage1-contract.ts";
import { STAGE2_HASHING, type Stage2Result, stage2FromAnalyses } from "./stage2.ts";

export interface TriageContext {
  runner: ModelRunner;
  stage1Model?: LinearModel;
  rules?: RuleContext;
  now?: () => number;
  /** Stage 1's operating point; `inbox` (provider-filtered mail) unless given. */
  feed?: Stage1Feed;
}

export interface TriageResult {
  stage1: Stage1Verdict;
  stage2: Stage2Result | undefined;
}

/**
 * Both stages on one device for local mail (CLI, local Maildir/mbox sources): the message is
 * parsed once; stage 2 runs only when stage 1 found it relevant or spam (not unparseable).
 *
 * @example
 * const { stage1, stage2 } = await triageMessage({ ctx: { runner }, input: { item } });
 */
export async function triageMessage(args: {
  ctx: TriageContext;
  input: { item: ItemContent };
}): Promise<TriageResult> {
  return (await triageMessages({ ctx: args.ctx, input: { items: [args.input.item] } }))[0]!;
}

/**
 * `triageMessage` for a batch (a folder, a morning's mail): every item is analysed, then
 * stage 1 scores all rows, then stage 2 does, so each model's weights are read once per batch.
 * Each result is exactly what `triageMessage` gives for that item alone.
 *
 * @example
 * const results = await triageMessages({ ctx: { runner }, input: { items } });
 */
export async function triageMessages(args: {
  ctx: TriageContext;
  input: { items: readonly ItemContent[] };
}): Promise<TriageResult[]> {
  const { ctx } = args;
  const opts = { explain: true, ...(ctx.rules ? { rules: ctx.rules } : {}) };
  const as = await analyzeAll(args.input.items, STAGE1_HASHING, opts);
  const verdicts = stage1FromAnalyses(as, ctx.stage1Model, undefined, ctx.feed);
  // One feature bag serves both models when they hash the same way (only the width differs).
  const same =
    STAGE2_HASHING.seed === STAGE1_HASHING.seed && STAGE2_HASHING.maxTokens === STAGE1_HASHING.maxTokens;
  const ok: Extract<Analysis, { ok: true }>[] = [];
  const at: number[] = [];
  for (let n = 0; n < as.length; n++) {
    if (!as[n]!.ok) continue;
    const a2 = same ? as[n]! : await analyze(args.input.items[n]!, STAGE2_HASHING, opts);
    if (!a2.ok) continue;
    ok.push(a2);
    at.push(n);
  }
  const nows = ok.map((a) => a.p.date ?? ctx.now?.() ?? Date.now());
  const s2 = await stage2FromAnalyses(ok, ctx.runner, nows);
  const results: TriageResult[] = verdicts.map((stage1) => ({ stage1, stage2: undefined }));
  at.forEach((n, k) => {
    results[n]!.stage2 = s2[k];
  });
  return results;
}
