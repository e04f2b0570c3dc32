import { dailyUsage } from "@scouts/core/automation/executor/daily-limits";
import { startRuns } from "@scouts/core/automation/executor/start-runs";
import { rotateWebhookToken, saveAutomation } from "@scouts/core/automation/manage/save-automation";
import { definitionSchema } from "@scouts/core/automation/schema/definition.schema";
import { validateDefinition } from "@scouts/core/automation/validate-definition";
import { CoreError } from "@scouts/core/errors";
import {
  deleteAutomation,
  getAutomation,
  listAutomations,
  listTriggers,
  setAutomationEnabled,
} from "@scouts/db/repos/automations";
import { Hono } from "hono";
import { z } from "zod";
import { createAutomationCtx, forUser } from "../../shared/automation-deps.ts";
import { requireUser } from "../auth/require-user.ts";
import type { AppEnv } from "../context.ts";
import { readJson } from "../read-json.ts";
import { artifactDownloadRoutes, runArtifactRoutes } from "./artifacts.routes.ts";
import { authoringRoutes } from "./authoring.routes.ts";
import { fireRoutes } from "./fire.routes.ts";
import { mcpRoutes } from "./mcp.routes.ts";
import { capabilitySummaries } from "./registry-view.ts";
import { runsRoutes } from "./runs.routes.ts";

const SaveBody = z.object({ definition: z.unknown(), expectedVersion: z.int().min(1).optional() });
const PatchBody = z.strictObject({ enabled: z.boolean() });
const TokenBody = z.strictObject({ revoke: z.boolean().default(false) });

function publicTrigger(t: Awaited<ReturnType<typeof listTriggers>>[number]) {
  return {
    id: t.id,
    position: t.position,
    type: t.type,
    eventType: t.eventType,
    cron: t.cron,
    timezone: t.timezone,
    nextFireAt: t.nextFireAt,
    hasToken: t.tokenHash !== null,
    tokenCreatedAt: t.tokenCreatedAt,
  };
}

/**
 * `/api/v1/automations/**`: CRUD over definitions (saved only by this explicit human request),
 * validation, webhook tokens, manual runs, run history, the registry and the schema for the PWA.
 * `POST /:id/fire` authenticates with the automation's webhook token instead of a user.
 */
export function automationsRoutes() {
  const app = new Hono<AppEnv>();
  app.route("/", fireRoutes());
  app.route("/", artifactDownloadRoutes());
  app.use("*", requireUser());
  app.route("/runs", runArtifactRoutes());
  app.route("/runs", runsRoutes());
  app.route("/mcp", mcpRoutes());
  app.route("/", authoringRoutes());
  app.get("/schema", (c) => c.json(definitionSchema));
  app.get("/usage", async (c) => {
    const ctx = createAutomationCtx(c.env);
    return c.json(await dailyUsage({ ctx, input: { userId: c.var.auth.userId } }));
  });
  app.get("/registry", async (c) => {
    const ctx = await forUser(createAutomationCtx(c.env), c.var.auth.userId);
    return c.json({ capabilities: capabilitySummaries(ctx.registry) });
  });
  app.post("/validate", async (c) => {
    const body = await readJson(c, SaveBody, "automation");
    const ctx = await forUser(createAutomationCtx(c.env), c.var.auth.userId);
    return c.json(validateDefinition({ ctx: { registry: ctx.registry }, input: body.definition }));
  });
  app.get("/", async (c) => {
    const list = await listAutomations(c.var.services.db, c.var.auth.userId);
    return c.json({
      automations: list.map(({ definition, ...a }) => ({ ...a, goal: definition.goal ?? null })),
    });
  });
  app.post("/", async (c) => {
    const body = await readJson(c, SaveBody, "automation");
    const ctx = await forUser(createAutomationCtx(c.env), c.var.auth.userId);
    const saved = await saveAutomation({
      ctx: ctx.manage,
      input: { userId: c.var.auth.userId, definition: body.definition },
    });
    return c.json(saved, 201);
  });
  app.get("/:id", async (c) => {
    const { db } = c.var.services;
    const a = await getAutomation(db, c.var.auth.userId, c.req.param("id"));
    if (!a) throw new CoreError("not_found", "automation not found");
    return c.json({ automation: a, triggers: (await listTriggers(db, a.id)).map(publicTrigger) });
  });
  app.put("/:id", async (c) => {
    const body = await readJson(c, SaveBody, "automation");
    if (body.expectedVersion === undefined)
      throw new CoreError("bad_input", "expectedVersion is required to edit");
    const ctx = await forUser(createAutomationCtx(c.env), c.var.auth.userId);
    const saved = await saveAutomation({
      ctx: ctx.manage,
      input: {
        userId: c.var.auth.userId,
        id: c.req.param("id"),
        expectedVersion: body.expectedVersion,
        definition: body.definition,
      },
    });
    return c.json(saved);
  });
  app.patch("/:id", async (c) => {
    const body = await readJson(c, PatchBody, "automation settings");
    const { db, clock } = c.var.services;
    if (!(await setAutomationEnabled(db, c.var.auth.userId, c.req.param("id"), body.enabled, clock.now()))) {
      throw new CoreError("not_found", "automation not found");
    }
    return c.json({ ok: true });
  });
  app.delete("/:id", async (c) => {
    if (!(await deleteAutomation(c.var.services.db, c.var.auth.userId, c.req.param("id")))) {
      throw new CoreError("not_found", "automation not found");
    }
    return c.body(null, 204);
  });
  app.post("/:id/webhook-token", async (c) => {
    const body = await readJson(c, TokenBody, "token request");
    const ctx = createAutomationCtx(c.env);
    const out = await rotateWebhookToken({
      ctx: ctx.manage,
      input: { userId: c.var.auth.userId, automationId: c.req.param("id"), revoke: body.revoke },
    });
    return c.json(out);
  });
  app.post("/:id/run", async (c) => {
    const ctx = createAutomationCtx(c.env);
    const a = await getAutomation(ctx.db, c.var.auth.userId, c.req.param("id"));
    if (!a) throw new CoreError("not_found", "automation not found");
    const [outcome] = await startRuns({
      ctx,
      input: [{ automation: a, triggerType: "manual", triggerPayload: {} }],
    });
    if (!outcome || !("runId" in outcome)) {
      throw new CoreError(
        outcome?.reason === "budget_exceeded" ? "budget_exceeded" : "conflict",
        `run not started: ${outcome?.reason}`,
      );
    }
    return c.json(
      { runId: outcome.runId, status: outcome.status, runUrl: `/api/v1/automations/runs/${outcome.runId}` },
      202,
    );
  });
  return app;
}
