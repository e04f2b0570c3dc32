import { env } from "cloudflare:test";
import { createD1Db } from "@scouts/db/d1";
import { afterEach, describe, expect, it } from "vitest";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import type { Env } from "../env.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import { GMAIL_FAKE_VARS, gmailWorld, runSyncJob } from "../test/gmail-fixtures.ts";
import { countingD1, countingNamespace, meter } from "../test/metering.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import { recordingSender } from "../test/pipeline-fixtures.ts";

afterEach(() => {
  resetTestOverrides();
});

/**
 * What one Gmail notification costs on the durable path (sync job → history.list → inline
 * triage → queue row → hub): D1 statements and rows, queue messages, Durable Object calls and
 * Gmail calls, measured on the real Worker code in workerd. docs/scale.md turns them into money.
 */
describe("the resources one notification uses", () => {
  it("is measured and stays bounded", async () => {
    const world = gmailWorld(createD1Db(env.DB));
    const sender = recordingSender();
    Object.assign(testOverrides, {
      fetch: world.fetch,
      vars: GMAIL_FAKE_VARS,
      jobs: sender,
      logger: createMemoryLogger(),
      events: null,
    });
    const mailbox = `cost-${crypto.randomUUID()}@example.com`;
    const s = await world.gmailScout(mailbox);
    // The first sync refreshes the token and settles the cursor; what follows is steady state.
    await runSyncJob(s.scoutId);
    const n = 10;
    const m = meter();
    const gmailBefore = world.gmail.calls.length;
    const over: Partial<Env> = {
      DB: countingD1(env.DB, m),
      DEVICE_HUB: countingNamespace(env.DEVICE_HUB, m),
      QUOTA_GATE: countingNamespace(env.QUOTA_GATE, m),
    };
    for (let i = 0; i < n; i++) {
      world.gmail.addMessage(mailbox, {
        raw: rfc822({
          from: `sender${i}@example.org`,
          subject: `Invoice ${i} for November`,
          body: "Please find the invoice attached; due on the 30th.",
        }),
      });
      const res = await runSyncJob(s.scoutId, over);
      expect(
        res.retryMessages,
        JSON.stringify(
          (testOverrides.logger as unknown as { lines?: unknown }).lines ?? testOverrides.logger,
        ),
      ).toEqual([]);
    }
    const per = {
      d1Statements: m.d1 / n,
      d1RowsRead: m.rowsRead / n,
      d1RowsWritten: m.rowsWritten / n,
      durableObjectCalls: m.doCalls / n,
      queueMessagesSent: sender.sent.length / n,
      gmailCalls: (world.gmail.calls.length - gmailBefore) / n,
    };
    // The push also queues a delayed copy of the sync; when the fast path already did the work,
    // the copy finds nothing new. Its cost is part of every notification too.
    const c = meter();
    const gmailBeforeCopy = world.gmail.calls.length;
    await runSyncJob(s.scoutId, {
      DB: countingD1(env.DB, c),
      DEVICE_HUB: countingNamespace(env.DEVICE_HUB, c),
      QUOTA_GATE: countingNamespace(env.QUOTA_GATE, c),
    });
    const copy = {
      statements: c.d1,
      rowsRead: c.rowsRead,
      rowsWritten: c.rowsWritten,
      doCalls: c.doCalls,
      gmailCalls: world.gmail.calls.length - gmailBeforeCopy,
    };
    console.log(`per notification: ${JSON.stringify(per)} delayed copy: ${JSON.stringify(copy)}`);
    expect(per.d1RowsWritten).toBeGreaterThan(0);
    // Regression bounds (work, not time): a notification that costs much more than today is a change to look at.
    expect(per.d1Statements).toBeLessThanOrEqual(20);
    expect(per.d1RowsRead).toBeLessThanOrEqual(60);
    expect(per.durableObjectCalls).toBeLessThanOrEqual(4);
    // history.list, messages.get, the sent-mail lookup, and the send-as list (1 unit, once per invocation).
    expect(per.gmailCalls).toBeLessThanOrEqual(4);
  });
});
