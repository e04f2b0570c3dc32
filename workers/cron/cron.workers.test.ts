import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
} from "cloudflare:test";
import type { SourceConnector } from "@scouts/core/connectors/source-connector";
import { CoreError } from "@scouts/core/errors";
import { createD1Db } from "@scouts/db/d1";
import { markSlackEventSeen } from "@scouts/db/repos/slack-events";
import { createScanSession } from "@scouts/db/repos/workspace-scans";
import {
  demoFeeds,
  devices,
  scoutConnections,
  scouts,
  scoutTriageQueue,
  slackEventsSeen,
  spaces,
  workspaceScanSessions,
} from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readConfig } from "../env.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import { createPipelineCtx } from "../shared/pipeline-deps.ts";
import worker from "../test/entry.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import {
  fakeMailbox,
  makeDevice,
  makeQueueRow,
  makeScout,
  makeUser,
  recordingSender,
} from "../test/pipeline-fixtures.ts";
import { demoEmitJob } from "./demo-emit.ts";

const db = createD1Db(env.DB);
const day = 86_400_000;
let sender: ReturnType<typeof recordingSender>;
let now: number;

beforeEach(() => {
  sender = recordingSender();
  now = Date.now();
  testOverrides.jobs = sender;
  testOverrides.clock = { now: () => now };
  testOverrides.logger = createMemoryLogger();
});
afterEach(() => {
  resetTestOverrides();
});

