import type { ItemMetadata } from "../connectors/source-connector.ts";
import type { Logger } from "../ports.ts";
import { ScoutProposalFrame } from "../protocol/frames.ts";
import type { ConnectorFor, QueueRow, ScoutStore, TriageQueueStore } from "./ports.ts";
import {
  createReaderLookups,
  type FrameReader,
  type ReaderLookups,
  readerFromHeaders,
} from "./reader-lookup.ts";
import { withTimeout } from "./with-timeout.ts";

export interface DeliverCtx {
  queueRows: TriageQueueStore;
  scouts: ScoutStore;
  connectorFor: ConnectorFor;
  clock: { now(): number };
  logger: Logger;
  /** Hands the frames to the sockets; throws if none could take them. */
  send(frames: ScoutProposalFrame[]): void;
  /** Sent-mail lookups for this run (bounded); default: a fresh set per run. */
  readerLookups?: ReaderLookups;
}

const pageSize = 200;
/** A proposal waits at most this long for its subject; after that it goes out without it. */
const metadataTimeoutMs = 5_000;

/**
 * Sends one `scout_proposal` per row and marks queued rows delivered. `queued` sends only new
 * rows (a poke); `unacked` also resends delivered-but-unacked rows (a device connecting after an
 * eviction or a drop). Subject, sender and snippet are fetched now and never stored.
 * @example await deliverProposals({ ctx, input: { userId, mode: "unacked" } })
 */
export async function deliverProposals({
  ctx,
  input,
}: {
  ctx: DeliverCtx;
  input: { userId: string; mode: "queued" | "unacked" };
}): Promise<{ sent: number }> {
  let sent = 0;
  // The relationship is looked up again for a proposal a device gets later: nothing kept it.
  const run = { ...ctx, readerLookups: ctx.readerLookups ?? createReaderLookups() };
  if (input.mode === "unacked") {
    const rows = await ctx.queueRows.listForUser(input.userId, ["queued", "delivered"], 2000);
    for (let i = 0; i < rows.length; i += pageSize) sent += await sendPage(run, rows.slice(i, i + pageSize));
    return { sent };
  }
  // Marking rows delivered takes them out of the next page; the bound stops a runaway loop.
  for (let round = 0; round < 50; round++) {
    const rows = await ctx.queueRows.listForUser(input.userId, ["queued"], pageSize);
    if (rows.length === 0) break;
    sent += await sendPage(run, rows);
  }
  return { sent };
}

async function sendPage(ctx: DeliverCtx, rows: QueueRow[]): Promise<number> {
  const { meta, mailboxes, readers } = await metadataFor(ctx, rows);
  ctx.send(
    rows.map((row) => {
      const key = `${row.scoutId}\u0000${row.sourceMsgRef}`;
      return proposalFrame(row, meta.get(key), mailboxes.get(row.scoutId), readers.get(key));
    }),
  );
  const fresh = rows.filter((r) => r.status === "queued").map((r) => r.id);
  if (fresh.length) await ctx.queueRows.markDelivered(fresh, ctx.clock.now());
  return rows.length;
}

async function metadataFor(
  ctx: DeliverCtx,
  rows: QueueRow[],
): Promise<{
  meta: Map<string, ItemMetadata>;
  mailboxes: Map<string, string>;
  readers: Map<string, FrameReader>;
}> {
  const byScout = new Map<string, QueueRow[]>();
  for (const r of rows) byScout.set(r.scoutId, [...(byScout.get(r.scoutId) ?? []), r]);
  const out = new Map<string, ItemMetadata>();
  const mailboxes = new Map<string, string>();
  const readers = new Map<string, FrameReader>();
  await Promise.all(
    [...byScout].map(async ([scoutId, scoutRows]) => {
      try {
        const scout = await ctx.scouts.getScout(scoutId);
        if (scout?.mailbox) mailboxes.set(scoutId, scout.mailbox);
        if (!scout || scout.needsReauth) return;
        const connector = await ctx.connectorFor(scout);
        const refs = scoutRows.map((r) => ({
          source: r.sourceType,
          id: r.sourceMsgRef,
          ...(r.threadRef ? { threadId: r.threadRef } : {}),
        }));
        const metas = await withTimeout(connector.fetchMetadata(refs), metadataTimeoutMs, "fetchMetadata");
        for (const m of metas) out.set(`${scoutId}\u0000${m.ref.id}`, m);
        if (scout.sourceType === "gmail")
          await Promise.all(
            metas.map(async (m) => {
              const r = await readerFromHeaders(ctx.readerLookups, scout, connector, m);
              if (r) readers.set(`${scoutId}\u0000${m.ref.id}`, r.frame);
            }),
          );
      } catch (e) {
        // The proposal still goes out; the device shows it without subject and can read_item later.
        ctx.logger.log("warn", "delivery.metadata_unavailable", { scoutId, error: errorCode(e) });
      }
    }),
  );
  return { meta: out, mailboxes, readers };
}

/**
 * The `scout_proposal` frame for a queue row, with display data when there is some. A frame that
 * fails the protocol (odd provider metadata) goes out bare rather than blocking the rest.
 * @example proposalFrame(row, { ref, from: "Ann <a@x.org>", subject: "Hi", snippet: "", date: 0 })
 */
export function proposalFrame(
  row: Omit<QueueRow, "userId" | "status" | "expiresAt">,
  meta: ItemMetadata | undefined,
  mailbox?: string,
  reader?: ScoutProposalFrame["reader"],
): ScoutProposalFrame {
  const bare: ScoutProposalFrame = {
    type: "scout_proposal",
    proposalId: row.id,
    scoutId: row.scoutId,
    source: row.sourceType,
    sourceMsgRef: row.sourceMsgRef,
    threadRef: row.threadRef,
    verdict: row.verdict,
    reason: row.reason,
    confidence: row.confidence,
    createdAt: row.createdAt,
  };
  if (!meta) return bare;
  const full = ScoutProposalFrame.safeParse({
    ...bare,
    from: meta.from,
    subject: meta.subject,
    snippet: meta.snippet,
    date: meta.date,
    ...(meta.to !== undefined ? { to: meta.to } : {}),
    ...(meta.cc !== undefined ? { cc: meta.cc } : {}),
    ...(meta.labels ? { labels: meta.labels } : {}),
    ...(meta.hasAttachment !== undefined ? { hasAttachment: meta.hasAttachment } : {}),
    ...(mailbox ? { mailbox } : {}),
    ...(reader && Object.keys(reader).length > 0 ? { reader } : {}),
  });
  return full.success ? full.data : bare;
}

function errorCode(e: unknown): string {
  return typeof e === "object" && e !== null && "code" in e ? String(e.code) : "error";
}
