import { fireWebhook } from "@scouts/core/automation/triggers/webhook";
import { CoreError } from "@scouts/core/errors";
import { Hono } from "hono";
import { createAutomationCtx } from "../../shared/automation-deps.ts";
import { bearerToken, refuseQueryTokens } from "../auth/bearer.ts";
import type { AppEnv } from "../context.ts";

const MAX_BODY_BYTES = 64 * 1024;

/**
 * `POST /api/v1/automations/:id/fire`: the webhook trigger. Auth is the automation's own bearer
 * token (hashed at rest); a token in the query string is refused; `Idempotency-Key` dedupes for
 * 24 h; at most 60 fires a minute per automation (Workers Rate Limiting). Answers 202 with the run URL.
 */
export function fireRoutes() {
  return new Hono<AppEnv>().post("/:id/fire", async (c) => {
    refuseQueryTokens(c.req.url);
    const { success } = await c.env.AUTOMATION_FIRE_LIMITER.limit({ key: `fire:${c.req.param("id")}` });
    if (!success) {
      throw new CoreError("rate_limited", "this automation's webhook is fired too often; wait a minute", {
        retryAfterSeconds: 60,
      });
    }
    const token = bearerToken(c.req.raw.headers);
    if (!token) throw new CoreError("unauthenticated", "send the webhook token as `Authorization: Bearer …`");
    const declared = Number(c.req.header("content-length") ?? "0");
    if (declared > MAX_BODY_BYTES) throw new CoreError("payload_too_large", "webhook body is over 64 KB");
    const raw = await c.req.text();
    if (raw.length > MAX_BODY_BYTES) throw new CoreError("payload_too_large", "webhook body is over 64 KB");
    let body: unknown = {};
    if (raw.trim()) {
      try {
        body = JSON.parse(raw);
      } catch {
        throw new CoreError("bad_input", "webhook body must be JSON");
      }
    }
    const idempotencyKey = c.req.header("idempotency-key");
    const ctx = createAutomationCtx(c.env);
    const out = await fireWebhook({
      ctx,
      input: {
        automationId: c.req.param("id"),
        token,
        body,
        ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
      },
    });
    return c.json(
      { runId: out.runId, duplicate: out.duplicate, runUrl: `/api/v1/automations/runs/${out.runId}` },
      202,
    );
  });
}
