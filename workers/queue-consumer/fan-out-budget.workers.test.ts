import { type Cost, INVOCATION_LIMITS } from "@scouts/core/pipeline/invocation-budget";
import type { FetchLike } from "@scouts/core/ports";
import {
  scoutConnections,
  scoutOwedItems,
  scouts as scoutsTable,
  scoutTriageQueue,
} from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../shared/logger.ts";
import { backlog, cursorOf, db, drainSyncs, gmailAnswering, step, within } from "../test/fan-out-fixtures.ts";
import { sealGmailTokens } from "../test/gmail-fixtures.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";

afterEach(() => {
  resetTestOverrides();
});

describe("a sync job's fan-out is bounded by the invocation budget", () => {
  it("30 history pages × 500 ids under a tight budget: every invocation within it, each id enqueued exactly once, in order, the cursor at the mailbox's head", async () => {
    const tight: Cost = { queries: 500, subrequests: 60 };
    const b = await backlog(30, tight);
    const r = await drainSyncs(b);
    console.log(`fan-out, 30 pages, budget ${tight.subrequests}: ${JSON.stringify(r.invocations)}`);
    for (const c of r.invocations) within(c, tight);
    // The budget, not the 20-page default, split the listing.
    expect(r.invocations.length).toBeGreaterThan(2);
    expect(r.triage.map((j) => j.ref.id)).toEqual(b.ids);
    expect(r.triage.every((j) => j.scoutId === b.scoutId)).toBe(true);
    expect(r.cursor).toBe(b.world.gmail.historyId(b.mailbox));
  }, 300_000);

  it("with the default budget: a 30-page backlog lists 20 pages, stores the partial cursor and continues in the next invocation", async () => {
    const b = await backlog(30);
    const r = await drainSyncs(b);
    console.log(`fan-out, 30 pages, default budget: ${JSON.stringify(r.invocations)}`);
    for (const c of r.invocations) within(c, INVOCATION_LIMITS);
    expect(r.invocations).toHaveLength(2);
    expect(r.triage.map((j) => j.ref.id)).toEqual(b.ids);
    expect(r.cursor).toBe(b.world.gmail.historyId(b.mailbox));
  }, 300_000);
});

