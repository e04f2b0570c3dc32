import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { demoMessage, demoRaw } from "@scouts/core/connectors/demo/catalog";
import { CoreError } from "@scouts/core/errors";
import { createStage1Classifier } from "@scouts/core/triage/stage1";
import { createD1Db } from "@scouts/db/d1";
import { scoutOwedItems, scoutRunLogs, scoutTriageQueue } from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../shared/logger.ts";
import { callApp, devEnv, devUser, jsonInit, LOCAL } from "../test/harness.ts";
import { connectDevice } from "../test/hub-client.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import { makeScout, makeUser } from "../test/pipeline-fixtures.ts";

const db = createD1Db(env.DB);

beforeEach(() => {
  testOverrides.logger = createMemoryLogger();
});
afterEach(() => {
  resetTestOverrides();
});

describe("poison messages over the real queue", () => {
  it("a job failing transiently every time ends in the dead-letter queue and the scout's run log", async () => {
    const userId = await makeUser(db);
    const scoutId = await makeScout(db, userId, { sourceType: "gmail" });
    let attempts = 0;
    testOverrides.retryDelaySeconds = 0;
    testOverrides.connectorFor = async () => {
      attempts++;
      throw new CoreError("upstream_unavailable", "provider keeps failing");
    };
    await env.JOBS.send({ kind: "triage", scoutId, ref: { source: "gmail", id: "poison-1" } });
    const deadline = Date.now() + 15_000;
    let logs: (typeof scoutRunLogs.$inferSelect)[] = [];
    while (Date.now() < deadline) {
      logs = await db.select().from(scoutRunLogs).where(eq(scoutRunLogs.scoutId, scoutId)).all();
      if (logs.length) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(logs).toEqual([
      expect.objectContaining({ kind: "dead_letter", outcome: "owed", detail: "job=triage" }),
    ]);
    // Not lost: owed by id, for the redo cron (owed-items.workers.test.ts).
    const owed = await db.select().from(scoutOwedItems).where(eq(scoutOwedItems.scoutId, scoutId)).all();
    expect(owed.map((o) => o.itemRef)).toEqual(["poison-1"]);
    expect(attempts).toBe(6); // the first delivery and max_retries = 5 (wrangler.toml)
  });
});

describe("demo emit → real queue → stage 1 → DeviceHub → device", () => {
  it("delivers every relevant synthetic item exactly once and drops spam", async () => {
    const me = await devUser(`flow-${crypto.randomUUID()}@example.test`);
    const device = await connectDevice(exports.default, `${LOCAL}/api/v1/device`, {
      authorization: `Bearer ${me.token}`,
    });
    await device.waitFor((f) => f.some((x) => x.type === "welcome"));

    const res = await callApp(
      { env: devEnv() },
      `${LOCAL}/api/v1/dev/demo/emit`,
      jsonInit("POST", { count: 8 }, { authorization: `Bearer ${me.token}` }),
    );
    expect(res.status).toBe(202);
    const { scoutId } = (await res.json()) as { scoutId: string };

    const classifier = createStage1Classifier();
    const expected: string[] = [];
    for (let n = 1; n <= 8; n++) {
      const ref = { source: "demo" as const, id: `demo-${n}` };
      const v = await classifier.classify({ kind: "email", ref, raw: demoRaw(demoMessage(n)) });
      if (v.verdict !== "spam") expected.push(ref.id);
    }
    await device.waitFor(() => device.proposals().length >= expected.length, 10_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(
      device
        .proposals()
        .map((p) => p.sourceMsgRef)
        .sort(),
    ).toEqual(expected.sort());
    expect(device.proposals().every((p) => p.scoutId === scoutId && p.subject)).toBe(true);

    for (const p of device.proposals()) device.send({ type: "scout_proposal_ack", proposalId: p.proposalId });
    const deadline = Date.now() + 5000;
    for (;;) {
      const rows = (
        await db.select().from(scoutTriageQueue).where(eq(scoutTriageQueue.scoutId, scoutId)).all()
      ).filter((r) => r.status !== "dropped"); // spam, remembered by id only
      if (rows.length === expected.length && rows.every((r) => r.status === "acked")) break;
      if (Date.now() > deadline) throw new Error(`rows: ${JSON.stringify(rows.map((r) => r.status))}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  });

  it("refuses the demo route outside dev mode and without a user", async () => {
    const me = await devUser(`flow-${crypto.randomUUID()}@example.test`);
    const prod = await callApp(
      { env: devEnv({ SCOUTS_ENV: "production" }) },
      `${LOCAL}/api/v1/dev/demo/emit`,
      jsonInit("POST", { count: 1 }, { authorization: `Bearer ${me.token}` }),
    );
    expect(prod.status).toBe(404);
    const anon = await callApp(
      { env: devEnv() },
      `${LOCAL}/api/v1/dev/demo/emit`,
      jsonInit("POST", { count: 1 }),
    );
    expect(anon.status).toBe(401);
    const bad = await callApp(
      { env: devEnv() },
      `${LOCAL}/api/v1/dev/demo/emit`,
      jsonInit("POST", { count: 100_000 }, { authorization: `Bearer ${me.token}` }),
    );
    expect(bad.status).toBe(400);
  });
});