async function tick(cron: "* * * * *" | "17 3 * * *") {
  await worker.scheduled(
    createScheduledController({ cron, scheduledTime: now }),
    env,
    createExecutionContext(),
  );
}
async function runJobs(jobs: unknown[]) {
  const batch = createMessageBatch(
    "scouts-jobs",
    jobs.map((body) => ({ id: crypto.randomUUID(), timestamp: new Date(now), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}
const scoutRow = async (id: string) => (await db.select().from(scouts).where(eq(scouts.id, id)).get())!;
const syncsFor = (scoutId: string) => sender.sent.filter((j) => j.kind === "sync" && j.scoutId === scoutId);

describe("minute cron: fallback polling", () => {
  it("polls scouts quiet past their interval once, even when the tick is doubled", async () => {
    const userId = await makeUser(db);
    const stale = await makeScout(db, userId, {
      lastNotificationAt: now - 3600_000,
      pollIntervalSeconds: 900,
    });
    const fresh = await makeScout(db, userId, { lastNotificationAt: now - 60_000, pollIntervalSeconds: 900 });
    const reauth = await makeScout(db, userId, { lastNotificationAt: now - 3600_000, needsReauth: true });
    const paused = await makeScout(db, userId, { lastNotificationAt: now - 3600_000, enabled: false });
    await Promise.all([tick("* * * * *"), tick("* * * * *")]);
    expect(syncsFor(stale)).toEqual([{ kind: "sync", scoutId: stale, trigger: "poll" }]);
    for (const id of [fresh, reauth, paused]) expect(syncsFor(id)).toEqual([]);
    // A skipped tick changes nothing: the next one still finds it due only after the interval.
    now += 60_000;
    await tick("* * * * *");
    expect(syncsFor(stale)).toHaveLength(1);
    now += 900_000;
    await tick("* * * * *");
    expect(syncsFor(stale)).toHaveLength(2);
  });
});

describe("nightly cron", () => {
  it("renews watches lapsing within 48 h, skipping needs_reauth, and stores the new expiry", async () => {
    const userId = await makeUser(db);
    const soon = await makeScout(db, userId, { watchExpiration: now + 24 * 3600_000 });
    const later = await makeScout(db, userId, { watchExpiration: now + 5 * day });
    const reauth = await makeScout(db, userId, { watchExpiration: now + 3600_000, needsReauth: true });
    const box = fakeMailbox();
    const seen: string[] = [];
    testOverrides.connectorFor = async (scout): Promise<SourceConnector> => {
      seen.push(scout.id);
      return box.connector;
    };
    // The nightly tick fans renewals out as queue jobs; a doubled tick after they ran finds none due.
    await tick("17 3 * * *");
    const mine = (scoutId: string) => [soon, later, reauth].includes(scoutId);
    const renewals = sender.sent.filter((j) => j.kind === "renew" && mine(j.scoutId));
    expect(renewals).toEqual([{ kind: "renew", scoutId: soon }]);
    await runJobs(renewals);
    await tick("17 3 * * *");
    expect(sender.sent.filter((j) => j.kind === "renew" && mine(j.scoutId))).toHaveLength(1);
    expect(seen.filter((id) => id === soon)).toHaveLength(1);
    expect(seen).not.toContain(later);
    expect(seen).not.toContain(reauth);
    const conn = await db.select().from(scoutConnections).where(eq(scoutConnections.scoutId, soon)).get();
    expect(conn!.watchExpiration).toBeGreaterThan(now + 6 * day);
  });

  it("a failing renewal is logged for that scout and does not stop the other jobs", async () => {
    const userId = await makeUser(db);
    await makeScout(db, userId, { watchExpiration: now + 3600_000 });
    const scoutId = await makeScout(db, userId, { sourceType: "demo" });
    const old = await makeQueueRow(db, userId, scoutId, "demo-1", { expiresAt: now - 1 });
    testOverrides.connectorFor = async () => {
      throw new CoreError("needs_reauth", "invalid_grant");
    };
    await tick("17 3 * * *");
    expect((await db.select().from(scoutTriageQueue).where(eq(scoutTriageQueue.id, old)).get())!.status).toBe(
      "expired",
    );
  });

  it("expires unacked rows after 30 days and leaves acked and fresh rows alone", async () => {
    const userId = await makeUser(db);
    const scoutId = await makeScout(db, userId, { sourceType: "demo" });
    const expired = await makeQueueRow(db, userId, scoutId, "demo-1", {
      expiresAt: now - 1,
      status: "delivered",
    });
    const acked = await makeQueueRow(db, userId, scoutId, "demo-2", { expiresAt: now - 1, status: "acked" });
    const fresh = await makeQueueRow(db, userId, scoutId, "demo-3", { expiresAt: now + day });
    await tick("17 3 * * *");
    await tick("17 3 * * *");
    const status = async (id: string) =>
      (await db.select().from(scoutTriageQueue).where(eq(scoutTriageQueue.id, id)).get())!.status;
    expect([await status(expired), await status(acked), await status(fresh)]).toEqual([
      "expired",
      "acked",
      "queued",
    ]);
  });

  it("prunes Slack dedupe rows older than a day and drops expired workspace scans", async () => {
    const userId = await makeUser(db);
    const scoutId = await makeScout(db, userId, { sourceType: "slack" });
    await markSlackEventSeen(db, "EvOld", now - 2 * day);
    await markSlackEventSeen(db, "EvNew", now - 60_000);
    const spaceId = crypto.randomUUID();
    await db
      .insert(spaces)
      .values({ id: spaceId, ownerUserId: userId, name: "Me", kind: "personal", createdAt: now });
    const scan = { spaceId, userId, scoutId, now: now - day, items: [] };
    await createScanSession(db, { ...scan, id: "scan-old", expiresAt: now - 1 });
    await createScanSession(db, { ...scan, id: "scan-open", expiresAt: now + day });
    await tick("17 3 * * *");
    await tick("17 3 * * *");
    const events = await db.select().from(slackEventsSeen).all();
    expect(events.map((e) => e.eventId)).toContain("EvNew");
    expect(events.map((e) => e.eventId)).not.toContain("EvOld");
    const scans = await db
      .select()
      .from(workspaceScanSessions)
      .where(eq(workspaceScanSessions.userId, userId))
      .all();
    expect(scans.map((x) => x.id)).toEqual(["scan-open"]);
  });

  it("pauses scouts of users whose devices were silent too long, and resumes them when a device returns", async () => {
    const quietUser = await makeUser(db, now - 60 * day);
    const quiet = await makeScout(db, quietUser, { sourceType: "demo", createdAt: now - 60 * day });
    const customDays = await makeScout(db, quietUser, {
      sourceType: "demo",
      createdAt: now - 60 * day,
      deviceInactivityPauseDays: 30,
    });
    const switchedOff = await makeScout(db, quietUser, {
      sourceType: "demo",
      createdAt: now - 60 * day,
      enabled: false,
    });
    const device = await makeDevice(db, quietUser, { createdAt: now - 60 * day, lastSeenAt: now - 15 * day });
    const activeUser = await makeUser(db);
    const active = await makeScout(db, activeUser, { sourceType: "demo", createdAt: now - 60 * day });
    await makeDevice(db, activeUser, { lastSeenAt: now - day });

    await tick("17 3 * * *");
    await tick("17 3 * * *");
    expect((await scoutRow(quiet)).pausedReason).toBe("device_inactive");
    expect((await scoutRow(customDays)).pausedReason).toBeNull();
    expect((await scoutRow(switchedOff)).pausedReason).toBeNull();
    expect((await scoutRow(active)).pausedReason).toBeNull();

    await db.update(devices).set({ lastSeenAt: now }).where(eq(devices.id, device));
    await tick("17 3 * * *");
    expect((await scoutRow(quiet)).pausedReason).toBeNull();
  });
});

describe("demo emitter", () => {
  it("adds one item per minute per demo scout in dev mode, once per minute under doubled ticks", async () => {
    const userId = await makeUser(db);
    const scoutId = await makeScout(db, userId, { sourceType: "demo" });
    const ctx = createPipelineCtx(env, testOverrides);
    const config = { ...readConfig(env), SCOUTS_ENV: "development" as const, SCOUTS_DEV_MODE: true };
    await Promise.all([demoEmitJob(ctx, { env, config }), demoEmitJob(ctx, { env, config })]);
    now += 60_000;
    await demoEmitJob(ctx, { env, config });
    const feed = await db.select().from(demoFeeds).where(eq(demoFeeds.scoutId, scoutId)).get();
    expect(feed!.emitted).toBe(2);
    expect(syncsFor(scoutId)).toEqual([
      { kind: "sync", scoutId, trigger: "demo" },
      { kind: "sync", scoutId, trigger: "demo" },
    ]);
  });

  it("is off outside development", async () => {
    const userId = await makeUser(db);
    const scoutId = await makeScout(db, userId, { sourceType: "demo" });
    await tick("* * * * *");
    expect(syncsFor(scoutId)).toEqual([]);
  });
});
