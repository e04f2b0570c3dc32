import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { CoreError } from "@scouts/core/errors";
import type { ScoutJob } from "@scouts/core/protocol/jobs";
import { createD1Db } from "@scouts/db/d1";
import {
  domainEvents,
  ledgerActions,
  scoutConnections,
  scoutOwedItems,
  scoutRunLogs,
  scoutTriageQueue,
} from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../shared/logger.ts";
import worker from "../test/entry.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import {
  type FakeMailbox,
  fakeMailbox,
  keywordClassifier,
  makeScout,
  makeUser,
  recordingSender,
} from "../test/pipeline-fixtures.ts";

const db = createD1Db(env.DB);
let boxes: Map<string, FakeMailbox>;
let sender: ReturnType<typeof recordingSender>;
let logger: ReturnType<typeof createMemoryLogger>;
const retryDelays = () =>
  logger.lines
    .filter((l) => l.event.endsWith("_retry"))
    .map((l) => (l.fields as { delaySeconds: number }).delaySeconds);

beforeEach(() => {
  boxes = new Map();
  sender = recordingSender();
  logger = createMemoryLogger();
  testOverrides.logger = logger;
  testOverrides.classifier = keywordClassifier;
  testOverrides.jobs = sender;
  testOverrides.connectorFor = async (scout) => {
    const box = boxes.get(scout.id);
    if (!box) throw new CoreError("not_found", "no fake mailbox");
    return box.connector;
  };
});
afterEach(() => {
  resetTestOverrides();
});

