import { slackEventItem, slackEventTeams } from "@scouts/core/connectors/slack/slack-events";
import { CoreError, isCoreError } from "@scouts/core/errors";
import type { SyncJob } from "@scouts/core/protocol/jobs";
import { findScoutsByAccount } from "@scouts/db/repos/connections";
import { forgetSlackEvent, markSlackEventSeen } from "@scouts/db/repos/slack-events";
import { Hono } from "hono";
import { z } from "zod";
import { slackAudience } from "../../shared/slack-audience.ts";
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
 * Slack Events API and interactivity. Signed raw body first; an event is answered 200 after
 * queueing a sync job (ids only) for each scout on the team whose person is in the conversation
 * (`slackAudience`: cached rosters, at most 1.5 s), and the event's own message is handed to those
 * owners' DeviceHubs in memory, so triage reads no Slack API.
 */
export function slackRoutes() {
  return new Hono<AppEnv>()
    .post("/webhooks/slack", async (c) => {
      const { db, clock, logger, requestId, config, fetch } = c.var.services;
      const envelope = parseSigned(Envelope, await verifiedSlackBody(c));
      if (envelope.type === "url_verification") return c.json({ challenge: envelope.challenge ?? "" });
      if (envelope.type !== "event_callback" || !envelope.event_id || !envelope.team_id) {
        logger.log("info", "slack_event_ignored", { requestId, type: envelope.type });
        return c.body(null, 200);
      }
      const eventId = envelope.event_id;
      // Grid events name the workspace and the org several ways; a connection is found by any.
      const teams = slackEventTeams(envelope);
      await harvestSlackEventInBackground(c, { teams, payload: envelope });
      const item = slackEventItem(envelope);
      if (!item) return c.body(null, 200);
      let candidates: Awaited<ReturnType<typeof findScoutsByAccount>>;
      try {
        // Paused scouts still count: Slack has no cursor to catch up from, the consumer decides.
        candidates = (await findScoutsByAccount(db, "slack", teams)).filter(
          (s) => s.enabled && !s.needsReauth,
        );
        if (candidates.length === 0) {
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
      // Only people in the conversation get anything: a known non-member no job at all, an unknown
      // one (roster not readable in time) a job of ids only, which triage checks again before any
      // read. The message text goes only to known members' hubs.
      const audience = await slackAudience(
        { env: c.env, config, db, fetch, clock, logger },
        candidates.map((s) => s.scoutId),
        item.content.channel,
      );
      const jobs: SyncJob[] = [];
      const owned: Array<{ userId: string; job: SyncJob }> = [];
      for (const s of candidates) {
        const seen = audience.get(s.scoutId) ?? "unknown";
        if (seen === "not_member") continue;
        const job: SyncJob = { kind: "sync", scoutId: s.scoutId, trigger: "slack_event", ref: item.ref };
        jobs.push(job);
        if (seen === "member") owned.push({ userId: s.userId, job });
      }
      if (jobs.length === 0) {
        logger.log("info", "slack_event_no_member", { requestId, eventId, candidates: candidates.length });
        return c.body(null, 200);
      }
      try {
        await enqueueJobs(c.env.JOBS, jobs, { delaySeconds: queuedCopyDelaySeconds });
      } catch (e) {
        // Unrecord the event so Slack's retry is not mistaken for a duplicate.
        await forgetSlackEvent(db, eventId).catch(() => {});
        throw e;
      }
      logger.log("info", "slack_event_enqueued", {
        requestId,
        eventId,
        candidates: candidates.length,
        jobs: jobs.length,
        members: owned.length,
      });
      // The message text goes to the owners' hubs in memory only (the queue carries the ref).
      syncNow(c, owned, item.content);
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
