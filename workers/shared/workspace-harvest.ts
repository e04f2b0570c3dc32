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
import { ensurePersonalSpace } from "@scouts/db/repos/spaces";
import { createWorkspaceStore } from "@scouts/db/repos/workspaces";

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

/** The same for every user whose scouts listen on the event's team (each gets it in their own space). */
export async function harvestSlackEventForUsers(
  deps: HarvestDeps,
  input: { userIds: string[]; payload: unknown },
) {
  for (const userId of new Set(input.userIds))
    await harvestSlackEventForUser(deps, { userId, payload: input.payload });
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