let seq = 0;
async function runBatch(queue: string, bodies: unknown[], attempts = 1) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body) => ({ id: `m${++seq}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

async function gmailScout(opts: Parameters<typeof makeScout>[2] = {}) {
  const userId = await makeUser(db);
  const scoutId = await makeScout(db, userId, { sourceType: "gmail", ...opts });
  const box = fakeMailbox();
  boxes.set(scoutId, box);
  return { userId, scoutId, box };
}

const cursorOf = async (scoutId: string) =>
  (await db.select().from(scoutConnections).where(eq(scoutConnections.scoutId, scoutId)).get())
    ?.historyCursor;
const rowsOf = (scoutId: string) =>
  db.select().from(scoutTriageQueue).where(eq(scoutTriageQueue.scoutId, scoutId)).all();
const logsOf = (scoutId: string) =>
  db.select().from(scoutRunLogs).where(eq(scoutRunLogs.scoutId, scoutId)).all();

describe("sync jobs", () => {
  // These pin the fan-out path; inline triage of small pages has its own tests.
  beforeEach(() => {
    testOverrides.inlineTriageMax = 0;
  });
  it("lists from the stored cursor, enqueues one triage job per ref, then moves the cursor", async () => {
    const { scoutId, box } = await gmailScout({ cursor: "1000" });
    box.add("m-a", "Quarterly report");
    box.add("m-b", "Lunch?");
    const res = await runBatch("scouts-jobs", [
      { kind: "sync", scoutId, historyId: "1002", trigger: "push" },
    ]);
    expect(res.explicitAcks).toHaveLength(1);
    expect(sender.sent).toEqual([
      { kind: "triage", scoutId, ref: { source: "gmail", id: "m-a" } },
      { kind: "triage", scoutId, ref: { source: "gmail", id: "m-b" } },
    ]);
    expect(await cursorOf(scoutId)).toBe("1002");
  });

  it("skips duplicate and out-of-order notifications without calling the provider", async () => {
    const { scoutId, box } = await gmailScout({ cursor: "5000" });
    const res = await runBatch("scouts-jobs", [
      { kind: "sync", scoutId, historyId: "5000", trigger: "push" },
      { kind: "sync", scoutId, historyId: "4999", trigger: "push" },
    ]);
    expect(res.explicitAcks).toHaveLength(2);
    expect(box.calls).toEqual([]);
    expect(await cursorOf(scoutId)).toBe("5000");
  });

  it("handles a batch of duplicate pushes with one listing (sequential syncs see the moved cursor)", async () => {
    const { scoutId, box } = await gmailScout({ cursor: "1000" });
    box.add("m-1", "one");
    const push = { kind: "sync", scoutId, historyId: "1001", trigger: "push" };
    await runBatch("scouts-jobs", [push, push, push]);
    expect(box.calls.filter((c) => c === "listNew")).toHaveLength(1);
    expect(sender.sent).toHaveLength(1);
  });

  it("never moves the cursor backwards, comparing uint64 ids as BigInt", async () => {
    const { scoutId, box } = await gmailScout({ cursor: "18446744073709551610" });
    box.historyId = 9007199254740993n; // above 2^53, below the stored cursor
    await runBatch("scouts-jobs", [{ kind: "sync", scoutId, trigger: "poll" }]);
    expect(await cursorOf(scoutId)).toBe("18446744073709551610");
  });

  it("a stale cursor becomes a bounded full resync, logged in the run log", async () => {
    const userId = await makeUser(db);
    const scoutId = await makeScout(db, userId, { cursor: "10" });
    const box = fakeMailbox({ staleBefore: 500n, fullSyncLimit: 3 });
    boxes.set(scoutId, box);
    for (let i = 0; i < 8; i++) box.add(`old-${i}`, `message ${i}`);
    await runBatch("scouts-jobs", [{ kind: "sync", scoutId, trigger: "poll" }]);
    expect(sender.sent).toHaveLength(3);
    expect(await cursorOf(scoutId)).toBe(String(box.historyId));
    expect((await logsOf(scoutId)).map((l) => l.outcome)).toContain("full_resync");
  });

  it("enqueues in chunks of at most 100 per sendBatch", async () => {
    const { scoutId, box } = await gmailScout({ cursor: "1000" });
    for (let i = 0; i < 250; i++) box.add(`bulk-${i}`, `bulk ${i}`);
    const sizes: number[] = [];
    testOverrides.jobs = { sendBatch: async (jobs) => void sizes.push(jobs.length) };
    await runBatch("scouts-jobs", [{ kind: "sync", scoutId, trigger: "poll" }]);
    expect(sizes).toEqual([100, 100, 50]);
  });

  it("a Slack sync job carries its ref and becomes a triage job directly", async () => {
    const { scoutId, box } = await gmailScout({ sourceType: "slack" });
    const ref = { source: "slack", id: "C123:1700000000.000100" } as const;
    await runBatch("scouts-jobs", [{ kind: "sync", scoutId, trigger: "slack_event", ref }]);
    expect(sender.sent).toEqual([{ kind: "triage", scoutId, ref }]);
    expect(box.calls).toEqual([]);
  });
});

describe("triage jobs", () => {
  const job = (scoutId: string, id: string): ScoutJob => ({
    kind: "triage",
    scoutId,
    ref: { source: "gmail", id },
  });

  it("stores ids and the verdict only, once, even when the job runs twice", async () => {
    const { scoutId, userId, box } = await gmailScout();
    box.add("r-1", "Contract draft for review");
    await runBatch("scouts-jobs", [job(scoutId, "r-1")]);
    await runBatch("scouts-jobs", [job(scoutId, "r-1"), job(scoutId, "r-1")]);
    const rows = await rowsOf(scoutId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId,
      sourceMsgRef: "r-1",
      verdict: "relevant",
      status: "queued",
      reason: "rules:none",
    });
    expect(rows[0]!.expiresAt - rows[0]!.createdAt).toBe(30 * 86_400_000);
    expect(box.calls.filter((c) => c === "fetchContent")).toHaveLength(1);
  });

  it("publishes scout.triage.verdict with ids and the verdict only", async () => {
    const { scoutId, userId, box } = await gmailScout();
    box.add("e-1", "Roadmap notes", "secret roadmap body");
    await runBatch("scouts-jobs", [job(scoutId, "e-1")]);
    const [row] = await rowsOf(scoutId);
    const events = await db.select().from(domainEvents).where(eq(domainEvents.userId, userId)).all();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "scout.triage.verdict", subject: `scout:${scoutId}` });
    expect(events[0]!.payload).toEqual({
      scoutId,
      proposalId: row!.id,
      verdict: "relevant",
      confidence: 0.8,
    });
    expect(JSON.stringify(events)).not.toMatch(/Roadmap|secret/);
  });

  it("recipients and Gmail labels ride the proposal frame in memory; D1 holds none of them", async () => {
    const { scoutId, userId, box } = await gmailScout();
    box.add("rc-1", "Quarterly plan", "see attached");
    const content = box.connector.fetchContent.bind(box.connector);
    box.connector.fetchContent = async (ref) => {
      const c = await content(ref);
      const meta = {
        ref,
        from: "Alice <alice@example.test>",
        subject: "Quarterly plan",
        snippet: "see",
        date: 1,
      };
      return c.kind === "email"
        ? {
            ...c,
            labels: ["INBOX", "IMPORTANT"],
            metadata: {
              ...meta,
              to: "Reader <reader.secret@example.test>",
              cc: "cc.secret@example.test",
              labels: ["INBOX", "IMPORTANT"],
            },
          }
        : c;
    };
    const offered: unknown[] = [];
    testOverrides.hub = { poke: async () => {}, offer: async (_u, frames) => void offered.push(...frames) };
    await runBatch("scouts-jobs", [job(scoutId, "rc-1")]);
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({
      to: "Reader <reader.secret@example.test>",
      cc: "cc.secret@example.test",
      labels: ["INBOX", "IMPORTANT"],
    });
    const tables = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
    ).all<{ name: string }>();
    expect(tables.results.length).toBeGreaterThan(3);
    for (const { name } of tables.results) {
      const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
      expect(JSON.stringify(rows.results), name).not.toMatch(/secret@example|IMPORTANT/);
    }
    expect(await rowsOf(scoutId)).toHaveLength(1);
    expect(userId).toBeTruthy();
  });

  it("trashes spam when auto_trash_spam is on, never deletes, and records the reversal once", async () => {
    const { scoutId, userId, box } = await gmailScout({ autoTrashSpam: true });
    box.add("s-1", "WIN NOW", "SPAMMY offer");
    await runBatch("scouts-jobs", [job(scoutId, "s-1")]);
    await runBatch("scouts-jobs", [job(scoutId, "s-1")]);
    expect(box.trashed).toEqual(["s-1"]);
    const ledger = await db.select().from(ledgerActions).where(eq(ledgerActions.userId, userId)).all();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ action: "trash", targetRef: "s-1", scoutId });
    expect(ledger[0]!.reversal).toMatchObject({ action: "untrash", ref: { id: "s-1" } });
    // Remembered by id only, never delivered.
    expect(await rowsOf(scoutId)).toEqual([expect.objectContaining({ verdict: "spam", status: "dropped" })]);
  });

  it("leaves spam below the auto-trash threshold alone even when auto_trash_spam is on", async () => {
    const { scoutId, userId, box } = await gmailScout({ autoTrashSpam: true });
    box.add("s-3", "Offer", "MAYBESPAM offer");
    const res = await runBatch("scouts-jobs", [job(scoutId, "s-3")]);
    expect(res.explicitAcks).toHaveLength(1);
    expect(box.trashed).toEqual([]);
    expect(await db.select().from(ledgerActions).where(eq(ledgerActions.userId, userId)).all()).toHaveLength(
      0,
    );
    // Kept only as the dedupe marker every spam verdict leaves (status dropped): never offered.
    expect(await rowsOf(scoutId)).toEqual([expect.objectContaining({ verdict: "spam", status: "dropped" })]);
  });

  it("leaves spam alone when auto_trash_spam is off", async () => {
    const { scoutId, box } = await gmailScout({ autoTrashSpam: false });
    box.add("s-2", "WIN NOW", "SPAMMY offer");
    const res = await runBatch("scouts-jobs", [job(scoutId, "s-2")]);
    expect(res.explicitAcks).toHaveLength(1);
    expect(box.trashed).toEqual([]);
    expect(await rowsOf(scoutId)).toEqual([expect.objectContaining({ verdict: "spam", status: "dropped" })]);
  });

  it("a redelivered spam job is a duplicate: one run-log line, no second provider read", async () => {
    const { scoutId, box } = await gmailScout({ autoTrashSpam: false });
    box.add("s-3", "WIN NOW", "SPAMMY offer");
    await runBatch("scouts-jobs", [job(scoutId, "s-3")]);
    const reads = box.calls.filter((c) => c === "fetchContent").length;
    expect(reads).toBe(1);
    await runBatch("scouts-jobs", [job(scoutId, "s-3")]);
    await runBatch("scouts-jobs", [job(scoutId, "s-3")]);
    const spamLogs = (await logsOf(scoutId)).filter((l) => l.kind === "triage" && l.outcome === "spam");
    expect(spamLogs).toHaveLength(1);
    expect(box.calls.filter((c) => c === "fetchContent")).toHaveLength(1);
  });
});

describe("failures", () => {
  it("acks invalid messages without retrying (permanent)", async () => {
    const res = await runBatch("scouts-jobs", [
      { kind: "sync" },
      "garbage",
      { kind: "triage", scoutId: "x", ref: { source: "fax", id: "1" } },
    ]);
    expect(res.explicitAcks).toHaveLength(3);
    expect(res.retryMessages).toEqual([]);
  });

  it("retries transient errors with exponential backoff from msg.attempts", async () => {
    const { scoutId, box } = await gmailScout();
    box.add("t-1", "hello");
    box.failures.fetchContent = [
      new CoreError("upstream_unavailable", "503"),
      new CoreError("upstream_unavailable", "503"),
    ];
    const first = await runBatch(
      "scouts-jobs",
      [{ kind: "triage", scoutId, ref: { source: "gmail", id: "t-1" } }],
      1,
    );
    const third = await runBatch(
      "scouts-jobs",
      [{ kind: "triage", scoutId, ref: { source: "gmail", id: "t-1" } }],
      3,
    );
    expect(first.retryMessages).toHaveLength(1);
    expect(third.retryMessages).toHaveLength(1);
    // getQueueResult drops delaySeconds, so the delay is read from the consumer's log line.
    // A short first retry (1 s: most Gmail transients clear at once), then tripling with jitter.
    const [d1, d3] = retryDelays();
    expect(d1).toBe(1);
    expect(d3).toBeGreaterThanOrEqual(9);
    expect(d3).toBeLessThanOrEqual(12);
    const ok = await runBatch(
      "scouts-jobs",
      [{ kind: "triage", scoutId, ref: { source: "gmail", id: "t-1" } }],
      5,
    );
    expect(ok.explicitAcks).toHaveLength(1);
    expect(await rowsOf(scoutId)).toHaveLength(1);
  });

  it("a 429 storm retries every message no sooner than Retry-After, and nothing is lost after it passes", async () => {
    const { scoutId, box } = await gmailScout();
    const jobs = Array.from({ length: 10 }, (_, i) => {
      box.add(`storm-${i}`, `storm ${i}`);
      return { kind: "triage", scoutId, ref: { source: "gmail", id: `storm-${i}` } };
    });
    box.failures.fetchContent = Array.from(
      { length: 10 },
      () => new CoreError("rate_limited", "429", { retryAfterSeconds: 30 }),
    );
    const storm = await runBatch("scouts-jobs", jobs);
    expect(storm.retryMessages).toHaveLength(10);
    expect(retryDelays()).toHaveLength(10);
    for (const d of retryDelays()) expect(d).toBeGreaterThanOrEqual(30);
    expect(await rowsOf(scoutId)).toHaveLength(0);
    const after = await runBatch("scouts-jobs", jobs, 2);
    expect(after.explicitAcks).toHaveLength(10);
    expect(await rowsOf(scoutId)).toHaveLength(10);
  });

  it("invalid_grant (needs_reauth) is permanent: acked and visible in the run log", async () => {
    const { scoutId } = await gmailScout({ cursor: "1" });
    testOverrides.connectorFor = async () => {
      throw new CoreError("needs_reauth", "invalid_grant");
    };
    const res = await runBatch("scouts-jobs", [{ kind: "sync", scoutId, trigger: "poll" }]);
    expect(res.explicitAcks).toHaveLength(1);
    expect(res.retryMessages).toEqual([]);
    expect((await logsOf(scoutId)).map((l) => l.outcome)).toContain("needs_reauth");
  });

  it("scouts already marked needs_reauth are skipped without touching the provider", async () => {
    const { scoutId, box } = await gmailScout({ cursor: "1", needsReauth: true });
    const res = await runBatch("scouts-jobs", [{ kind: "sync", scoutId, trigger: "poll" }]);
    expect(res.explicitAcks).toHaveLength(1);
    expect(box.calls).toEqual([]);
  });

  it("dead letters are owed (ids only), recorded in the scout's run log and acked", async () => {
    const { scoutId } = await gmailScout();
    const res = await runBatch("scouts-dlq", [
      { kind: "triage", scoutId, ref: { source: "gmail", id: "p-1" } },
    ]);
    expect(res.explicitAcks).toHaveLength(1);
    const logs = await logsOf(scoutId);
    expect(logs).toEqual([
      expect.objectContaining({ kind: "dead_letter", outcome: "owed", detail: "job=triage" }),
    ]);
    const owed = await db.select().from(scoutOwedItems).where(eq(scoutOwedItems.scoutId, scoutId)).all();
    expect(owed).toEqual([
      expect.objectContaining({ jobKind: "triage", itemRef: "p-1", source: "gmail", attempts: 1 }),
    ]);
  });

  it("a dead letter that is not a valid job is logged as poison and acked, owing nothing", async () => {
    const { scoutId } = await gmailScout();
    const res = await runBatch("scouts-dlq", [{ kind: "triage", scoutId, ref: { id: 42 } }]);
    expect(res.explicitAcks).toHaveLength(1);
    expect((await logsOf(scoutId)).map((l) => l.outcome)).toEqual(["poison"]);
    expect(await db.select().from(scoutOwedItems).where(eq(scoutOwedItems.scoutId, scoutId)).all()).toEqual(
      [],
    );
  });
});
