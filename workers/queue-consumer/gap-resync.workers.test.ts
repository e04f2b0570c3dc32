import type { Cost } from "@scouts/core/pipeline/invocation-budget";
import type { FetchLike } from "@scouts/core/ports";
import type { ScoutJob, TriageJob } from "@scouts/core/protocol/jobs";
import { scoutConnections, scoutOwedItems, scouts as scoutsTable } from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import { backlog, db, drainSyncs, gmailAnswering, step, within } from "../test/fan-out-fixtures.ts";
import { sealGmailTokens } from "../test/gmail-fixtures.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";

afterEach(() => {
  resetTestOverrides();
});

const tight: Cost = { queries: 500, subrequests: 60 };
type Backlog = Awaited<ReturnType<typeof backlog>>;

async function stored(scoutId: string) {
  return db
    .select({
      cursor: scoutConnections.historyCursor,
      state: scoutConnections.syncState,
      needsReauth: scoutConnections.needsReauth,
    })
    .from(scoutConnections)
    .where(eq(scoutConnections.scoutId, scoutId))
    .get();
}

/** Every id of the mailbox enqueued, none twice. */
function eachOnce(b: Backlog, triage: TriageJob[]) {
  const got = triage.map((j) => j.ref.id);
  expect(got.length - new Set(got).size).toBe(0);
  expect(new Set(got)).toEqual(new Set(b.ids));
  expect(triage.every((j) => j.scoutId === b.scoutId)).toBe(true);
}

/** Runs `syncs` and every continuation they send; the triage jobs sent on. */
async function drainFrom(b: Backlog, syncs: ScoutJob[]) {
  const triage: TriageJob[] = [];
  for (let k = 0; syncs.length > 0; k++) {
    expect(k).toBeLessThan(60);
    const r = await step(b, syncs);
    expect(r.result.retryMessages).toEqual([]);
    within(r.cost, tight);
    syncs = r.syncs;
    triage.push(...r.triage);
  }
  return triage;
}

/** A listing stopped part-way, then history expired: the next invocation starts the gap resync. */
async function midResync(pages: number) {
  const b = await backlog(pages, tight, { spacedMs: 1000 });
  const first = await step(b, [{ kind: "sync", scoutId: b.scoutId, trigger: "poll" }]);
  expect(first.syncs).toHaveLength(1);
  b.world.gmail.expireHistory(b.mailbox);
  const second = await step(b, first.syncs);
  expect(second.syncs).toHaveLength(1);
  const s = await stored(b.scoutId);
  expect(JSON.parse(s!.state!).resync).toBeDefined();
  return { b, triage: [...first.triage, ...second.triage], next: second.syncs };
}

describe("history expiring (404) mid-listing: the resync covers the gap", () => {
  it("30 pages × 500, expired after the first invocation: a full sync since the cursor's time lists every message once, each invocation within budget", async () => {
    const b = await backlog(30, tight, { spacedMs: 1000 });
    const r = await drainSyncs(b, (k) => {
      if (k === 1) b.world.gmail.expireHistory(b.mailbox);
    });
    console.log(`gap resync, 30 pages, budget ${tight.subrequests}: ${JSON.stringify(r.invocations)}`);
    for (const c of r.invocations) within(c, tight);
    eachOnce(b, r.triage);
    // More than Gmail's newest 500 were behind the lost cursor.
    const beforeGap = r.triage.findIndex((j) => j.ref.id === b.ids.at(-1));
    expect(r.triage.length - beforeGap).toBeGreaterThan(500);
    expect(r.cursor).toBe(b.world.gmail.historyId(b.mailbox));
    expect(JSON.parse((await stored(b.scoutId))!.state!).resync).toBeUndefined();
  }, 300_000);

  it("expired after a complete listing: 1,200 new messages (over 500) all listed once; mail arriving during the resync is listed after it", async () => {
    const b = await backlog(0, tight);
    // Every ref as a triage job, so the test sees each one (a page of one is otherwise triaged inline).
    Object.assign(testOverrides, { inlineTriageMax: 0 });
    await drainSyncs(b);
    for (let i = 0; i < 1200; i++)
      b.ids.push(
        b.world.gmail.addMessage(b.mailbox, {
          raw: rfc822({ from: `g${i}@senders.example.org`, to: b.mailbox, subject: `g${i}`, body: "hi" }),
        }).id,
      );
    b.world.gmail.expireHistory(b.mailbox);
    const first = await step(b, [{ kind: "sync", scoutId: b.scoutId, trigger: "push" }]);
    const late = b.world.gmail.addMessage(b.mailbox, {
      raw: rfc822({ from: "late@senders.example.org", to: b.mailbox, subject: "late", body: "hi" }),
    }).id;
    b.ids.push(late);
    const rest = await drainFrom(b, first.syncs);
    const after = await drainSyncs(b);
    const all = [...first.triage, ...rest, ...after.triage];
    expect(all.map((j) => j.ref.id)).toContain(late);
    expect(all.filter((j) => j.ref.id !== late).length).toBe(1200);
    expect(new Set(all.map((j) => j.ref.id))).toEqual(new Set(b.ids));
    expect(after.cursor).toBe(b.world.gmail.historyId(b.mailbox));
  }, 300_000);
});

