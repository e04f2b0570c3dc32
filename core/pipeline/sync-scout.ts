import type { MessageRef, SourceConnector } from "../connectors/source-connector.ts";
import { SyncJob, type SyncJob as SyncJobT, type TriageJob } from "../protocol/jobs.ts";
import { parseInput } from "../validate.ts";
import { isAhead } from "./cursor.ts";
import { triageInline } from "./inline-triage.ts";
import type { PipelineScout, SyncCtx } from "./ports.ts";
import { publishSafely } from "./publish-safely.ts";

export type SyncOutcome = "enqueued" | "up_to_date" | "unknown_scout" | "paused" | "needs_reauth";

export interface SyncResult {
  outcome: SyncOutcome;
  enqueued: number;
  fullResync: boolean;
}

/** Queue `sendBatch` takes at most 100 messages per call. */
const maxBatch = 100;
/** History pages one sync job may list besides its first (Gmail: 20 pages of 500 records in all). */
const maxExtraPages = 19;

/**
 * Turns a push, poll or Slack event into one triage job per new item, or, for a page of at most
 * `ctx.inline.maxRefs` items, triages them right here (a ref that fails inline becomes a job).
 * The cursor moves forward only, after every ref is inserted or enqueued, so a crash in between
 * re-lists rather than loses (and the (scout, ref) unique row turns the replay into no-ops).
 * @example await syncScout({ ctx, input: { kind: "sync", scoutId, historyId: "1234", trigger: "push" } })
 */
export async function syncScout({ ctx, input }: { ctx: SyncCtx; input: SyncJobT }): Promise<SyncResult> {
  const job = parseInput(SyncJob, input, "sync job");
  // The first page is the job's own (reserved by the consumer); further ones as the budget allows.
  const maxPages = job.ref ? 0 : 1 + (ctx.budget ? ctx.budget.admitPages(maxExtraPages) : maxExtraPages);
  // Pages admitted but not read go back to the invocation (to inline triage, the next job).
  const settlePages = (read: number | undefined) => {
    if (maxPages > 0) ctx.budget?.refundPages(maxPages - Math.max(1, Math.min(read ?? 1, maxPages)));
  };
  const none = (outcome: SyncOutcome): SyncResult => {
    settlePages(1);
    return { outcome, enqueued: 0, fullResync: false };
  };
  const early = job.ref ? null : listEarly(ctx, job, maxPages);
  const scout = await ctx.scouts.getScout(job.scoutId);
  if (!scout) return none("unknown_scout");
  if (scout.needsReauth) return none("needs_reauth");
  if (!scout.active) return none("paused");

  if (job.ref) {
    // A pushed item: its fast path usually ran already, so the dedupe read comes before any
    // provider call (Slack's history read is limited to one a minute).
    await handOff(ctx, scout, [job.ref], null, false);
    await ctx.scouts.markRun(scout.id, ctx.clock.now());
    return { outcome: "enqueued", enqueued: 1, fullResync: false };
  }
  // A duplicate or late notification names history we already listed.
  if (job.historyId && scout.cursor !== null && !isAhead(job.historyId, scout.cursor)) {
    return none("up_to_date");
  }

  // The early page counts only if it was listed from the cursor the row holds now.
  const state = scout.syncState ?? null;
  const listed = early && early.cursor === scout.cursor && early.state === state ? await early.page : null;
  const connector = listed?.connector ?? (await ctx.connectorFor(scout));
  const page = listed?.page ?? (await connector.listNew({ cursor: scout.cursor, maxPages, state }));
  settlePages(page.pages);
  const refs = uniqueRefs(page.refs);
  await handOff(ctx, scout, refs, connector);
  const moved = isAhead(page.cursor, scout.cursor);
  // The state goes with the cursor in one write; alone only for a gap resync's progress (the
  // cursor waits for it to finish) or the first time. A cursor time left older (a quiet mailbox
  // whose cursor did not move) only makes a resync list more.
  const stateMoved = page.state !== undefined && page.state !== state;
  if (moved) await ctx.scouts.advanceCursor(scout.id, page.cursor, stateMoved ? page.state : undefined);
  else if (stateMoved && (page.more || page.fullResync || !state))
    await ctx.scouts.saveSyncState(scout.id, page.state!);
  // The listing stopped at its allowance: the partial cursor (or resync page) is stored, the rest
  // is the next invocation's. A crash before this send retries the job, which lists on from there.
  if (page.more && (moved || stateMoved)) {
    await ctx.jobs.sendBatch([{ kind: "sync", scoutId: scout.id, trigger: "continue" }]);
    ctx.logger.log("info", "queue.sync_continued", { scoutId: scout.id, refs: refs.length });
  }
  ctx.lastScouts?.set(scout.id, {
    ...scout,
    cursor: moved ? page.cursor : scout.cursor,
    syncState: stateMoved && (moved || page.more || page.fullResync || !state) ? page.state! : state,
  });
  const now = ctx.clock.now();
  // Independent bookkeeping: one round trip instead of three before the next sync may start.
  await Promise.all([
    ctx.scouts.markRun(scout.id, now),
    ctx.runLogs.record({
      id: ctx.ids(),
      scoutId: scout.id,
      kind: "sync",
      outcome: page.fullResync ? "full_resync" : "ok",
      detail: `trigger=${job.trigger} refs=${refs.length}${page.more ? " more" : ""}`,
      createdAt: now,
    }),
    publishSafely(ctx, {
      type: "scout.run.finished",
      userId: scout.userId,
      subject: `scout:${scout.id}`,
      payload: { scoutId: scout.id, trigger: job.trigger, items: refs.length, fullResync: page.fullResync },
    }),
  ]);
  return {
    outcome: refs.length ? "enqueued" : "up_to_date",
    enqueued: refs.length,
    fullResync: page.fullResync,
  };
}

