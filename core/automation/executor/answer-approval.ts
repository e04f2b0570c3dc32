import { z } from "zod";
import { CoreError } from "../../errors.ts";
import { approvalEventType } from "./durable-ports.ts";
import type { RunStore, StepRecord } from "./types.ts";

/** Delivers a person's answer to the run's durable instance (Workflows `sendEvent`). */
export type ApprovalSender = (
  runId: string,
  type: string,
  payload: { approved: boolean; by: string },
) => Promise<void>;

const Input = z
  .object({
    userId: z.string().min(1).max(100),
    runId: z.string().min(1).max(100),
    stepId: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "a step id"),
    approved: z.boolean(),
  })
  .strict();

/** The run's step that is waiting for its owner's answer, if any. */
export function waitingApproval(steps: StepRecord[]): StepRecord | undefined {
  return steps.find(
    (s) =>
      s.status === "running" &&
      typeof s.output === "object" &&
      s.output !== null &&
      (s.output as { awaiting?: unknown }).awaiting === "approval",
  );
}

/**
 * The owner approves or denies a run's waiting approval step: only their own run, only while it
 * runs, only the step that waits. The instance records the answer (a late or repeated answer
 * after that changes nothing).
 * @example await answerApproval({ ctx: { store, send }, input: { userId, runId, stepId: "ok", approved: true } })
 */
export async function answerApproval({
  ctx,
  input,
}: {
  ctx: { store: RunStore; send: ApprovalSender };
  input: z.input<typeof Input>;
}): Promise<void> {
  const parsed = Input.safeParse(input);
  if (!parsed.success)
    throw new CoreError(
      "bad_input",
      parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
    );
  const { userId, runId, stepId, approved } = parsed.data;
  const run = await ctx.store.getRun(runId);
  if (!run || run.userId !== userId) throw new CoreError("not_found", "run not found");
  if (run.status !== "running") throw new CoreError("conflict", `run is ${run.status}`);
  const waiting = waitingApproval(await ctx.store.listSteps(runId));
  if (!waiting || waiting.stepId !== stepId)
    throw new CoreError("conflict", `step ${stepId} is not waiting for an approval`);
  await ctx.send(runId, approvalEventType(stepId), { approved, by: userId });
}
