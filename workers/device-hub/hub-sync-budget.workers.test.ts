import { env } from "cloudflare:test";
import type { Cost } from "@scouts/core/pipeline/invocation-budget";
import type { FetchLike } from "@scouts/core/ports";
import type { ScoutJob } from "@scouts/core/protocol/jobs";
import { createD1Db } from "@scouts/db/d1";
import { scoutConnections } from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import { deviceHubFor } from "../shared/durable-objects.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import { GMAIL_FAKE_VARS, gmailWorld, sealGmailTokens } from "../test/gmail-fixtures.ts";
import { counted, meter, metering } from "../test/metering.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import { keywordClassifier, recordingSender } from "../test/pipeline-fixtures.ts";
import { seedConnectedScout } from "../test/records.ts";

const db = createD1Db(env.DB);

afterEach(() => {
  resetTestOverrides();
});

describe("the DeviceHub's syncs draw from one invocation budget", () => {
  it("24 scouts of one person pushed at once: the hub's subrequests stay within the budget; the syncs that do not fit are left to their queued copies", async () => {
    const tight: Cost = { queries: 500, subrequests: 60 };
    const world = gmailWorld(db);
    const m = meter();
    metering.current = m;
    const sender = recordingSender();
    const logger = createMemoryLogger();
    Object.assign(testOverrides, {
      fetch: ((input, init) => counted(m, "fetches", () => world.fetch(input, init))) satisfies FetchLike,
      vars: GMAIL_FAKE_VARS,
      jobs: { sendBatch: (jobs: ScoutJob[]) => counted(m, "queueSends", () => sender.sendBatch(jobs)) },
      logger,
      events: null,
      classifier: keywordClassifier,
      invocationBudget: tight,
    });
    const owner = `owner-${crypto.randomUUID()}@example.test`;
    const scouts: { scoutId: string; userId: string; mailbox: string }[] = [];
    for (let i = 0; i < 24; i++) {
      const mailbox = `hub-${i}-${crypto.randomUUID()}@example.com`;
      world.gmail.addAccount(mailbox, { startHistoryId: "100" });
      const s = await seedConnectedScout({
        email: owner,
        sourceType: "gmail",
        accountRef: mailbox,
        historyCursor: "100",
      });
      await sealGmailTokens(db, s, world.oauth.issueRefreshToken(mailbox));
      for (let k = 0; k < 3; k++)
        world.gmail.addMessage(mailbox, {
          raw: rfc822({ from: `s${k}@senders.example.org`, to: mailbox, subject: `n${k}`, body: "hello" }),
        });
      scouts.push({ ...s, mailbox });
    }
    const userId = scouts[0]!.userId;
    expect(scouts.every((s) => s.userId === userId)).toBe(true);
    const hub = deviceHubFor(env.DEVICE_HUB, userId);
    await Promise.all(
      scouts.map((s) =>
        hub.syncNow(userId, {
          kind: "sync",
          scoutId: s.scoutId,
          historyId: world.gmail.historyId(s.mailbox),
          trigger: "push",
        }),
      ),
    );
    const subrequests = m.fetches + m.doCalls + m.queueSends;
    console.log(`hub, 24 scouts at once, budget ${tight.subrequests}: ${subrequests} subrequests`);
    expect(subrequests).toBeLessThanOrEqual(tight.subrequests);
    const left = logger.lines.filter((l) => l.event === "webhook.sync_left_to_queue");
    const ran = logger.lines.filter((l) => l.event === "webhook.sync_now");
    expect(left.length).toBeGreaterThan(0);
    expect(ran.length).toBeGreaterThan(0);
    expect(left.length + ran.length).toBe(24);
    // A sync left to its queued copy did not touch the cursor: the copy lists that mail.
    const leftIds = new Set(left.map((l) => (l.fields as { scoutId: string }).scoutId));
    for (const s of scouts) {
      const conn = await db
        .select({ cursor: scoutConnections.historyCursor })
        .from(scoutConnections)
        .where(eq(scoutConnections.scoutId, s.scoutId))
        .get();
      if (leftIds.has(s.scoutId)) expect(conn?.cursor).toBe("100");
      else expect(conn?.cursor).toBe(world.gmail.historyId(s.mailbox));
    }
    // Once no sync runs, the budget starts afresh: a later push of a scout left over is run, not starved.
    const later = scouts.find((s) => leftIds.has(s.scoutId))!;
    const m2 = meter();
    metering.current = m2;
    await hub.syncNow(userId, {
      kind: "sync",
      scoutId: later.scoutId,
      historyId: world.gmail.historyId(later.mailbox),
      trigger: "push",
    });
    expect(logger.lines.filter((l) => l.event === "webhook.sync_left_to_queue")).toHaveLength(left.length);
    const conn = await db
      .select({ cursor: scoutConnections.historyCursor })
      .from(scoutConnections)
      .where(eq(scoutConnections.scoutId, later.scoutId))
      .get();
    expect(conn?.cursor).toBe(world.gmail.historyId(later.mailbox));
    expect(m2.fetches + m2.doCalls + m2.queueSends).toBeLessThanOrEqual(tight.subrequests);
  }, 120_000);

  it("a sync that fails (Gmail down) still gives its reservation back when it ends: the next push runs", async () => {
    const world = gmailWorld(db);
    const logger = createMemoryLogger();
    let down = true;
    Object.assign(testOverrides, {
      fetch: ((input, init) =>
        down
          ? Promise.resolve(new Response("unavailable", { status: 503 }))
          : world.fetch(input, init)) satisfies FetchLike,
      vars: GMAIL_FAKE_VARS,
      jobs: recordingSender(),
      logger,
      events: null,
      classifier: keywordClassifier,
      retryDelaySeconds: 0,
      invocationBudget: { queries: 500, subrequests: 40 },
    });
    const mailbox = `down-${crypto.randomUUID()}@example.com`;
    const s = await world.gmailScout(mailbox);
    world.gmail.addMessage(mailbox, {
      raw: rfc822({ from: "a@example.org", to: mailbox, subject: "x", body: "y" }),
    });
    const hub = deviceHubFor(env.DEVICE_HUB, s.userId);
    const push = () =>
      hub.syncNow(s.userId, {
        kind: "sync",
        scoutId: s.scoutId,
        historyId: world.gmail.historyId(mailbox),
        trigger: "push",
      });
    await push();
    await push();
    expect(logger.lines.filter((l) => l.event === "webhook.sync_now_failed")).toHaveLength(2);
    down = false;
    await push();
    expect(logger.lines.filter((l) => l.event === "webhook.sync_left_to_queue")).toEqual([]);
    const conn = await db
      .select({ cursor: scoutConnections.historyCursor })
      .from(scoutConnections)
      .where(eq(scoutConnections.scoutId, s.scoutId))
      .get();
    expect(conn?.cursor).toBe(world.gmail.historyId(mailbox));
  }, 120_000);
});