describe("a gap resync under attack fails safe", () => {
  it("a refresh token revoked mid-resync: it stops (needs_reauth) with its page kept; after reconnecting it goes on, each id once", async () => {
    const { b, triage, next } = await midResync(24);
    const kept = await stored(b.scoutId);
    b.world.oauth.revoke(b.refreshToken);
    await sealGmailTokens(db, b, b.refreshToken);
    const revoked = await step(b, next);
    expect(revoked.result.retryMessages).toEqual([]);
    expect([...revoked.syncs, ...revoked.triage]).toEqual([]);
    expect(await stored(b.scoutId)).toEqual({ ...kept, needsReauth: true });
    await db
      .update(scoutConnections)
      .set({ needsReauth: false })
      .where(eq(scoutConnections.scoutId, b.scoutId));
    await db.update(scoutsTable).set({ pausedReason: null }).where(eq(scoutsTable.id, b.scoutId));
    await sealGmailTokens(db, b, b.world.oauth.issueRefreshToken(b.mailbox));
    eachOnce(b, [
      ...triage,
      ...(await drainFrom(b, [{ kind: "sync", scoutId: b.scoutId, trigger: "poll" }])),
    ]);
  }, 120_000);

  it("Gmail down longer than the retries mid-resync: the continuation is owed with ids only and its redo lists on from the stored page", async () => {
    const { b, triage, next } = await midResync(24);
    expect(Object.keys(next[0]!).sort()).toEqual(["kind", "scoutId", "trigger"]);
    const dead = await step(b, next, "scouts-dlq");
    expect(dead.result.explicitAcks).toHaveLength(1);
    const owed = await db.select().from(scoutOwedItems).where(eq(scoutOwedItems.scoutId, b.scoutId)).all();
    expect(owed.map((o) => [o.jobKind, o.itemRef])).toEqual([["sync", ""]]);
    const redo = await drainFrom(b, [{ kind: "sync", scoutId: b.scoutId, trigger: "poll", redo: true }]);
    eachOnce(b, [...triage, ...redo]);
  }, 120_000);

  it("a malformed messages.list page is refused by name: nothing enqueued, the resync's page unmoved; when Gmail answers right it goes on", async () => {
    const { b, triage, next } = await midResync(24);
    const kept = await stored(b.scoutId);
    const real = testOverrides.fetch as FetchLike;
    const logger = createMemoryLogger();
    Object.assign(testOverrides, {
      logger,
      fetch: gmailAnswering(real, "/messages", () =>
        Response.json({ messages: [{ id: "" }, { threadId: 7 }], nextPageToken: "x" }),
      ),
    });
    const bad = await step(b, next);
    expect(bad.result.retryMessages).toEqual([]);
    expect([...bad.syncs, ...bad.triage]).toEqual([]);
    expect(await stored(b.scoutId)).toEqual(kept);
    const failed = logger.lines.filter((l) => l.event === "queue.sync_failed");
    expect(failed.map((l) => (l.fields as { code?: string }).code)).toEqual(["bad_input"]);
    Object.assign(testOverrides, { fetch: real });
    eachOnce(b, [...triage, ...(await drainFrom(b, next))]);
  }, 120_000);

  it("another person's scout id in a continuation: it reads only that scout's mailbox and leaves the first scout's resync as it was", async () => {
    const { b, next } = await midResync(24);
    const kept = await stored(b.scoutId);
    const other = await b.world.gmailScout(`other-${crypto.randomUUID()}@example.com`);
    const callsBefore = b.world.gmail.calls.length;
    const r = await step(b, [{ ...next[0]!, scoutId: other.scoutId } as ScoutJob]);
    expect(r.result.retryMessages).toEqual([]);
    expect(r.triage).toEqual([]);
    const calls = b.world.gmail.calls.slice(callsBefore);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.user !== b.mailbox)).toBe(true);
    expect(await stored(b.scoutId)).toEqual(kept);
    expect((await stored(other.scoutId))?.state ?? "").not.toContain("resync");
  }, 120_000);
});
