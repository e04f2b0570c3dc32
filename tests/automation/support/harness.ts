import type { ExecutorCtx, QueueLane, RunQueueMessage } from "@scouts/core/automation/executor/types";
import type { ManageCtx } from "@scouts/core/automation/manage/save-automation";
import { nativeRegistry } from "@scouts/core/automation/registry/native";
import type { ActionServices, Capability } from "@scouts/core/automation/registry/types";
import type { TriggerStore } from "@scouts/core/automation/triggers/ports";
import type { EventsCtx } from "@scouts/core/events/types";
import type { ScoutsDb } from "@scouts/db";
import { createFileDb } from "@scouts/db/file";
import { createAutomationRepo, createTriggerStore } from "@scouts/db/repos/automation-triggers";
import { createRunStore } from "@scouts/db/repos/automations";
import { createEventStore } from "@scouts/db/repos/events";
import { users } from "@scouts/db/schema/users";

export interface Sent {
  lane: QueueLane;
  message: RunQueueMessage;
  delaySeconds: number | undefined;
}

export interface Harness {
  db: ScoutsDb;
  ctx: ExecutorCtx & { triggers: TriggerStore };
  manage: ManageCtx;
  sent: Sent[];
  published: { id: string; type: string; payload: Record<string, unknown> }[];
  clock: { now(): number; advance(ms: number): void };
  sleeps: number[];
  notifications: { title: string; body: string }[];
  userId: string;
  addUser(id: string): Promise<void>;
  close(): void;
}

let seq = 0;

/**
 * A real libSQL database with all migrations, the real stores and executor, a manual clock
 * (sleep advances it) and a queue that records sends: each test builds its own.
 */
export async function createHarness(
  extra: Capability[] = [],
  services: Partial<ActionServices> = {},
): Promise<Harness> {
  const { db, client } = await createFileDb(":memory:");
  let t = Date.UTC(2026, 10, 22, 8, 0, 0);
  const clock = {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
  const sent: Sent[] = [];
  const published: Harness["published"] = [];
  const sleeps: number[] = [];
  const notifications: Harness["notifications"] = [];
  const ids = () => `id_${++seq}_${Math.random().toString(36).slice(2, 8)}`;
  const registry = nativeRegistry(extra);
  const events: EventsCtx = {
    eventStore: createEventStore(db),
    clock,
    ids,
    dispatch: async (e) => void published.push({ id: e.id, type: e.type, payload: e.payload }),
  };
  const ctx: ExecutorCtx & { triggers: TriggerStore } = {
    store: createRunStore(db),
    triggers: createTriggerStore(db),
    queue: {
      async send(lane, messages, delaySeconds) {
        for (const message of messages) sent.push({ lane, message, delaySeconds });
      },
    },
    registry,
    services: {
      clock,
      logger: { log: () => {} },
      notify: async (n) => {
        notifications.push({ title: n.title, body: n.body });
        return { devices: 1 };
      },
      registry,
      ...services,
    },
    events,
    clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.advance(ms);
    },
    ids,
    logger: { log: () => {} },
  };
  const manage: ManageCtx = { repo: createAutomationRepo(db), registry, clock, ids };
  const addUser = async (id: string) => {
    await db.insert(users).values({ id, email: `${id}@example.com`, createdAt: t });
  };
  await addUser("u1");
  return {
    db,
    ctx,
    manage,
    sent,
    published,
    clock,
    sleeps,
    notifications,
    userId: "u1",
    addUser,
    close: () => client.close(),
  };
}

/** A capability whose handler the test scripts (fail n times, hang, cost money, …). */
export function scriptedCapability(
  id: string,
  handler: Capability["handler"],
  over: Partial<Capability> = {},
): Capability {
  return {
    id,
    description: `test capability ${id}`,
    kind: "tight",
    inputSchema: { type: "object" },
    outputSchema: {},
    requiredCredentials: [],
    sideEffects: ["READ"],
    expectedDurationMs: 10,
    costEstimateUsd: 0,
    handler,
    ...over,
  };
}
