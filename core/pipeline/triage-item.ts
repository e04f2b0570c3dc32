import type { ItemContent, MessageRef, SourceConnector } from "../connectors/source-connector.ts";
import { TriageJob, type TriageJob as TriageJobT } from "../protocol/jobs.ts";
import { Stage1Verdict } from "../triage/stage1-contract.ts";
import { parseInput } from "../validate.ts";
import { proposalFrame } from "./deliver-proposals.ts";
import type { PipelineScout, TriageCtx } from "./ports.ts";
import { publishSafely } from "./publish-safely.ts";
import { cloudReader } from "./reader-lookup.ts";

export type TriageOutcome =
  | "queued"
  | "duplicate"
  | "not_visible"
  | "spam"
  | "trashed"
  | "unknown_scout"
  | "paused"
  | "needs_reauth";

export interface TriageOptions {
  /** The scout as the caller just read it (inline triage inside a sync): saves a store read. */
  scout?: PipelineScout;
  /**
   * Fetch the content while the dedupe read runs. For items just listed past the cursor, where
   * a duplicate is rare; queued triage jobs (retries, fan-out after a failed sync) keep the
   * read first so a duplicate costs no provider call.
   */
  overlapDedupe?: boolean;
}

/** Rows nobody acked expire after 30 days. */
export const queueRowTtlMs = 30 * 24 * 3600 * 1000;

/**
 * Stage 1 for one item: fetches its content transiently, classifies it, and keeps only ids and
 * the verdict. Safe to run twice: the (scout, ref) unique row and the ledger make it a no-op.
 * @example await triageItem({ ctx, input: { kind: "triage", scoutId, ref: { source: "gmail", id: "18c…" } } })
 */
export async function triageItem({
  ctx,
  input,
  options = {},
}: {
  ctx: TriageCtx;
  input: TriageJobT;
  options?: TriageOptions;
}): Promise<{ outcome: TriageOutcome; proposalId?: string }> {
  const job = parseInput(TriageJob, input, "triage job");
  const scout = options.scout?.id === job.scoutId ? options.scout : await ctx.scouts.getScout(job.scoutId);
  if (!scout) return { outcome: "unknown_scout" };
  if (scout.needsReauth) return { outcome: "needs_reauth" };
  if (!scout.active) return { outcome: "paused" };

  // Overlapped, the content fetch is wasted only on a duplicate; in sequence it waits on the D1 read.
  const early = options.overlapDedupe ? fetchEarly(ctx, scout, job.ref) : null;
  if (await ctx.queueRows.exists(scout.id, job.ref.id)) {
    // A retry after a failed poke lands here: poke again (cheap, coalesced) so the row is not stranded.
    await ctx.hub.poke(scout.userId);
    return { outcome: "duplicate" };
  }

  const connector = await (early?.connector ?? ctx.connectorFor(scout));
  const content = await (early?.content ?? readIfVisible(connector, job.ref));
  // A shared source (a Slack team) where this scout's person cannot see the item: nothing is
  // read, kept, harvested or delivered for them.
  if (content === null) return { outcome: "not_visible" };
  // The reader (the watched mailbox, the person's relationship with the sender): in memory only,
  // fed to stage 1 as the device's reader is, and to the device on the frame.
  const reader = await cloudReader(ctx.readerLookups, scout, connector, content);
  const verdict = Stage1Verdict.parse(await ctx.classifier.classify(content, reader?.rules));
  const now = ctx.clock.now();

  if (verdict.verdict === "spam") {
    // Auto-trash (off by default) acts only on spam scored above the high-precision threshold.
    const trash = scout.autoTrashSpam && verdict.autoTrash === true;
    if (trash && (await ctx.ledger.hasAction(scout.id, "trash", job.ref.id))) {
      return { outcome: "duplicate" };
    }
    // Spam is remembered by id too (a row never delivered): a redelivered job or the queued copy
    // of a fast-path run is a duplicate, not a second log line, event and provider read.
    const kept = await ctx.queueRows.insert({
      id: ctx.ids(),
      userId: scout.userId,
      scoutId: scout.id,
      sourceMsgRef: job.ref.id,
      threadRef: job.ref.threadId ?? null,
      verdict: "spam",
      reason: verdict.reason,
      confidence: verdict.confidence,
      createdAt: now,
      expiresAt: now + queueRowTtlMs,
      dropped: true,
    });
    if (!kept) return { outcome: "duplicate" };
    // Visible in the scout's run log: what stage 1 kept from the person, by id and rule names.
    await ctx.runLogs.record({
      id: ctx.ids(),
      scoutId: scout.id,
      kind: "triage",
      outcome: trash ? "spam_trashed" : "spam",
      detail: `ref=${job.ref.id} ${verdict.reason}`.slice(0, 500),
      createdAt: now,
    });
    await publishSafely(ctx, {
      type: "scout.triage.verdict",
      userId: scout.userId,
      subject: `scout:${scout.id}`,
      payload: { scoutId: scout.id, proposalId: null, verdict: "spam", confidence: verdict.confidence },
    });
    if (!trash) return { outcome: "spam" };
    await connector.trash(job.ref);
    await ctx.ledger.record({
      id: ctx.ids(),
      userId: scout.userId,
      scoutId: scout.id,
      action: "trash",
      targetRef: job.ref.id,
      reversal: { action: "untrash", source: job.ref.source, ref: job.ref },
      actor: `scout:${ctx.classifier.name}`,
      createdAt: now,
    });
    return { outcome: "trashed" };
  }

  const proposalId = ctx.ids();
  const row = {
    id: proposalId,
    userId: scout.userId,
    scoutId: scout.id,
    sourceMsgRef: job.ref.id,
    threadRef: job.ref.threadId ?? null,
    verdict: verdict.verdict,
    reason: verdict.reason,
    confidence: verdict.confidence,
    createdAt: now,
    expiresAt: now + queueRowTtlMs,
  };
  const inserted = await ctx.queueRows.insert(row);
  if (!inserted) return { outcome: "duplicate" };
  // The display data came with the content: the hub sends at once, without a second provider call.
  if (content.metadata)
    await ctx.hub.offer(scout.userId, [
      proposalFrame({ ...row, sourceType: job.ref.source }, content.metadata, scout.mailbox, reader?.frame),
    ]);
  else await ctx.hub.poke(scout.userId);
  await publishSafely(ctx, {
    type: "scout.triage.verdict",
    userId: scout.userId,
    subject: `scout:${scout.id}`,
    payload: { scoutId: scout.id, proposalId, verdict: verdict.verdict, confidence: verdict.confidence },
  });
  return { outcome: "queued", proposalId };
}

/** The content, or null when the connection's own person cannot see the item (checked first). */
async function readIfVisible(connector: SourceConnector, ref: MessageRef): Promise<ItemContent | null> {
  if (connector.visibleToOwner && !(await connector.visibleToOwner(ref))) return null;
  return connector.fetchContent(ref);
}

function fetchEarly(ctx: TriageCtx, scout: PipelineScout, ref: MessageRef) {
  const connector = ctx.connectorFor(scout);
  const content = connector.then((c) => readIfVisible(c, ref));
  // Awaited later, or dropped on a duplicate: never an unhandled rejection meanwhile.
  content.catch(() => {});
  return { connector, content };
}
