import { proposeAutomation } from "@scouts/core/automation/authoring/propose";
import { CoreError } from "@scouts/core/errors";
import { getAutomation, listAutomations } from "@scouts/db/repos/automations";
import { Hono } from "hono";
import { z } from "zod";
import { createAutomationCtx, forUser } from "../../shared/automation-deps.ts";
import type { AppEnv } from "../context.ts";
import { readJson } from "../read-json.ts";

const AuthorBody = z.strictObject({
  prompt: z.string().min(1).max(4000),
  automationId: z.string().min(1).max(100).optional(),
});

/**
 * `POST /api/v1/automations/author`: a proposal (definition, warnings, reviewer summary and flags,
 * diff when editing) from a natural-language request. It never saves: the PWA shows the proposal
 * in the editable form and a person saves it with `POST`/`PUT /api/v1/automations`.
 */
export function authoringRoutes() {
  return new Hono<AppEnv>().post("/author", async (c) => {
    const { success } = await c.env.AUTOMATION_AUTHOR_LIMITER.limit({ key: `author:${c.var.auth.userId}` });
    if (!success) {
      throw new CoreError("rate_limited", "too many authoring requests; wait a minute", {
        retryAfterSeconds: 60,
      });
    }
    const body = await readJson(c, AuthorBody, "authoring request");
    const ctx = await forUser(createAutomationCtx(c.env), c.var.auth.userId);
    if (!ctx.services.chat) {
      throw new CoreError(
        "disabled",
        "natural-language authoring needs LLM_BASE_URL and LLM_MODEL; use the form instead",
      );
    }
    const mine = await listAutomations(ctx.db, c.var.auth.userId);
    const usedBefore = new Set(
      mine.flatMap((a) =>
        [...a.definition.plan.steps, ...(a.definition.plan.on_failure ?? [])].map((s) => s.action),
      ),
    );
    let current: Awaited<ReturnType<typeof getAutomation>> = null;
    if (body.automationId) {
      current = await getAutomation(ctx.db, c.var.auth.userId, body.automationId);
      if (!current) throw new CoreError("not_found", "automation not found");
    }
    const proposal = await proposeAutomation({
      ctx: { chat: ctx.services.chat, registry: ctx.registry },
      input: { prompt: body.prompt, usedBefore, ...(current ? { current: current.definition } : {}) },
    });
    return c.json({ proposal, baseVersion: current?.version ?? null });
  });
}
