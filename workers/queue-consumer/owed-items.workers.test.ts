import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import type { HubPoker } from "@scouts/core/pipeline/ports";
import type { ScoutJob } from "@scouts/core/protocol/jobs";
import { createD1Db } from "@scouts/db/d1";
import { createOwedStore, owedSummary } from "@scouts/db/repos/owed-items";
import { scoutOwedItems, scoutTriageQueue } from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import worker from "../test/entry.ts";
import { GMAIL_FAKE_VARS, type GmailWorld, gmailWorld } from "../test/gmail-fixtures.ts";
import { testEnv } from "../test/harness.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import { recordingSender } from "../test/pipeline-fixtures.ts";

/** wrangler.toml: scouts-jobs max_retries = 5, then scouts-dlq. */
const MAX_RETRIES = 5;
const db = createD1Db(env.DB);
let world: GmailWorld;
let jobs: ReturnType<typeof recordingSender>;
let offered: string[];
let now: number;
/** What each minute's cron tick re-enqueued from the owed items (item ref, or "sync"). */
let ticks: { at: number; redone: string[] }[];

beforeEach(() => {
  world = gmailWorld(db);
  jobs = recordingSender();
  offered = [];
  ticks = [];
  now = Date.UTC(2026, 10, 25, 12, 0, 0);
  const hub: HubPoker = {
    poke: async () => {},
    offer: async (_userId, frames) => void offered.push(...frames.map((f) => f.sourceMsgRef)),
  };
  Object.assign(testOverrides, {
    fetch: world.fetch,
    vars: GMAIL_FAKE_VARS,
    logger: createMemoryLogger(),
    events: null,
    jobs,
    hub,
    clock: { now: () => now },
    inlineTriageMax: 0,
  });
});
afterEach(() => {
  resetTestOverrides();
});

interface InFlight {
  body: ScoutJob;
  attempts: number;
}

/**
 * One simulated minute of the platform: the minute cron, then every queued job once (a retry
 * comes back next minute with attempts + 1; past max_retries it goes to the dead-letter queue).
 */
