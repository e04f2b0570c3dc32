import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { type Cost, INVOCATION_LIMITS } from "@scouts/core/pipeline/invocation-budget";
import type { FetchLike } from "@scouts/core/ports";
import type { ScoutJob, TriageJob } from "@scouts/core/protocol/jobs";
import { createD1Db } from "@scouts/db/d1";
import { scoutConnections } from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import worker from "../test/entry.ts";
import { GMAIL_FAKE_VARS, gmailWorld } from "../test/gmail-fixtures.ts";
import { testEnv } from "../test/harness.ts";
import { cost, counted, meter, metered, metering } from "../test/metering.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import { keywordClassifier, recordingSender } from "../test/pipeline-fixtures.ts";

afterEach(() => {
  resetTestOverrides();
});

const db = createD1Db(env.DB);
const PAGE = 500;

/**
 * One connected Gmail scout with a settled cursor and `pages` × 500 new messages behind it:
 * `history.list` answers 500 records a page, so the backlog spans `pages` pages.
 */
async function backlog(pages: number, budget?: Cost) {
  const world = gmailWorld(db);
  const sender = recordingSender();
  Object.assign(testOverrides, {
    fetch: ((input, init) => {
      metering.current.fetches++;
      return world.fetch(input, init);
    }) satisfies FetchLike,
    vars: GMAIL_FAKE_VARS,
    jobs: {
      sendBatch: (jobs: ScoutJob[]) => counted(metering.current, "queueSends", () => sender.sendBatch(jobs)),
    },
    logger: createMemoryLogger(),
    classifier: keywordClassifier,
    ...(budget ? { invocationBudget: budget } : {}),
  });
  const mailbox = `fanout-${crypto.randomUUID()}@example.com`;
  const s = await world.gmailScout(mailbox);
  const ids: string[] = [];
  for (let i = 0; i < pages * PAGE; i++)
    ids.push(
      world.gmail.addMessage(mailbox, {
        raw: rfc822({ from: `s${i}@senders.example.org`, to: mailbox, subject: `n${i}`, body: "hello" }),
      }).id,
    );
  return { world, sender, mailbox, scoutId: s.scoutId, ids };
}

async function runBatch(bodies: ScoutJob[]) {
  const m = meter();
  const batch = createMessageBatch(
    "scouts-jobs",
    bodies.map((body) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...testEnv(GMAIL_FAKE_VARS), ...metered(m) }, ctx);
  return { result: await getQueueResult(batch, ctx), cost: cost(m) };
}

/** Runs sync jobs (the first, then each continuation the consumer sends) until none is left. */
async function drainSyncs(b: Awaited<ReturnType<typeof backlog>>, between?: (k: number) => void) {
  const invocations = [];
  let syncs: ScoutJob[] = [{ kind: "sync", scoutId: b.scoutId, trigger: "poll" }];
  const triage: TriageJob[] = [];
  for (let k = 0; syncs.length > 0; k++) {
    expect(k).toBeLessThan(60); // a listing that never ends fails here, not by timeout
    between?.(k);
    const { result, cost } = await runBatch(syncs);
    expect(result.retryMessages).toEqual([]);
    invocations.push(cost);
    const sent = b.sender.sent.splice(0);
    syncs = sent.filter((j) => j.kind === "sync");
    triage.push(...sent.filter((j): j is TriageJob => j.kind === "triage"));
  }
  const [conn] = await db
    .select({ cursor: scoutConnections.historyCursor })
    .from(scoutConnections)
    .where(eq(scoutConnections.scoutId, b.scoutId))
    .all();
  return { invocations, triage, cursor: conn?.cursor };
}

const within = (c: Cost, limits: Cost) => {
  expect(c.queries).toBeLessThanOrEqual(limits.queries);
  expect(c.subrequests).toBeLessThanOrEqual(limits.subrequests);
};

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

  it("history expires (404) mid-way: the continuation falls back to the bounded resync (newest 500 INBOX), within budget; nothing listed twice", async () => {
    const tight: Cost = { queries: 500, subrequests: 60 };
    const b = await backlog(30, tight);
    const r = await drainSyncs(b, (k) => {
      if (k === 1) b.world.gmail.expireHistory(b.mailbox);
    });
    for (const c of r.invocations) within(c, tight);
    const got = r.triage.map((j) => j.ref.id);
    expect(new Set(got).size).toBe(got.length);
    // Invocation 1 listed the oldest pages; the resync took the newest 500 (DESIGN §2's bound):
    // the messages between are not triaged, as with any 404 resync (reported, not hidden).
    const first = got.length - PAGE;
    expect(first).toBeGreaterThan(0);
    expect(got.slice(0, first)).toEqual(b.ids.slice(0, first));
    expect(new Set(got.slice(first))).toEqual(new Set(b.ids.slice(-PAGE)));
    expect(r.invocations).toHaveLength(2);
    expect(r.cursor).toBe(b.world.gmail.historyId(b.mailbox));
  }, 300_000);
});
