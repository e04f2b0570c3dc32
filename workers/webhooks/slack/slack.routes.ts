import { slackEventToRefs } from "@scouts/core/connectors/slack/slack-events";
import { CoreError, isCoreError } from "@scouts/core/errors";
import type { SyncJob } from "@scouts/core/protocol/jobs";
import { findScoutsByAccount } from "@scouts/db/repos/connections";
import { forgetSlackEvent, markSlackEventSeen } from "@scouts/db/repos/slack-events";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { enqueueJobs } from "../enqueue.ts";
import { queuedCopyDelaySeconds, syncNow } from "../sync-now.ts";
import { harvestSlackEventInBackground } from "../workspaces/harvest-slack.ts";
import { verifiedSlackBody } from "./verify-slack.ts";

const Envelope = z.looseObject({
  type: z.string(),
  challenge: z.string().max(256).optional(),
  event_id: z.string().max(64).optional(),
  team_id: z.string().max(32).optional(),
});

const Interaction = z.looseObject({
  type: z.string(),
  response_url: z.string().optional(),
  actions: z.array(z.looseObject({ action_id: z.string().max(255) })).optional(),
});

/**
 * Slack Events API and interactivity. Signed raw body first; events answer 200 within
 * milliseconds after queueing a sync job per scout listening on the team (content is fetched by
 * the consumer, never carried on the queue).
 */
export function slackRoutes() {
  return new Hono<AppEnv>()
    .post("/webhooks/slack", async (c) => {
      const { db, clock, logger, requestId } = c.var.services;
      const envelope = parseSigned(Envelope, await verifiedSlackBody(c));
      if (envelope.type === "url_verification") return c.json({ challenge: envelope.challenge ?? "" });
      if (envelope.type !== "event_callback" || !envelope.event_id || !envelope.team_id) {
        logger.log("info", "slack_event_ignored", { requestId, type: envelope.type });
        return c.body(null, 200);
      }
      const eventId = envelope.event_id;
      await harvestSlackEventInBackground(c, { teamId: envelope.team_id, payload: envelope });
      const refs = slackEventToRefs(envelope);
      if (refs.length === 0) return c.body(null, 200);
      const jobs: SyncJob[] = [];
      const owned: Array<{ userId: string; job: SyncJob }> = [];
      try {
        const scouts = await findScoutsByAccount(db, "slack", envelope.team_id);
        for (const s of scouts) {
          // Paused scouts still get the job: Slack has no cursor to catch up from, the consumer decides.
          if (!s.enabled || s.needsReauth) continue;
          for (const ref of refs) {
            const job: SyncJob = { kind: "sync", scoutId: s.scoutId, trigger: "slack_event", ref };
            jobs.push(job);
            owned.push({ userId: s.userId, job });
          }
        }
        if (jobs.length === 0) {
          logger.log("info", "slack_event_no_scout", { requestId, eventId });
          return c.body(null, 200);
        }
        if (!(await markSlackEventSeen(db, eventId, clock.now()))) {
          logger.log("info", "slack_event_duplicate", {
            requestId,
            eventId,
            retry: c.req.header("x-slack-retry-num"),
          });
          return c.body(null, 200);
        }
      } catch (e) {
        if (isCoreError(e)) throw e;
        throw new CoreError("upstream_unavailable", "scout store unavailable, retry later", { cause: e });
      }
      try {
        await enqueueJobs(c.env.JOBS, jobs, { delaySeconds: queuedCopyDelaySeconds });
      } catch (e) {
        // Unrecord the event so Slack's retry is not mistaken for a duplicate.
        await forgetSlackEvent(db, eventId).catch(() => {});
        throw e;
      }
      logger.log("info", "slack_event_enqueued", { requestId, eventId, jobs: jobs.length });
      syncNow(c, owned);
      return c.body(null, 200);
    })
    .post("/webhooks/slack/interactivity", async (c) => {
      const { logger, requestId } = c.var.services;
      const form = new URLSearchParams(await verifiedSlackBody(c));
      const interaction = parseSigned(Interaction, form.get("payload") ?? "");
      if (
        interaction.response_url !== undefined &&
        !interaction.response_url.startsWith("https://hooks.slack.com/")
      ) {
        throw new CoreError("bad_input", "response_url must be an https://hooks.slack.com/ URL");
      }
      logger.log("info", "slack_interaction", {
        requestId,
        type: interaction.type,
        actions: interaction.actions?.map((a) => a.action_id).join(","),
      });
      return c.body(null, 200);
    });
}

function parseSigned<S extends z.ZodType>(schema: S, text: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CoreError("bad_input", "Slack body is not JSON");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new CoreError("bad_input", "Slack body is not a recognised payload");
  return parsed.data;
}