async function minute(inFlight: InFlight[]): Promise<InFlight[]> {
  const cronCtx = createExecutionContext();
  await worker
    .scheduled(
      createScheduledController({ cron: "* * * * *", scheduledTime: now }),
      testEnv(GMAIL_FAKE_VARS),
      cronCtx,
    )
    .catch(() => {});
  await waitOnExecutionContext(cronCtx);
  ticks.push({
    at: now,
    redone: jobs.sent
      .filter((j) => j.kind !== "renew" && j.redo)
      .map((j) => (j.kind === "triage" ? j.ref.id : "sync")),
  });
  const work = [...inFlight, ...jobs.sent.splice(0).map((body) => ({ body, attempts: 1 }))];
  const next: InFlight[] = [];
  const dead: InFlight[] = [];
  for (const item of work) {
    const batch = createMessageBatch("scouts-jobs", [
      { id: crypto.randomUUID(), timestamp: new Date(now), attempts: item.attempts, body: item.body },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, testEnv(GMAIL_FAKE_VARS), ctx);
    const result = await getQueueResult(batch, ctx);
    if (result.retryMessages.length === 0) continue;
    if (item.attempts >= MAX_RETRIES) dead.push(item);
    else next.push({ body: item.body, attempts: item.attempts + 1 });
  }
  if (dead.length) {
    const batch = createMessageBatch(
      "scouts-dlq",
      dead.map((d) => ({ id: crypto.randomUUID(), timestamp: new Date(now), attempts: 1, body: d.body })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, testEnv(GMAIL_FAKE_VARS), ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(dead.length);
  }
  now += 60_000;
  return [...next, ...jobs.sent.splice(0).map((body) => ({ body, attempts: 1 }))];
}

describe("nothing is lost: jobs that exhaust their retries stay owed and are redone", () => {
  it("Gmail down for 30 simulated minutes, then back: every message arrives exactly once", async () => {
    const mailbox = `outage-${crypto.randomUUID()}@example.com`;
    const s = await world.gmailScout(mailbox);
    const ids = ["one", "two", "three", "four", "five"].map(
      (w) =>
        world.gmail.addMessage(mailbox, {
          raw: rfc822({ from: "cy@example.org", subject: `Numbers ${w}`, body: "See attached." }),
        }).id,
    );
    // The sync lists the five and fans out triage jobs; then Gmail goes down before they run.
    let inFlight: InFlight[] = [{ body: { kind: "sync", scoutId: s.scoutId, trigger: "push" }, attempts: 1 }];
    const first = createMessageBatch("scouts-jobs", [
      { id: "sync-1", timestamp: new Date(now), attempts: 1, body: inFlight[0]!.body },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(first, testEnv(GMAIL_FAKE_VARS), ctx);
    expect((await getQueueResult(first, ctx)).explicitAcks).toHaveLength(1);
    inFlight = jobs.sent.splice(0).map((body) => ({ body, attempts: 1 }));
    expect(inFlight).toHaveLength(5);

    // Down: every call is a 503 asking for a minute (so nothing sleeps in process).
    world.gmail.faults.set({ rate: 1, kinds: ["503"], retryAfterSeconds: 60 });
    for (let m = 0; m < 30; m++) inFlight = await minute(inFlight);
    const owedDuring = await db
      .select()
      .from(scoutOwedItems)
      .where(eq(scoutOwedItems.scoutId, s.scoutId))
      .all();
    expect(
      owedDuring
        .filter((o) => o.jobKind === "triage")
        .map((o) => o.itemRef)
        .sort(),
    ).toEqual([...ids].sort());
    expect(JSON.stringify(owedDuring)).not.toMatch(/Numbers|See attached/);
    // The person is told what the provider said (status code), not "retries exhausted".
    expect(new Set(owedDuring.map((o) => o.lastError))).toEqual(new Set(["upstream_unavailable (HTTP 503)"]));
    expect((await owedSummary(db, s.scoutId)).lastError).toBe("upstream_unavailable (HTTP 503)");
    expect(offered).toEqual([]);
    const me = await db.select().from(scoutTriageQueue).where(eq(scoutTriageQueue.scoutId, s.scoutId)).all();
    expect(me).toHaveLength(0);

    // Up again: within the redo backoff (at most an hour) everything owed is redone once.
    // Up again. The first job of the scout that Gmail answers (here the owed sync, retrying in
    // the queue) pulls every owed item forward, whatever backoff it grew during the outage: the
    // next tick redoes them all, once, instead of each waiting out up to an hour.
    world.gmail.faults.clear();
    const recoveredAt = now;
    for (let m = 0; m < 70 && (inFlight.length > 0 || (await owedCount(s.scoutId)) > 0); m++)
      inFlight = await minute(inFlight);
    const after = ticks.filter((t) => t.at >= recoveredAt && t.redone.length > 0);
    expect(after.map((t) => (t.at - recoveredAt) / 60_000)).toEqual([1]);
    expect([...after[0]!.redone].sort()).toEqual([...ids].sort());
    expect(await owedCount(s.scoutId)).toBe(0);
    const rows = await db
      .select()
      .from(scoutTriageQueue)
      .where(eq(scoutTriageQueue.scoutId, s.scoutId))
      .all();
    expect(rows.map((r) => r.sourceMsgRef).sort()).toEqual([...ids].sort());
    expect([...offered].sort()).toEqual([...ids].sort());
  }, 240_000);
});

describe("an owed item records the provider's error", () => {
  async function deadLetter(body: ScoutJob): Promise<void> {
    const batch = createMessageBatch("scouts-dlq", [
      { id: crypto.randomUUID(), timestamp: new Date(now), attempts: 1, body },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, testEnv(GMAIL_FAKE_VARS), ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(1);
  }

  it("a Slack rate limit noted by the last attempt is what the owed row says", async () => {
    const s = await world.gmailScout(`slack-${crypto.randomUUID()}@example.com`);
    await createOwedStore(db).noteFailure(s.scoutId, "rate_limited (Slack ratelimited)", now - 1_000);
    await deadLetter({ kind: "triage", scoutId: s.scoutId, ref: { source: "gmail", id: "m-1" } });
    expect((await owedSummary(db, s.scoutId)).lastError).toBe("rate_limited (Slack ratelimited)");
  });

  it("a failure noted long before the dead letter is not blamed for it", async () => {
    const s = await world.gmailScout(`stale-${crypto.randomUUID()}@example.com`);
    await createOwedStore(db).noteFailure(s.scoutId, "upstream_unavailable (HTTP 500)", now - 3 * 3_600_000);
    await deadLetter({ kind: "triage", scoutId: s.scoutId, ref: { source: "gmail", id: "m-2" } });
    expect((await owedSummary(db, s.scoutId)).lastError).toBe("retries_exhausted");
  });

  it("another user's scout keeps its own error: a note on one scout never labels another's owed row", async () => {
    const a = await world.gmailScout(`a-${crypto.randomUUID()}@example.com`);
    const b = await world.gmailScout(`b-${crypto.randomUUID()}@example.com`);
    await createOwedStore(db).noteFailure(a.scoutId, "upstream_unavailable (HTTP 503)", now);
    await deadLetter({ kind: "triage", scoutId: b.scoutId, ref: { source: "gmail", id: "m-3" } });
    expect((await owedSummary(db, b.scoutId)).lastError).toBe("retries_exhausted");
  });
});

describe("a scout's successful job pulls its owed items forward", () => {
  const owe = (scoutId: string, itemRef: string, dueAt: number) =>
    createOwedStore(db).owe(
      { scoutId, jobKind: "triage", itemRef, source: "gmail", threadRef: null, lastError: "x" },
      now,
      () => dueAt,
    );
  const dueAt = async (scoutId: string) =>
    (await db.select().from(scoutOwedItems).where(eq(scoutOwedItems.scoutId, scoutId)).all()).map(
      (r) => r.nextAttemptAt,
    );

  it("a listing sync Gmail answered makes that scout's items due now; another scout's keep their backoff", async () => {
    const a = await world.gmailScout(`pull-a-${crypto.randomUUID()}@example.com`);
    const b = await world.gmailScout(`pull-b-${crypto.randomUUID()}@example.com`);
    await owe(a.scoutId, "a-1", now + 45 * 60_000);
    await owe(b.scoutId, "b-1", now + 45 * 60_000);
    const batch = createMessageBatch("scouts-jobs", [
      {
        id: "sync-a",
        timestamp: new Date(now),
        attempts: 1,
        body: { kind: "sync", scoutId: a.scoutId, trigger: "poll" },
      },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, testEnv(GMAIL_FAKE_VARS), ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["sync-a"]);
    expect(await dueAt(a.scoutId)).toEqual([now]);
    expect(await dueAt(b.scoutId)).toEqual([now + 45 * 60_000]);
  });

  it("a sync that failed pulls nothing forward, and a redo owed again keeps the cron's schedule", async () => {
    const a = await world.gmailScout(`pull-down-${crypto.randomUUID()}@example.com`);
    await owe(a.scoutId, "a-1", now + 45 * 60_000);
    world.gmail.faults.set({ rate: 1, kinds: ["503"], retryAfterSeconds: 60 });
    const batch = createMessageBatch("scouts-jobs", [
      {
        id: "sync-a",
        timestamp: new Date(now),
        attempts: 1,
        body: { kind: "sync", scoutId: a.scoutId, trigger: "poll" },
      },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, testEnv(GMAIL_FAKE_VARS), ctx);
    expect((await getQueueResult(batch, ctx)).retryMessages).toHaveLength(1);
    // The dead letter of a redo: one more attempt, same due time.
    await owe(a.scoutId, "a-1", now);
    const [row] = await db.select().from(scoutOwedItems).where(eq(scoutOwedItems.scoutId, a.scoutId)).all();
    expect(row).toMatchObject({ attempts: 2, nextAttemptAt: now + 45 * 60_000 });
  });
});

describe("the minute cron judges what is due at the tick's scheduled time", () => {
  it("an owed item due in ten minutes is redone by the tick scheduled eleven minutes on, not by one now", async () => {
    delete testOverrides.clock;
    const s = await world.gmailScout(`tick-${crypto.randomUUID()}@example.com`);
    const real = Date.now();
    await createOwedStore(db).owe(
      {
        scoutId: s.scoutId,
        jobKind: "triage",
        itemRef: "m-tick",
        source: "gmail",
        threadRef: null,
        lastError: "x",
      },
      real,
      () => real + 10 * 60_000,
    );
    const tick = async (scheduledTime: number) => {
      const ctx = createExecutionContext();
      await worker.scheduled(
        createScheduledController({ cron: "* * * * *", scheduledTime }),
        testEnv(GMAIL_FAKE_VARS),
        ctx,
      );
      await waitOnExecutionContext(ctx);
      // The fallback poll may queue a sync for the new scout; only the redo matters here.
      return jobs.sent.splice(0).filter((j) => j.scoutId === s.scoutId && j.kind === "triage");
    };
    expect(await tick(real)).toEqual([]);
    expect(await tick(real + 11 * 60_000)).toEqual([
      { kind: "triage", scoutId: s.scoutId, ref: { source: "gmail", id: "m-tick" }, redo: true },
    ]);
  });
});

async function owedCount(scoutId: string): Promise<number> {
  return (await db.select().from(scoutOwedItems).where(eq(scoutOwedItems.scoutId, scoutId)).all()).length;
}