describe("the fan-out under attack fails safe", () => {
  const tight: Cost = { queries: 500, subrequests: 60 };

  it("a refresh token revoked mid-fan-out: the continuation stops (needs_reauth), the partial cursor stays; after reconnecting the rest is listed, each id once", async () => {
    const b = await backlog(12, tight);
    const first = await step(b, [{ kind: "sync", scoutId: b.scoutId, trigger: "poll" }]);
    expect(first.syncs).toHaveLength(1);
    const partial = (await cursorOf(b.scoutId))?.cursor;
    // The person revokes access; the stored access token has also lapsed.
    b.world.oauth.revoke(b.refreshToken);
    await sealGmailTokens(db, b, b.refreshToken);
    const revoked = await step(b, first.syncs);
    expect(revoked.result.retryMessages).toEqual([]);
    expect(revoked.triage).toEqual([]);
    expect(revoked.syncs).toEqual([]);
    expect(await cursorOf(b.scoutId)).toEqual({ cursor: partial, needsReauth: true });
    // Reconnected (a new refresh token): a poll goes on from the partial cursor.
    await db
      .update(scoutConnections)
      .set({ needsReauth: false })
      .where(eq(scoutConnections.scoutId, b.scoutId));
    await db.update(scoutsTable).set({ pausedReason: null }).where(eq(scoutsTable.id, b.scoutId));
    await sealGmailTokens(db, b, b.world.oauth.issueRefreshToken(b.mailbox));
    const rest = await drainSyncs(b);
    expect([...first.triage, ...rest.triage].map((j) => j.ref.id)).toEqual(b.ids);
  }, 120_000);

  it("Gmail down longer than the retries: the continuation reaches the DLQ with ids only, is owed, and its redo lists on from the stored cursor", async () => {
    const b = await backlog(12, tight);
    const first = await step(b, [{ kind: "sync", scoutId: b.scoutId, trigger: "poll" }]);
    const [cont] = first.syncs;
    expect(Object.keys(cont!).sort()).toEqual(["kind", "scoutId", "trigger"]);
    const dead = await step(b, [cont!], "scouts-dlq");
    expect(dead.result.explicitAcks).toHaveLength(1);
    const owed = await db.select().from(scoutOwedItems).where(eq(scoutOwedItems.scoutId, b.scoutId)).all();
    expect(owed.map((o) => [o.jobKind, o.itemRef])).toEqual([["sync", ""]]);
    // The redo the cron sends for an owed sync (core/pipeline/owed.ts), then its continuations.
    const redo = await step(b, [{ kind: "sync", scoutId: b.scoutId, trigger: "poll", redo: true }]);
    expect(redo.result.retryMessages).toEqual([]);
    expect(await db.select().from(scoutOwedItems).where(eq(scoutOwedItems.scoutId, b.scoutId)).all()).toEqual(
      [],
    );
    let syncs = redo.syncs;
    const triage = [...first.triage, ...redo.triage];
    while (syncs.length) {
      const next = await step(b, syncs);
      syncs = next.syncs;
      triage.push(...next.triage);
    }
    expect(triage.map((j) => j.ref.id)).toEqual(b.ids);
  }, 120_000);

  it("another person's scout id in a continuation or triage job: only that scout's own mailbox is read, nothing crosses", async () => {
    const a = await backlog(2, tight);
    const other = await a.world.gmailScout(`other-${crypto.randomUUID()}@example.com`);
    const otherMailbox = a.world.gmail.calls.length;
    // A continuation naming B lists B's (empty) history; a triage job naming B with A's message id.
    const r = await step(a, [
      { kind: "sync", scoutId: other.scoutId, trigger: "continue" },
      { kind: "triage", scoutId: other.scoutId, ref: { source: "gmail", id: a.ids[0]! } },
    ]);
    expect(r.result.retryMessages).toEqual([]);
    expect(r.triage).toEqual([]);
    const calls = a.world.gmail.calls.slice(otherMailbox);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.user !== a.mailbox)).toBe(true);
    const rows = await db
      .select()
      .from(scoutTriageQueue)
      .where(eq(scoutTriageQueue.scoutId, other.scoutId))
      .all();
    expect(rows).toEqual([]);
  }, 120_000);

  it("a malformed history page is refused by name (nothing enqueued, cursor unmoved); a page past Gmail's 500 records is read in slices, each id once", async () => {
    const b = await backlog(6);
    const before = (await cursorOf(b.scoutId))?.cursor;
    const real = testOverrides.fetch as FetchLike;
    const logger = createMemoryLogger();
    Object.assign(testOverrides, {
      logger,
      fetch: gmailAnswering(real, "/history", () =>
        Response.json({ history: [{ id: "99999999", messagesAdded: "all" }], historyId: "99999999" }),
      ),
    });
    const bad = await step(b, [{ kind: "sync", scoutId: b.scoutId, trigger: "poll" }]);
    expect(bad.result.retryMessages).toEqual([]);
    expect([...bad.syncs, ...bad.triage]).toEqual([]);
    expect((await cursorOf(b.scoutId))?.cursor).toBe(before);
    expect(
      logger.lines
        .filter((l) => l.event === "queue.sync_failed")
        .map((l) => (l.fields as { code?: string }).code),
    ).toEqual(["bad_input"]);

    // A "page" of 3,000 records (six of Gmail's pages glued together): read 500 at a time.
    Object.assign(testOverrides, {
      fetch: gmailAnswering(real, "/history", async (url, real, init) => {
        const history: unknown[] = [];
        let last: Record<string, unknown> = {};
        for (let k = 0; k < 6; k++) {
          last = (await (await real(url.toString(), init)).json()) as Record<string, unknown>;
          history.push(...((last.history as unknown[]) ?? []));
          if (!last.nextPageToken) break;
          url.searchParams.set("pageToken", String(last.nextPageToken));
        }
        return Response.json({ ...last, history });
      }),
    });
    const r = await drainSyncs(b);
    expect(r.triage.map((j) => j.ref.id)).toEqual(b.ids);
    for (const c of r.invocations) within(c, INVOCATION_LIMITS);
    expect(r.invocations.length).toBeGreaterThan(1);
  }, 120_000);
});
