import type { ItemContent, MessageRef, SourceConnector } from "@scouts/core/connectors/source-connector";
import type { Clock, Logger } from "@scouts/core/ports";
import type { EmailHeaders } from "@scouts/core/workspaces/extractors/gmail";
import {
  type HarvestResult,
  harvestFromEmailHeaders,
  harvestFromItemContent,
  harvestFromSlackEvent,
  placesOfItem,
} from "@scouts/core/workspaces/harvest";
import type { ScoutsDb } from "@scouts/db";
import { findScoutsByAccount } from "@scouts/db/repos/connections";
import { ensurePersonalSpace } from "@scouts/db/repos/spaces";
import { createWorkspaceStore } from "@scouts/db/repos/workspaces";
import type { Context } from "hono";
import { connectorForScout } from "../../shared/scout-connector.ts";
import type { AppEnv } from "../context.ts";

export interface HarvestDeps {
  db: ScoutsDb;
  clock: Clock;
  logger: Logger;
}

async function bestEffort(
  deps: HarvestDeps,
  run: () => Promise<HarvestResult>,
): Promise<HarvestResult | null> {
  try {
    return await run();
  } catch (e) {
    // The directory is a by-product: a failure here must never fail the webhook or the triage job.
    deps.logger.log("warn", "workspace.harvest_failed", { name: (e as Error)?.name ?? "unknown" });
    return null;
  }
}

/**
 * Harvest hook for the Slack webhook: records the conversation of every dispatched Events API
 * payload in the scout owner's personal space. Best effort, never throws.
 * @example await harvestSlackEventForUser({ db, clock, logger }, { userId: scout.userId, payload: body });
 */
export async function harvestSlackEventForUser(
  deps: HarvestDeps,
  input: { userId: string; payload: unknown },
) {
  return bestEffort(deps, async () => {
    const space = await ensurePersonalSpace(deps.db, { userId: input.userId, now: deps.clock.now() });
    const ctx = { store: createWorkspaceStore(deps.db), clock: deps.clock, logger: deps.logger };
    return harvestFromSlackEvent({ ctx, input: { spaceId: space.id, payload: input.payload } });
  });
}

/**
 * Harvest hook for the Gmail triage job: records the mailing list (List-Id) of a message whose
 * raw content the job holds transiently. Only the header block is read. Best effort.
 * @example await harvestEmailForUser({ db, clock, logger }, { userId, raw: content.raw });
 */
export async function harvestEmailForUser(
  deps: HarvestDeps,
  input: { userId: string; raw?: string; headers?: EmailHeaders },
) {
  return bestEffort(deps, async () => {
    const space = await ensurePersonalSpace(deps.db, { userId: input.userId, now: deps.clock.now() });
    const ctx = { store: createWorkspaceStore(deps.db), clock: deps.clock, logger: deps.logger };
    return harvestFromEmailHeaders({ ctx, input: { spaceId: space.id, ...input } });
  });
}

/**
 * Harvest hook for the triage job, with the content it already holds transiently: a Gmail item's
 * List-Id, a Slack item's channel. Best effort, never throws; stores no content. Items that name
 * no place (most mail) cost no database work.
 * @example await harvestItemContentForUser({ db, clock, logger }, { userId: scout.userId, content });
 */
export async function harvestItemContentForUser(
  deps: HarvestDeps,
  input: { userId: string; content: ItemContent },
) {
  if (placesOfItem(input.content).length === 0) return { created: 0, updated: 0, rejected: 0 };
  return bestEffort(deps, async () => {
    const space = await ensurePersonalSpace(deps.db, { userId: input.userId, now: deps.clock.now() });
    const ctx = { store: createWorkspaceStore(deps.db), clock: deps.clock, logger: deps.logger };
    return harvestFromItemContent({ ctx, input: { spaceId: space.id, content: input.content } });
  });
}

/**
 * Wraps a scout's connector so every `fetchContent` (the triage job's transient read) also
 * harvests the item's place into the owner's directory — the pipeline's one-line hook.
 * @example return withWorkspaceHarvest(await connectorForScout(...), { db, clock, logger }, scout.userId);
 */
export function withWorkspaceHarvest<C extends SourceConnector>(
  connector: C,
  deps: HarvestDeps,
  userId: string,
): C {
  const fetchContent = async (ref: MessageRef) => {
    const content = await connector.fetchContent(ref);
    await harvestItemContentForUser(deps, { userId, content });
    return content;
  };
  return new Proxy(connector, {
    get: (target, prop, receiver) =>
      prop === "fetchContent" ? fetchContent : Reflect.get(target, prop, receiver),
  });
}

/**
 * The Slack webhook's one-line hook for events that are not messages (channel created, renamed,
 * archived): harvested, after the response when the runtime allows (`waitUntil`), only into the
 * directory of each person whose own connection is in that channel. Message events are harvested
 * by triage, after the same check. Never throws.
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

type SlackLike = { seesChannel(channel: string): Promise<boolean> };

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
