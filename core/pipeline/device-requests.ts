import type { z } from "zod";
import type { MessageRef } from "../connectors/source-connector.ts";
import type {
  ReadItemResultFrame,
  ReadStateResultFrame,
  ScreenedRequestFrame,
  ScreenedResultFrame,
} from "../protocol/frames.ts";
import { MESSAGE_CAPS } from "../protocol/message.ts";
import type { ConnectorFor, ScoutStore, TriageQueueStore } from "./ports.ts";
import { queueRowTtlMs } from "./triage-item.ts";

/**
 * A device acknowledges a proposal. Only the row's own user can: the lookup is scoped by userId.
 * @example await ackProposal({ ctx, input: { userId, proposalId } }) // true
 */
export async function ackProposal({
  ctx,
  input,
}: {
  ctx: { queueRows: TriageQueueStore; clock: { now(): number } };
  input: { userId: string; proposalId: string };
}): Promise<boolean> {
  return ctx.queueRows.ack(input.userId, input.proposalId, ctx.clock.now());
}

type ReadItemResult = z.infer<typeof ReadItemResultFrame>;

/**
 * Full content for the device, fetched now and passed straight through; never stored.
 * @example await readItem({ ctx, input: { userId, requestId: "r1", proposalId } })
 */
export async function readItem({
  ctx,
  input,
}: {
  ctx: { queueRows: TriageQueueStore; scouts: ScoutStore; connectorFor: ConnectorFor };
  input: { userId: string; requestId: string; proposalId: string };
}): Promise<ReadItemResult> {
  const fail = (error: string): ReadItemResult => ({
    type: "read_item_result",
    requestId: input.requestId,
    ok: false,
    error,
  });
  const row = await ctx.queueRows.getForUser(input.userId, input.proposalId);
  if (!row) return fail("not_found");
  const scout = await ctx.scouts.getScout(row.scoutId);
  if (!scout || scout.userId !== input.userId) return fail("not_found");
  if (scout.needsReauth) return fail("needs_reauth");
  try {
    const connector = await ctx.connectorFor(scout);
    const ref = {
      source: row.sourceType,
      id: row.sourceMsgRef,
      ...(row.threadRef ? { threadId: row.threadRef } : {}),
    };
    const [meta] = await connector.fetchMetadata([ref]);
    const content = await connector.fetchContent(ref);
    // Thread context is a courtesy: a failure to list it must not hide the message itself.
    const thread = connector.fetchThread
      ? await connector.fetchThread(ref, MESSAGE_CAPS.thread).catch(() => undefined)
      : undefined;
    return {
      type: "read_item_result",
      requestId: input.requestId,
      ok: true,
      item: {
        from: meta?.from ?? (content.kind === "chat" ? content.user : ""),
        subject: meta?.subject ?? "",
        date: meta?.date ?? (content.kind === "chat" ? content.date : row.createdAt),
        ...(content.kind === "email" ? { raw: content.raw } : { text: content.text }),
        ...(thread ? { thread } : {}),
      },
    };
  } catch (e) {
    return fail(typeof e === "object" && e !== null && "code" in e ? String(e.code) : "upstream_unavailable");
  }
}

/**
 * The mailbox's read state of the user's own items (Gmail: the UNREAD label), looked up now and
 * answered in memory; never stored. Another user's id, or one whose scout is gone or needs a new
 * login, answers `unread: null` (indistinguishable from "unknown").
 * @example await readState({ ctx, input: { userId, requestId: "r1", proposalIds: ["p1"] } })
 */
export async function readState({
  ctx,
  input,
}: {
  ctx: { queueRows: TriageQueueStore; scouts: ScoutStore; connectorFor: ConnectorFor };
  input: { userId: string; requestId: string; proposalIds: readonly string[] };
}): Promise<ReadStateResultFrame> {
  const unread = new Map<string, boolean | null>(input.proposalIds.map((id) => [id, null]));
  const byScout = new Map<string, { proposalId: string; ref: MessageRef }[]>();
  for (const proposalId of unread.keys()) {
    const row = await ctx.queueRows.getForUser(input.userId, proposalId);
    if (!row) continue;
    const list = byScout.get(row.scoutId) ?? [];
    list.push({ proposalId, ref: { source: row.sourceType, id: row.sourceMsgRef } });
    byScout.set(row.scoutId, list);
  }
  for (const [scoutId, items] of byScout) {
    const scout = await ctx.scouts.getScout(scoutId);
    if (!scout || scout.userId !== input.userId || scout.needsReauth) continue;
    try {
      const connector = await ctx.connectorFor(scout);
      const refs = items.map((i) => i.ref);
      // Only labels are needed: a source that can fetch them alone is not asked for headers.
      const found: { ref: MessageRef; labels?: string[] }[] = connector.fetchLabels
        ? await connector.fetchLabels(refs)
        : await connector.fetchMetadata(refs);
      for (const item of items) {
        const labels = found.find((m) => m.ref.id === item.ref.id)?.labels;
        if (labels) unread.set(item.proposalId, labels.includes("UNREAD"));
      }
    } catch {
      // A provider failure leaves these unknown: the read rate then counts only what is known.
    }
  }
  return {
    type: "read_state_result",
    requestId: input.requestId,
    ok: true,
    states: [...unread].map(([proposalId, u]) => ({ proposalId, unread: u })),
  };
}

/** How many dropped items one `list` answers with, newest first. */
export const SCREENED_LIST_LIMIT = 500;

/**
 * The Screened view's cloud side, for `userId` only: lists their dropped items (ids and codes),
 * or restores one ("not spam": queued again, then delivered by the normal path) or rescreens it.
 * @example await screenedRequest({ ctx, input: { userId, frame: { type: "screened_request", requestId: "r1", op: "list" } } })
 */
export async function screenedRequest({
  ctx,
  input,
}: {
  ctx: { queueRows: TriageQueueStore; clock: { now(): number } };
  input: { userId: string; frame: ScreenedRequestFrame };
}): Promise<{ result: ScreenedResultFrame; restored: boolean }> {
  const { frame, userId } = input;
  const answer = (rest: Omit<ScreenedResultFrame, "type" | "requestId">) => ({
    type: "screened_result" as const,
    requestId: frame.requestId,
    ...rest,
  });
  if (frame.op === "list") {
    const rows = await ctx.queueRows.listDropped(userId, SCREENED_LIST_LIMIT);
    const items = rows.map((r) => ({
      proposalId: r.id,
      scoutId: r.scoutId,
      source: r.sourceType,
      sourceMsgRef: r.sourceMsgRef,
      reason: r.reason,
      confidence: r.confidence,
      createdAt: r.createdAt,
    }));
    return { result: answer({ ok: true, items }), restored: false };
  }
  if (!frame.proposalId)
    return { result: answer({ ok: false, error: "bad_input: proposalId is required" }), restored: false };
  const expiresAt = ctx.clock.now() + queueRowTtlMs;
  const changed = await ctx.queueRows.setScreened(userId, frame.proposalId, frame.op, expiresAt);
  if (changed) return { result: answer({ ok: true }), restored: frame.op === "restore" };
  // Unknown, another user's, or not in a state this op applies to: one answer for all three.
  return { result: answer({ ok: false, error: "not_found" }), restored: false };
}
