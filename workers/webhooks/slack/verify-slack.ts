import { verifySlackSignature } from "@scouts/core/auth/slack-signature";
import { CoreError } from "@scouts/core/errors";
import type { Context } from "hono";
import { requireConfig } from "../../shared/require-config.ts";
import type { AppEnv } from "../context.ts";
import { readCappedBody } from "../read-capped.ts";

const MAX_SLACK_BODY = 256 * 1024;

/**
 * Reads the raw body and verifies Slack's signature over those exact bytes (5-minute window)
 * before anything parses it. Returns the body as text.
 */
export async function verifiedSlackBody(c: Context<AppEnv>): Promise<string> {
  const { config, clock, logger, requestId } = c.var.services;
  const { SLACK_SIGNING_SECRET } = requireConfig(config, "Slack events", ["SLACK_SIGNING_SECRET"]);
  // Unsigned until read: never hold more than the cap of a body anyone can send.
  const raw = await readCappedBody(c.req.raw, MAX_SLACK_BODY, "Slack request body");
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
