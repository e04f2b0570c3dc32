import { cancelRun } from "@scouts/core/automation/executor/cancel-run";
import { CoreError } from "@scouts/core/errors";
import { listRuns } from "@scouts/db/repos/automations";
import { Hono } from "hono";
import { createAutomationCtx } from "../../shared/automation-deps.ts";
import type { AppEnv } from "../context.ts";

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
    await cancelRun({
      ctx: createAutomationCtx(c.env),
      input: { userId: c.var.auth.userId, runId: c.req.param("runId") },
    });
    return c.json({ ok: true });
  });
  return app;
}