/**
 * With `ctx.lastScouts`, starts `history.list` from the remembered cursor before the scout row
 * is read (one D1 round trip off a push's path). Null when there is nothing to remember, the
 * scout was not active, or the push is not past that cursor; a failed listing resolves to null
 * and the sync lists again from the row's cursor.
 */
function listEarly(ctx: SyncCtx, job: SyncJobT, maxPages: number) {
  const known = ctx.lastScouts?.get(job.scoutId);
  if (!known || known.cursor === null || !known.active || known.needsReauth) return null;
  if (job.historyId && !isAhead(job.historyId, known.cursor)) return null;
  const cursor = known.cursor;
  const state = known.syncState ?? null;
  const page = ctx
    .connectorFor(known)
    .then(async (connector) => ({ connector, page: await connector.listNew({ cursor, maxPages, state }) }))
    .catch(() => null);
  return { cursor, state, page };
}

/** Triages a small page inline (on `connector`, or one built now) and enqueues the rest. */
async function handOff(
  ctx: SyncCtx,
  scout: PipelineScout,
  refs: MessageRef[],
  connector: SourceConnector | null,
  overlapDedupe = true,
): Promise<void> {
  let queued = refs;
  if (ctx.inline && refs.length > 0 && refs.length <= ctx.inline.maxRefs) {
    // Past the invocation's budget the rest are handed on as triage jobs, never dropped.
    const n = ctx.inline.budget ? ctx.inline.budget.admit(refs.length) : refs.length;
    if (n < refs.length)
      ctx.logger.log("info", "queue.budget_handed_on", {
        scoutId: scout.id,
        inline: n,
        queued: refs.length - n,
      });
    // A connector that cannot be built now is the fan-out jobs' problem (they retry on their own).
    const c = n > 0 ? (connector ?? (await ctx.connectorFor(scout).catch(() => null))) : null;
    if (c) {
      const failed = await triageInline(ctx.inline, scout, c, refs.slice(0, n), overlapDedupe);
      queued = [...failed, ...refs.slice(n)];
    }
  }
  for (let i = 0; i < queued.length; i += maxBatch) {
    const chunk = queued.slice(i, i + maxBatch);
    await ctx.jobs.sendBatch(chunk.map((ref): TriageJob => ({ kind: "triage", scoutId: scout.id, ref })));
  }
}

function uniqueRefs(refs: MessageRef[]): MessageRef[] {
  const seen = new Set<string>();
  return refs.filter((r) => !seen.has(r.id) && seen.add(r.id));
}
