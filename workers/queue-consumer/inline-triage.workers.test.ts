import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { CoreError } from "@scouts/core/errors";
import { FANOUT_FIRST_COST, ITEM_COST, JOB_COST } from "@scouts/core/pipeline/invocation-budget";
import { syncScout } from "@scouts/core/pipeline/sync-scout";
import { createD1Db } from "@scouts/db/d1";
import { scoutConnections, scoutTriageQueue } from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../shared/logger.ts";
import { createPipelineCtx } from "../shared/pipeline-deps.ts";
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

beforeEach(() => {
  boxes = new Map();
  sender = recordingSender();
  Object.assign(testOverrides, {
    logger: createMemoryLogger(),
    classifier: keywordClassifier,
    jobs: sender,
    events: null,
    inlineTriageMax: 5,
    connectorFor: async (scout: { id: string }) => {
      const box = boxes.get(scout.id);
      if (!box) throw new CoreError("not_found", "no fake mailbox");
      return box.connector;
    },
  });
});
afterEach(() => {
  resetTestOverrides();
});

let seq = 0;
async function runBatch(bodies: unknown[]) {
  const batch = createMessageBatch(
    "scouts-jobs",
    bodies.map((body) => ({ id: `i${++seq}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

async function gmailScout(cursor = "1000") {
  const userId = await makeUser(db);
  const scoutId = await makeScout(db, userId, { sourceType: "gmail", cursor });
  const box = fakeMailbox();
  boxes.set(scoutId, box);
  return { scoutId, box };
}

const push = (scoutId: string, historyId: string) => ({ kind: "sync", scoutId, historyId, trigger: "push" });
const cursorOf = async (scoutId: string) =>
  (await db.select().from(scoutConnections).where(eq(scoutConnections.scoutId, scoutId)).get())
    ?.historyCursor;
const refsOf = async (scoutId: string) =>
  (await db.select().from(scoutTriageQueue).where(eq(scoutTriageQueue.scoutId, scoutId)).all())
    .map((r) => r.sourceMsgRef)
    .sort();

describe("inline triage of small sync pages", () => {
  it("triages a small page inside the sync job: rows stored, no triage jobs, cursor moved", async () => {
    const { scoutId, box } = await gmailScout();
    box.add("in-a", "Quarterly report");
    box.add("in-b", "Lunch?");
    const res = await runBatch([push(scoutId, "1002")]);
    expect(res.explicitAcks).toHaveLength(1);
    expect(sender.sent).toEqual([]);
    expect(await refsOf(scoutId)).toEqual(["in-a", "in-b"]);
    expect(box.calls.filter((c) => c === "fetchContent")).toHaveLength(2);
    expect(await cursorOf(scoutId)).toBe("1002");
  });

  it("a page larger than the limit fans out triage jobs as before", async () => {
    const { scoutId, box } = await gmailScout();
    for (let i = 0; i < 6; i++) box.add(`big-${i}`, `big ${i}`);
    await runBatch([push(scoutId, "1006")]);
    expect(sender.sent).toHaveLength(6);
    expect(await refsOf(scoutId)).toEqual([]);
    expect(await cursorOf(scoutId)).toBe("1006");
  });

  it("a ref failing inline becomes a triage job; the others are stored; every ref ends with exactly one row", async () => {
    const { scoutId, box } = await gmailScout();
    box.add("f-1", "one");
    box.add("f-2", "two");
    box.add("f-3", "three");
    box.failures.fetchContent = [new CoreError("rate_limited", "429", { retryAfterSeconds: 1 })];
    await runBatch([push(scoutId, "1003")]);
    expect(await cursorOf(scoutId)).toBe("1003");
    expect(sender.sent).toHaveLength(1);
    const [failed] = sender.sent;
    expect(await refsOf(scoutId)).toHaveLength(2);
    // The enqueued job, run twice and alongside a replayed push, still leaves one row per ref.
    const res = await runBatch([failed, failed, push(scoutId, "1003")]);
    expect(res.explicitAcks).toHaveLength(3);
    expect(await refsOf(scoutId)).toEqual(["f-1", "f-2", "f-3"]);
  });

  it("a crash after inline triage but before the cursor moves: the replay re-lists and adds no duplicates", async () => {
    const { scoutId, box } = await gmailScout();
    box.add("c-1", "one");
    box.add("c-2", "two");
    const ctx = createPipelineCtx(env, testOverrides);
    ctx.scouts = {
      ...ctx.scouts,
      advanceCursor: async () => {
        throw new CoreError("upstream_unavailable", "worker died before the cursor write");
      },
    };
    await expect(
      syncScout({ ctx, input: { kind: "sync", scoutId, historyId: "1002", trigger: "push" } }),
    ).rejects.toThrow("cursor write");
    expect(await refsOf(scoutId)).toEqual(["c-1", "c-2"]);
    expect(await cursorOf(scoutId)).toBe("1000");

    const res = await runBatch([push(scoutId, "1002")]);
    expect(res.explicitAcks).toHaveLength(1);
    expect(box.calls.filter((c) => c === "listNew")).toHaveLength(2);
    expect(await refsOf(scoutId)).toEqual(["c-1", "c-2"]);
    expect(sender.sent).toEqual([]);
    expect(await cursorOf(scoutId)).toBe("1002");
  });

  it("reads the scout once per sync; a replayed page costs content fetches but queued triage jobs for stored rows cost none", async () => {
    const { scoutId, box } = await gmailScout();
    box.add("o-1", "one");
    box.add("o-2", "two");
    const ctx = createPipelineCtx(env, testOverrides);
    let reads = 0;
    const getScout = ctx.scouts.getScout;
    ctx.scouts = {
      ...ctx.scouts,
      getScout: (id) => {
        reads++;
        return getScout(id);
      },
    };
    if (ctx.inline) ctx.inline = { ...ctx.inline, ctx: { ...ctx.inline.ctx, scouts: ctx.scouts } };
    await syncScout({ ctx, input: { kind: "sync", scoutId, historyId: "1002", trigger: "push" } });
    expect(reads).toBe(1);
    expect(await refsOf(scoutId)).toEqual(["o-1", "o-2"]);

    // Inline triage overlaps the dedupe read with the fetch: a replay of the same page fetches again, stores nothing new.
    await db
      .update(scoutConnections)
      .set({ historyCursor: "1000" })
      .where(eq(scoutConnections.scoutId, scoutId));
    await syncScout({ ctx, input: { kind: "sync", scoutId, trigger: "poll" } });
    const fetchesAfterReplay = box.calls.filter((c) => c === "fetchContent").length;
    expect(fetchesAfterReplay).toBe(4);
    expect(await refsOf(scoutId)).toEqual(["o-1", "o-2"]);

    // A queued triage job checks first: no provider call for a row that exists.
    const res = await runBatch([{ kind: "triage", scoutId, ref: { source: "gmail", id: "o-1" } }]);
    expect(res.explicitAcks).toHaveLength(1);
    expect(box.calls.filter((c) => c === "fetchContent")).toHaveLength(fetchesAfterReplay);
  });

  it("a Slack event (a sync job carrying its ref) is triaged inline too", async () => {
    const userId = await makeUser(db);
    const scoutId = await makeScout(db, userId, { sourceType: "slack" });
    const box = fakeMailbox();
    boxes.set(scoutId, box);
    box.add("C123:1700000000.000100", "standup");
    const ref = { source: "slack", id: "C123:1700000000.000100" } as const;
    await runBatch([{ kind: "sync", scoutId, trigger: "slack_event", ref }]);
    expect(sender.sent).toEqual([]);
    expect(await refsOf(scoutId)).toEqual([ref.id]);
  });

  it("past the invocation's budget the rest of the page is handed on as triage jobs: each ref ends with exactly one row", async () => {
    const { scoutId, box } = await gmailScout();
    for (let i = 0; i < 5; i++) box.add(`b-${i}`, `budget ${i}`);
    // Room for this one sync job's reservation (its own cost and first page of fan-out) and two inline items.
    const per = (k: keyof typeof ITEM_COST) => JOB_COST[k] + FANOUT_FIRST_COST[k] + ITEM_COST[k] * 3;
    Object.assign(testOverrides, {
      invocationBudget: { queries: per("queries"), subrequests: per("subrequests") },
    });
    const res = await runBatch([push(scoutId, "1005")]);
    expect(res.explicitAcks).toHaveLength(1);
    expect(await refsOf(scoutId)).toEqual(["b-0", "b-1"]);
    expect(sender.sent.map((j) => (j.kind === "triage" ? j.ref.id : j.kind))).toEqual(["b-2", "b-3", "b-4"]);
    expect(await cursorOf(scoutId)).toBe("1005");
    expect(
      (testOverrides.logger as ReturnType<typeof createMemoryLogger>).lines.some(
        (l) => l.event === "queue.budget_handed_on",
      ),
    ).toBe(true);

    // The handed-on jobs, one of them twice, alongside a replayed push: still one row per ref.
    delete testOverrides.invocationBudget;
    const handed = [...sender.sent];
    sender.sent.length = 0;
    const again = await runBatch([...handed, handed[0], push(scoutId, "1005")]);
    expect(again.explicitAcks).toHaveLength(5);
    expect(await refsOf(scoutId)).toEqual(["b-0", "b-1", "b-2", "b-3", "b-4"]);
    expect(sender.sent).toEqual([]);
  });

  it("a budget spent before the sync job runs triages nothing inline and never builds the connector for it", async () => {
    const { scoutId, box } = await gmailScout();
    box.add("z-1", "one");
    box.add("z-2", "two");
    Object.assign(testOverrides, { invocationBudget: { queries: JOB_COST.queries, subrequests: 1_000 } });
    await runBatch([push(scoutId, "1002")]);
    expect(await refsOf(scoutId)).toEqual([]);
    expect(box.calls.filter((c) => c === "fetchContent")).toHaveLength(0);
    expect(sender.sent).toHaveLength(2);
    expect(await cursorOf(scoutId)).toBe("1002");
  });
});
