import {
  type ApprovalSender,
  answerApproval,
  waitingApproval,
} from "@scouts/core/automation/executor/answer-approval";
import { cancelRun } from "@scouts/core/automation/executor/cancel-run";
import { approvalEventType } from "@scouts/core/automation/executor/durable-ports";
import { CoreError } from "@scouts/core/errors";
import { listRuns } from "@scouts/db/repos/automations";
import { Hono } from "hono";
import type { Env } from "../../env.ts";
import { createAutomationCtx } from "../../shared/automation-deps.ts";
import type { AppEnv } from "../context.ts";

/** An answer goes to the run's Workflows instance (instance id = run id). */
function workflowSender(env: Env): ApprovalSender {
  return async (runId, type, payload) => {
    const instance = await env.AUTOMATION_RUNS.get(runId);
    await instance.sendEvent({ type, payload });
  };
}

/** Run history: list per automation, one run with its steps, cancel. Mounted after requireUser. */
export function runsRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/by-automation/:automationId", async (c) => {
    const runs = await listRuns(c.var.services.db, c.var.auth.userId, c.req.param("automationId"));
    return c.json({ runs });
  });
  app.get("/:runId", async (c) => {
    const ctx = createAutomationCtx(c.env);
    const run = await ctx.store.getRun(c.req.param("runId"));
    if (!run || run.userId !== c.var.auth.userId) throw new CoreError("not_found", "run not found");
    return c.json({ run, steps: await ctx.store.listSteps(run.id) });
  });
  app.post("/:runId/cancel", async (c) => {
    const ctx = createAutomationCtx(c.env);
    const runId = c.req.param("runId");
    await cancelRun({ ctx, input: { userId: c.var.auth.userId, runId } });
    // A run waiting for an approval would otherwise sleep until it expires: wake it to end.
    const waiting = waitingApproval(await ctx.store.listSteps(runId));
    if (waiting) {
      await workflowSender(c.env)(runId, approvalEventType(waiting.stepId), {
        approved: false,
        by: c.var.auth.userId,
      }).catch((e) => ctx.logger.log("warn", "automation.approval.wake_failed", { runId, error: String(e) }));
    }
    return c.json({ ok: true });
  });
  app.post("/:runId/approvals/:stepId", async (c) => {
    const body = (await c.req.json().catch(() => null)) as { approved?: unknown } | null;
    await answerApproval({
      ctx: { store: createAutomationCtx(c.env).store, send: workflowSender(c.env) },
      input: {
        userId: c.var.auth.userId,
        runId: c.req.param("runId"),
        stepId: c.req.param("stepId"),
        approved: body?.approved as boolean,
      },
    });
    return c.json({ ok: true });
  });
  return app;
}
