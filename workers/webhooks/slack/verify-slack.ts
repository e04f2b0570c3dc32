import { verifySlackSignature } from "@scouts/core/auth/slack-signature";
import { CoreError } from "@scouts/core/errors";
import type { Context } from "hono";
import { requireConfig } from "../../shared/require-config.ts";
import type { AppEnv } from "../context.ts";

const MAX_SLACK_BODY = 256 * 1024;

/**
 * Reads the raw body and verifies Slack's signature over those exact bytes (5-minute window)
 * before anything parses it. Returns the body as text.
 */
export async function verifiedSlackBody(c: Context<AppEnv>): Promise<string> {
  const { config, clock, logger, requestId } = c.var.services;
  const { SLACK_SIGNING_SECRET } = requireConfig(config, "Slack events", ["SLACK_SIGNING_SECRET"]);
  const raw = new Uint8Array(await c.req.arrayBuffer());
  if (raw.length > MAX_SLACK_BODY)
    throw new CoreError("payload_too_large", "Slack request body is too large");
  const result = await verifySlackSignature({
    signingSecret: SLACK_SIGNING_SECRET,
    timestamp: c.req.header("x-slack-request-timestamp"),
    signature: c.req.header("x-slack-signature"),
    rawBody: raw,
    nowMs: clock.now(),
    windowSeconds: 300,
  });
  if (!result.ok) {
    logger.log("warn", "slack_request_refused", { requestId, reason: result.reason });
    throw new CoreError("unauthenticated", "Slack signature refused", { details: { reason: result.reason } });
  }
  return new TextDecoder().decode(raw);
}
