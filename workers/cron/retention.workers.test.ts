import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { createD1Db } from "@scouts/db/d1";
import { scoutRunLogs, scoutTriageQueue } from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../shared/logger.ts";
import worker from "../test/entry.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import { makeQueueRow, makeScout, makeUser, recordingSender } from "../test/pipeline-fixtures.ts";

const db = createD1Db(env.DB);
const day = 86_400_000;
let now: number;

beforeEach(() => {
  now = Date.now();
  testOverrides.jobs = recordingSender();
  testOverrides.clock = { now: () => now };
  testOverrides.logger = createMemoryLogger();
});
afterEach(() => {
  resetTestOverrides();
});

describe("nightly retention", () => {
  it("deletes ended queue rows 60 days past expiry and run logs after 30 days; pending rows stay", async () => {
    const userId = await makeUser(db);
    const scoutId = await makeScout(db, userId, { sourceType: "gmail" });
    const row = (
      ref: string,
      status: "queued" | "delivered" | "acked" | "expired" | "dropped",
      expiredDaysAgo: number,
    ) =>
      makeQueueRow(db, userId, scoutId, ref, {
        status,
        createdAt: now - (expiredDaysAgo + 30) * day,
        expiresAt: now - expiredDaysAgo * day,
      });
    const oldAcked = await row("m-old-acked", "acked", 61);
    const oldExpired = await row("m-old-expired", "expired", 90);
    const recentAcked = await row("m-recent-acked", "acked", 10);
    // Spam kept as a dedupe marker ends like the others.
    const oldDropped = await row("m-old-dropped", "dropped", 61);
    // Still pending (expires in 5 days): kept whatever its age.
    const oldQueued = await row("m-pending", "queued", -5);
    for (const [id, age] of [
      ["log-old", 31],
      ["log-new", 29],
    ] as const)
      await db
        .insert(scoutRunLogs)
        .values({ id, scoutId, kind: "sync", outcome: "ok", createdAt: now - age * day });

    await worker.scheduled(
      createScheduledController({ cron: "17 3 * * *", scheduledTime: now }),
      env,
      createExecutionContext(),
    );

    const rows = await db.select().from(scoutTriageQueue).where(eq(scoutTriageQueue.scoutId, scoutId)).all();
    expect(rows.map((r) => r.id).sort()).toEqual([recentAcked, oldQueued].sort());
    expect(rows.map((r) => r.id)).not.toContain(oldAcked);
    expect(rows.map((r) => r.id)).not.toContain(oldExpired);
    expect(rows.map((r) => r.id)).not.toContain(oldDropped);
    const logs = await db.select().from(scoutRunLogs).where(eq(scoutRunLogs.scoutId, scoutId)).all();
    expect(logs.map((l) => l.id)).toContain("log-new");
    expect(logs.map((l) => l.id)).not.toContain("log-old");
  });
});
