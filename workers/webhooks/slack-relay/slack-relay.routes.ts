import { SLACK_RELAY_PATH, SlackRelayRequest } from "@scouts/core/assistant/slack-relay";
import { Hono } from "hono";
import { relaySlackPost } from "../../shared/slack-relay.ts";
import { requireDevice } from "../auth/require-device.ts";
import type { AppEnv } from "../context.ts";
import { readCappedBody } from "../read-capped.ts";

/** A brief is ≤ 50 blocks of ≤ 3,000 characters, escaped: 256 KiB is far above any real one. */
const MAX_RELAY_BODY = 256 * 1024;

/**
 * `POST /api/v1/device/slack/post` (device token): the device's brief or alert posted into one of
 * the person's own channels with their Slack connection. In memory only; answers `{ ts }`.
 */
export function slackRelayRoutes() {
  return new Hono<AppEnv>().post(SLACK_RELAY_PATH, requireDevice(), async (c) => {
    const raw = await readCappedBody(c.req.raw, MAX_RELAY_BODY, "Slack post");
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      return c.json({ error: { code: "bad_input", message: "Slack post must be a JSON body" } }, 400);
    }
    // Core's zod copy: a failure is a ZodError, which the error handler answers as 400 naming paths.
    const parsed = SlackRelayRequest.safeParse(body);
    if (!parsed.success) throw parsed.error;
    const request = parsed.data;
    const { config, db, fetch, clock, logger } = c.var.services;
    const out = await relaySlackPost(
      { config, db, fetch, clock, logger },
      { userId: c.var.auth.userId, request },
    );
    return c.json(out);
  });
}
