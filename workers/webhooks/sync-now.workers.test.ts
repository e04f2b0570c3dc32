import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { CoreError } from "@scouts/core/errors";
import { createD1Db } from "@scouts/db/d1";
import { scoutConnections, scoutTriageQueue } from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import { createFakeGoogleSigner, type FakeGoogleSigner } from "../../tests/fakes/google-jwks.ts";
import { toFetch } from "../../tests/fakes/handler.ts";
import { deviceHubFor } from "../shared/durable-objects.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import worker from "../test/entry.ts";
import { GMAIL_FAKE_VARS, type GmailWorld, gmailWorld } from "../test/gmail-fixtures.ts";
import { callApp, testEnv } from "../test/harness.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import { recordingQueue } from "../test/records.ts";
import { queuedCopyDelaySeconds } from "./sync-now.ts";

const AUDIENCE = "https://scouts.test/webhooks/gmail";
const SERVICE_ACCOUNT = "gmail-push@scouts-test.iam.gserviceaccount.com";
const db = createD1Db(env.DB);
let google: FakeGoogleSigner;
let world: GmailWorld;

beforeAll(async () => {
  google = await createFakeGoogleSigner({ audience: AUDIENCE, serviceAccount: SERVICE_ACCOUNT });
});
beforeEach(() => {
  world = gmailWorld(db);
  Object.assign(testOverrides, {
    fetch: world.fetch,
    vars: GMAIL_FAKE_VARS,
    logger: createMemoryLogger(),
    events: null,
  });
});
afterEach(() => {
  resetTestOverrides();
});

const vars = { ...GMAIL_FAKE_VARS, PUBSUB_AUDIENCE: AUDIENCE, PUBSUB_SERVICE_ACCOUNT: SERVICE_ACCOUNT };

/** A signed Pub/Sub push for `mailbox` at its current history id; the app's waitUntil work is awaited. */
async function push(
  mailbox: string,
  queue: ReturnType<typeof recordingQueue>,
  bindings: Record<string, unknown> = {},
) {
  const data = btoa(JSON.stringify({ emailAddress: mailbox, historyId: world.gmail.historyId(mailbox) }));
  return callApp(
    {
      env: testEnv({ ...vars, JOBS: queue.queue, ...bindings }),
      options: { fetch: toFetch(google.handler) },
    },
    "https://scouts.test/webhooks/gmail",
    {
      method: "POST",
      headers: { authorization: `Bearer ${await google.tokens.valid()}` },
      body: JSON.stringify({
        message: { data, messageId: "m1" },
        subscription: "projects/p/subscriptions/s",
      }),
    },
  );
}

