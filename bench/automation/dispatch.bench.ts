import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ExecutorCtx } from "@scouts/core/automation/executor/types";
import { nativeRegistry } from "@scouts/core/automation/registry/native";
import type { AutomationDefinition } from "@scouts/core/automation/schema/definition-types";
import { dispatchDueSchedules } from "@scouts/core/automation/triggers/dispatch-schedules";
import { createFileDb } from "@scouts/db/file";
import { createTriggerStore } from "@scouts/db/repos/automation-triggers";
import { createRunStore } from "@scouts/db/repos/automations";
import { createEventStore } from "@scouts/db/repos/events";
import { automations, automationTriggers } from "@scouts/db/schema/automations";
import { users } from "@scouts/db/schema/users";

const N = 10_000;
const crons = ["*/5 * * * *", "0 * * * *", "*/15 * * * *", "30 9 * * 1-5", "0 8 * * *"];
const zones = ["UTC", "Europe/Paris", "America/New_York", "Asia/Tokyo"];

/**
 * One cron tick with N due schedule triggers, on a libSQL file with every migration: read the due
 * triggers, advance them (compare-and-set), put one fire message per trigger on its lane.
 */
export async function benchDispatch(): Promise<{ n: number; ms: number; fired: number; enqueued: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-automation-"));
  const { db, client } = await createFileDb(`file:${path.join(dir, "cloud.db")}`);
  const now = Date.UTC(2026, 10, 23, 9, 30);
  const def: AutomationDefinition = {
    schema_version: 1,
    name: "digest",
    triggers: [{ type: "schedule", cron: "*/5 * * * *", timezone: "UTC" }],
    plan: { steps: [{ id: "n", action: "notification", with: { title: "digest {{ run.id }}" } }] },
    execution: { concurrency: "drop_if_running" },
  };
  await db.insert(users).values({ id: "u", email: "u@example.com", createdAt: now });
  const rows = Array.from({ length: N }, (_, i) => i);
  for (let i = 0; i < N; i += 500) {
    const part = rows.slice(i, i + 500);
    await db.insert(automations).values(
      part.map((k) => ({
        id: `a${k}`,
        userId: "u",
        name: "digest",
        version: 1,
        definition: def,
        concurrency: "drop_if_running" as const,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await db.insert(automationTriggers).values(
      part.map((k) => ({
        id: `t${k}`,
        automationId: `a${k}`,
        userId: "u",
        position: 0,
        type: "schedule" as const,
        cron: crons[k % crons.length]!,
        timezone: zones[k % zones.length]!,
        nextFireAt: now - 1000,
      })),
    );
  }
  let enqueued = 0;
  const clock = { now: () => now };
  const registry = nativeRegistry();
  const ctx: ExecutorCtx & { triggers: ReturnType<typeof createTriggerStore> } = {
    store: createRunStore(db),
    triggers: createTriggerStore(db),
    queue: {
      send: async (_lane, msgs) => {
        enqueued += msgs.length;
      },
    },
    registry,
    services: { clock, logger: { log: () => {} } },
    events: {
      eventStore: createEventStore(db),
      clock,
      ids: () => crypto.randomUUID(),
      dispatch: async () => {},
    },
    clock,
    sleep: async () => {},
    ids: () => crypto.randomUUID(),
    logger: { log: () => {} },
  };
  const phases: Record<string, number> = {};
  for (const target of [ctx.store, ctx.triggers] as unknown as Record<
    string,
    (...a: unknown[]) => Promise<unknown>
  >[]) {
    for (const [k, fn] of Object.entries(target)) {
      target[k] = async (...a: unknown[]) => {
        const t = performance.now();
        try {
          return await fn(...a);
        } finally {
          phases[k] = (phases[k] ?? 0) + performance.now() - t;
        }
      };
    }
  }
  const t0 = performance.now();
  const r = await dispatchDueSchedules({ ctx, input: { now } });
  if (process.env.BENCH_VERBOSE) console.log(phases);
  const ms = performance.now() - t0;
  client.close();
  rmSync(dir, { recursive: true, force: true });
  return { n: N, ms, fired: r.fired, enqueued };
}
