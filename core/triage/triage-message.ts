import type { ItemContent } from "../connectors/source-connector.ts";
import { analyze } from "./analyze.ts";
import type { ModelRunner } from "./model-runner.ts";
import type { LinearModel } from "./onnx/linear-model.ts";
import type { RuleContext } from "./rules/types.ts";
import { STAGE1_HASHING, stage1FromAnalysis } from "./stage1.ts";
import type { Stage1Verdict } from "./stage1-contract.ts";
import { STAGE2_HASHING, type Stage2Result, stage2FromAnalysis } from "./stage2.ts";

/**
 * Both stages on one device for local mail (CLI, local Maildir/mbox sources): the message is
 * parsed once; stage 2 runs only when stage 1 found it relevant or spam (not unparseable).
 *
 * @example
 * const { stage1, stage2 } = await triageMessage({ ctx: { runner }, input: { item } });
 */
export async function triageMessage(args: {
  ctx: { runner: ModelRunner; stage1Model?: LinearModel; rules?: RuleContext; now?: () => number };
  input: { item: ItemContent };
}): Promise<{ stage1: Stage1Verdict; stage2: Stage2Result | undefined }> {
  const { ctx } = args;
  const a = await analyze(args.input.item, STAGE1_HASHING, {
    explain: true,
    ...(ctx.rules ? { rules: ctx.rules } : {}),
  });
  const stage1 = stage1FromAnalysis(a, ctx.stage1Model);
  if (!a.ok) return { stage1, stage2: undefined };
  const now = a.p.date ?? ctx.now?.() ?? Date.now();
  // One feature bag serves both models when they hash the same way (only the width differs).
  const same =
    STAGE2_HASHING.seed === STAGE1_HASHING.seed && STAGE2_HASHING.maxTokens === STAGE1_HASHING.maxTokens;
  const a2 = same
    ? a
    : await analyze(args.input.item, STAGE2_HASHING, {
        explain: true,
        ...(ctx.rules ? { rules: ctx.rules } : {}),
      });
  if (!a2.ok) return { stage1, stage2: undefined };
  return { stage1, stage2: await stage2FromAnalysis(a2, ctx.runner, now) };
}
