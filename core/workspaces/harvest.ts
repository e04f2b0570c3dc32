import type { ItemContent } from "../connectors/source-connector.ts";
import type { Clock, Logger } from "../ports.ts";
import { type EmailHeaders, extractEmailWorkspaces, headersOfRawEmail } from "./extractors/gmail.ts";
import { extractSlackWorkspaces, slackPlaceOf } from "./extractors/slack.ts";
import type { WorkspaceStore } from "./store.ts";
import type { HarvestedWorkspace } from "./types.ts";
import { deriveWorkspaceKey } from "./workspace-key.ts";

export interface HarvestCtx {
  store: WorkspaceStore;
  clock: Clock;
  logger: Logger;
}

export interface HarvestResult {
  created: number;
  updated: number;
  rejected: number;
}

/**
 * Upserts harvested places into a space, stamped with the dispatch time. Runs for every event
 * with no per-connector opt-in; a kind change is rejected and logged (key and kinds only).
 * @example await harvestWorkspaces({ ctx, input: { spaceId, harvested: extractSlackWorkspaces(payload) } })
 */
export async function harvestWorkspaces({
  ctx,
  input,
}: {
  ctx: HarvestCtx;
  input: { spaceId: string; harvested: HarvestedWorkspace[]; tags?: string[] };
}): Promise<HarvestResult> {
  const result: HarvestResult = { created: 0, updated: 0, rejected: 0 };
  const seenAt = ctx.clock.now();
  for (const h of input.harvested) {
    const outcome = await ctx.store.upsert(input.spaceId, {
      ...h,
      seenAt,
      ...(input.tags ? { tags: input.tags } : {}),
    });
    if (outcome.status === "rejected") {
      result.rejected++;
      ctx.logger.log("warn", "workspace.kind_change_rejected", {
        spaceId: input.spaceId,
        workspaceKey: h.workspaceKey,
        storedKind: outcome.record.kind,
        incomingKind: h.kind,
      });
    } else if (outcome.status === "created") result.created++;
    else if (outcome.status === "updated") result.updated++;
  }
  return result;
}

/**
 * Harvest hook for Slack: call with every Events API payload the webhook dispatches.
 * @example await harvestFromSlackEvent({ ctx, input: { spaceId, payload: body } })
 */
export function harvestFromSlackEvent({
  ctx,
  input,
}: {
  ctx: HarvestCtx;
  input: { spaceId: string; payload: unknown };
}) {
  return harvestWorkspaces({
    ctx,
    input: { spaceId: input.spaceId, harvested: extractSlackWorkspaces(input.payload), tags: ["slack"] },
  });
}

/**
 * Harvest hook for email: call with a message's headers (or its raw RFC 822 text) while the
 * triage job holds the content transiently. Only List-Id is read.
 * @example await harvestFromEmailHeaders({ ctx, input: { spaceId, headers: { "List-Id": "<a.example.com>" } } })
 */
export function harvestFromEmailHeaders({
  ctx,
  input,
}: {
  ctx: HarvestCtx;
  input: { spaceId: string; headers?: EmailHeaders; raw?: string };
}) {
  const headers = input.headers ?? headersOfRawEmail(input.raw ?? "");
  return harvestWorkspaces({
    ctx,
    input: { spaceId: input.spaceId, harvested: extractEmailWorkspaces(headers), tags: ["gmail"] },
  });
}

/** The place an item came from, read from ids and headers only (never its text). */
export function placesOfItem(content: ItemContent): HarvestedWorkspace[] {
  if (content.kind === "email") return extractEmailWorkspaces(headersOfRawEmail(content.raw));
  // Chat items name their conversation: keyed exactly as the Events API path keys it. A C…/G… id
  // alone does not say channel or group DM, so without the type the item names no place (a guess
  // would give the conversation a second kind); D… ids are always DMs.
  if (content.channelType === undefined && !content.channel.startsWith("D")) return [];
  const place = slackPlaceOf(content.channel, content.channelType);
  if (!place) return [];
  try {
    const workspaceKey = deriveWorkspaceKey({ input: { scheme: "slack", kind: place.kind, id: place.id } });
    return [{ workspaceKey, kind: place.kind, metadata: {} }];
  } catch {
    return [];
  }
}

/**
 * Harvest hook for the triage job: the place an item it holds transiently came from.
 * @example await harvestFromItemContent({ ctx, input: { spaceId, content } })
 */
export function harvestFromItemContent({
  ctx,
  input,
}: {
  ctx: HarvestCtx;
  input: { spaceId: string; content: ItemContent };
}) {
  const tags = [input.content.kind === "email" ? "gmail" : "slack"];
  return harvestWorkspaces({
    ctx,
    input: { spaceId: input.spaceId, harvested: placesOfItem(input.content), tags },
  });
}
