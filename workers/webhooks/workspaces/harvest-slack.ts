import { findScoutsByAccount } from "@scouts/db/repos/connections";
import type { Context } from "hono";
import { connectorForScout } from "../../shared/scout-connector.ts";
import { harvestSlackEventForUser } from "../../shared/workspace-harvest.ts";
import type { AppEnv } from "../context.ts";

type SlackLike = { seesChannel(channel: string): Promise<boolean> };

/**
 * The Slack webhook's one-line hook for events that are not messages (channel created, renamed,
 * archived): harvested after the response when the runtime allows (`waitUntil`), only into the
 * directory of each person whose own connection is in that channel. Message events are harvested
 * by their triage, after the same check. Never throws.
 * @example await harvestSlackEventInBackground(c, { teams: slackEventTeams(envelope), payload: envelope });
 */
export async function harvestSlackEventInBackground(
  c: Context<AppEnv>,
  input: { teams: string[]; payload: unknown },
): Promise<void> {
  const { db, clock, logger, config, fetch } = c.var.services;
  const channel = channelOfEvent(input.payload);
  if (!channel || input.teams.length === 0) return;
  const work = (async () => {
    try {
      const scouts = await findScoutsByAccount(db, "slack", input.teams);
      for (const s of scouts) {
        if (!s.enabled || s.needsReauth) continue;
        const sees = await connectorForScout({
          env: c.env,
          config,
          db,
          scoutId: s.scoutId,
          fetch,
          clock,
          logger,
        })
          .then((conn) => ("seesChannel" in conn ? (conn as SlackLike).seesChannel(channel) : false))
          .catch(() => false);
        if (sees)
          await harvestSlackEventForUser({ db, clock, logger }, { userId: s.userId, payload: input.payload });
      }
    } catch {
      logger.log("warn", "workspace.harvest_failed", { name: "scout_lookup" });
    }
  })();
  let ctx: ExecutionContext | undefined;
  try {
    ctx = c.executionCtx as ExecutionContext;
  } catch {
    ctx = undefined;
  }
  if (ctx) ctx.waitUntil(work);
  else await work;
}

/** The channel id of a non-message event (a message's place is harvested by its triage). */
function channelOfEvent(payload: unknown): string | null {
  const event = (payload as { event?: { type?: unknown; channel?: unknown } } | null)?.event;
  if (!event || event.type === "message") return null;
  const channel =
    typeof event.channel === "object" && event.channel !== null
      ? (event.channel as { id?: unknown }).id
      : event.channel;
  return typeof channel === "string" ? channel : null;
}