async function runQueued(body: unknown) {
  const batch = createMessageBatch("scouts-jobs", [
    { id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, testEnv(vars), ctx);
  return getQueueResult(batch, ctx);
}

const rowsOf = (scoutId: string) =>
  db.select().from(scoutTriageQueue).where(eq(scoutTriageQueue.scoutId, scoutId)).all();

describe("a push is synced by the request that received it", () => {
  it("triages the new message before the queued copy runs; the delayed copy then costs no Gmail call", async () => {
    const mailbox = `now-${crypto.randomUUID()}@example.com`;
    const s = await world.gmailScout(mailbox);
    const { id } = world.gmail.addMessage(mailbox, {
      raw: rfc822({ from: "ann@example.org", subject: "Quarterly numbers", body: "See attached." }),
    });
    const queue = recordingQueue();
    expect((await push(mailbox, queue)).status).toBe(204);
    expect(queue.sent).toEqual([
      { kind: "sync", scoutId: s.scoutId, historyId: expect.any(String), trigger: "push" },
    ]);
    expect(queue.delays).toEqual([queuedCopyDelaySeconds]);
    expect((await rowsOf(s.scoutId)).map((r) => r.sourceMsgRef)).toEqual([id]);
    const connection = await db
      .select()
      .from(scoutConnections)
      .where(eq(scoutConnections.scoutId, s.scoutId))
      .get();
    const cursor = connection!.historyCursor;
    expect(cursor).toBe(world.gmail.historyId(mailbox));

    const callsBefore = world.gmail.calls.length;
    const copy = await runQueued(queue.sent[0]);
    expect(copy.explicitAcks).toHaveLength(1);
    expect(world.gmail.calls.length).toBe(callsBefore);
    expect(await rowsOf(s.scoutId)).toHaveLength(1);
  });

  it("when the request's own run fails, the push is still acked and the queued copy does the work", async () => {
    const mailbox = `later-${crypto.randomUUID()}@example.com`;
    const s = await world.gmailScout(mailbox);
    const { id } = world.gmail.addMessage(mailbox, {
      raw: rfc822({ from: "bo@example.org", subject: "Quarterly numbers", body: "See attached." }),
    });
    testOverrides.connectorFor = async () => {
      throw new CoreError("upstream_unavailable", "Gmail is down for this run");
    };
    const queue = recordingQueue();
    expect((await push(mailbox, queue)).status).toBe(204);
    expect(await rowsOf(s.scoutId)).toEqual([]);
    expect(queue.sent).toHaveLength(1);

    delete testOverrides.connectorFor;
    const copy = await runQueued(queue.sent[0]);
    expect(copy.explicitAcks).toHaveLength(1);
    expect((await rowsOf(s.scoutId)).map((r) => r.sourceMsgRef)).toEqual([id]);
  });

  it("Gmail asking for an hour in the hub's run: nothing sleeps, the queued copy waits it out on the queue, nothing is lost", async () => {
    const mailbox = `hour-${crypto.randomUUID()}@example.com`;
    const s = await world.gmailScout(mailbox);
    const { id } = world.gmail.addMessage(mailbox, {
      raw: rfc822({ from: "cy@example.org", subject: "Quarterly numbers", body: "See attached." }),
    });
    world.gmail.faults.set({ rate: 1, kinds: ["429"], retryAfterSeconds: 3600 });
    const queue = recordingQueue();
    const started = Date.now();
    expect((await push(mailbox, queue)).status).toBe(204);
    expect(await rowsOf(s.scoutId)).toEqual([]);
    const firstCopy = await runQueued(queue.sent[0]);
    // Neither the hub nor the consumer held the isolate for the hour (nor for the 30 s of old).
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(firstCopy.retryMessages).toHaveLength(1);
    const logger = testOverrides.logger as ReturnType<typeof createMemoryLogger>;
    expect(logger.lines.find((l) => l.event === "queue.sync_retry")?.fields).toMatchObject({
      code: "rate_limited",
      delaySeconds: 3600,
    });

    world.gmail.faults.clear();
    const again = await runQueued(queue.sent[0]);
    expect(again.explicitAcks).toHaveLength(1);
    expect((await rowsOf(s.scoutId)).map((r) => r.sourceMsgRef)).toEqual([id]);
  });

  it("a push for a mailbox the isolate has seen starts the owner's sync before (and without) the D1 lookup", async () => {
    const mailbox = `early-${crypto.randomUUID()}@example.com`;
    const s = await world.gmailScout(mailbox);
    const first = world.gmail.addMessage(mailbox, {
      raw: rfc822({ from: "di@example.org", subject: "Quarterly numbers", body: "See attached." }),
    }).id;
    expect((await push(mailbox, recordingQueue())).status).toBe(204);
    const second = world.gmail.addMessage(mailbox, {
      raw: rfc822({ from: "di@example.org", subject: "Quarterly numbers, v2", body: "Updated." }),
    }).id;
    // The webhook's own D1 is down: Pub/Sub gets a 503 and will redeliver, but the hub (its own
    // binding) already synced from the remembered owner.
    const brokenDb = {
      prepare: () => {
        throw new Error("D1 is unavailable");
      },
    };
    const queue = recordingQueue();
    expect((await push(mailbox, queue, { DB: brokenDb })).status).toBe(503);
    expect(queue.sent).toEqual([]);
    expect((await rowsOf(s.scoutId)).map((r) => r.sourceMsgRef).sort()).toEqual([first, second].sort());
  });

  it("the hub lists from the cursor its last sync left while it reads the row; a cursor moved elsewhere means a fresh listing", async () => {
    const mailbox = `early-${crypto.randomUUID()}@example.com`;
    const s = await world.gmailScout(mailbox);
    const add = (w: string) =>
      world.gmail.addMessage(mailbox, {
        raw: rfc822({ from: "cy@example.org", subject: `Quarterly numbers ${w}`, body: "See attached." }),
      }).id;
    const hub = deviceHubFor(env.DEVICE_HUB, s.userId);
    const sync = () =>
      hub.syncNow(s.userId, {
        kind: "sync",
        scoutId: s.scoutId,
        historyId: world.gmail.historyId(mailbox),
        trigger: "push",
      });
    const lists = () => world.gmail.calls.filter((c) => c.call === "history").length;
    const one = add("one");
    await sync();
    const two = add("two");
    const before = lists();
    await sync();
    // Remembered cursor = the row's cursor: the early page is the one used, no second listing.
    expect(lists() - before).toBe(1);
    // Another process (the queued copy, cron) synced "three" and moved the cursor past it.
    add("three");
    await db
      .update(scoutConnections)
      .set({ historyCursor: world.gmail.historyId(mailbox) })
      .where(eq(scoutConnections.scoutId, s.scoutId));
    const four = add("four");
    const again = lists();
    await sync();
    // The early page (from the stale cursor, with "three") is dropped and history listed again.
    expect(lists() - again).toBe(2);
    expect((await rowsOf(s.scoutId)).map((r) => r.sourceMsgRef).sort()).toEqual([one, two, four].sort());
  });

  it("pushes that arrive while a scout's sync runs are folded into one re-run in the DeviceHub", async () => {
    const mailbox = `burst-${crypto.randomUUID()}@example.com`;
    const s = await world.gmailScout(mailbox);
    const ids = ["one", "two", "three"].map(
      (w) =>
        world.gmail.addMessage(mailbox, {
          raw: rfc822({ from: "cy@example.org", subject: `Quarterly numbers ${w}`, body: "See attached." }),
        }).id,
    );
    const hub = deviceHubFor(env.DEVICE_HUB, s.userId);
    const job = {
      kind: "sync" as const,
      scoutId: s.scoutId,
      historyId: world.gmail.historyId(mailbox),
      trigger: "push" as const,
    };
    await Promise.all([hub.syncNow(s.userId, job), hub.syncNow(s.userId, job), hub.syncNow(s.userId, job)]);
    expect((await rowsOf(s.scoutId)).map((r) => r.sourceMsgRef).sort()).toEqual([...ids].sort());
    // One run, plus at most one re-run for the pushes that came in meanwhile (not three).
    const lists = world.gmail.calls.filter((c) => c.call === "history").length;
    expect(lists).toBeGreaterThanOrEqual(1);
    expect(lists).toBeLessThanOrEqual(2);
  });
});
