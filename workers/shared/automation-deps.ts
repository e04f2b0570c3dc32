import type {
  ExecutorCtx,
  QueueLane,
  RunQueue,
  RunQueueMessage,
} from "@scouts/core/automation/executor/types";
import type { ManageCtx } from "@scouts/core/automation/manage/save-automation";
import { mcpCapabilities } from "@scouts/core/automation/mcp/bind";
import type { McpConnect, McpStore } from "@scouts/core/automation/mcp/ports";
import { sdkConnect } from "@scouts/core/automation/mcp/sdk-session";
import { nativeRegistry } from "@scouts/core/automation/registry/native";
import type { ActionServices, Capability } from "@scouts/core/automation/registry/types";
import type { TriggerStore } from "@scouts/core/automation/triggers/ports";
import type { EventsCtx } from "@scouts/core/events/types";
import {
  type Clock,
  type FetchLike,
  type Logger,
  randomId,
  realSleep,
  type Sleep,
  systemClock,
} from "@scouts/core/ports";
import type { ScoutsDb } from "@scouts/db";
import { createD1Db } from "@scouts/db/d1";
import { createMcpStore } from "@scouts/db/repos/automation-mcp";
import { createAutomationRepo, createTriggerStore } from "@scouts/db/repos/automation-triggers";
import { createRunStore } from "@scouts/db/repos/automations";
import { createEventStore } from "@scouts/db/repos/events";
import { ensurePersonalSpace } from "@scouts/db/repos/spaces";
import { type Env, readConfig } from "../env.ts";
import { createActionServices } from "./automation-services.ts";
import { consoleLogger } from "./logger.ts";
import { tokenKeyring } from "./token-store.ts";

/** Ports a caller may supply instead of the defaults built from `env`; the deployed Worker passes none. */
export interface AutomationOverrides {
  clock?: Clock;
  sleep?: Sleep;
  logger?: Logger;
  fetch?: FetchLike;
  services?: Partial<ActionServices>;
  /** Extra capabilities (tests' scripted ones; harvested MCP tools are added by the MCP binder). */
  capabilities?: Capability[];
  mcpConnect?: McpConnect;
}

export type AutomationCtx = ExecutorCtx & {
  triggers: TriggerStore;
  db: ScoutsDb;
  manage: ManageCtx;
  mcp: McpStore;
  connect: McpConnect;
  /** Capabilities the caller added (scripted ones in tests); `forUser` keeps them beside MCP tools. */
  extraCapabilities: Capability[];
};

function laneQueue(env: Env, lane: QueueLane): Queue {
  return lane === "fast"
    ? env.AUTOMATION_FAST
    : lane === "medium"
      ? env.AUTOMATION_MEDIUM
      : env.AUTOMATION_LONG;
}

/** Workflows refuses a second instance with the same id: the run was started already. */
function alreadyStarted(e: unknown): boolean {
  return String((e as Error)?.message ?? e).includes("already_exists");
}

/**
 * Starting a run creates its Workflows instance (instance id = run id, so a second start of the
 * same run is a no-op). Fires and `on_failure` jobs of reaped runs, and a queue executor's own
 * delayed retry, go on the lane's queue; sendBatch takes at most 100 messages.
 */
export function createRunQueue(env: Env): RunQueue {
  return {
    async send(lane, messages, delaySeconds) {
      const queued: RunQueueMessage[] = [];
      for (const m of messages) {
        if (m.kind !== "automation.run" || delaySeconds) {
          queued.push(m);
          continue;
        }
        try {
          await env.AUTOMATION_RUNS.create({ id: m.runId, params: { runId: m.runId } });
        } catch (e) {
          if (!alreadyStarted(e)) throw e;
        }
      }
      const q = laneQueue(env, lane);
      for (let i = 0; i < queued.length; i += 100) {
        await q.sendBatch(
          queued.slice(i, i + 100).map((body) => ({
            body,
            ...(delaySeconds ? { delaySeconds: Math.min(delaySeconds, 43_200) } : {}),
          })),
        );
      }
    },
  };
}

/**
 * The event bus as the Worker wires it: events land in domain_events and a dispatch job goes on
 * the fast automation queue. PIPELINE and CONNECTORS publish with
 * `publish(workerEventsCtx(env), { type, userId, subject, payload })`.
 */
export function workerEventsCtx(
  env: Env,
  db: ScoutsDb = createD1Db(env.DB),
  clock: Clock = systemClock,
): EventsCtx {
  return {
    eventStore: createEventStore(db),
    clock,
    ids: randomId,
    dispatch: async (e) => {
      await env.AUTOMATION_FAST.send({ kind: "automation.event", eventId: e.id });
    },
  };
}

/** Composition root of the automation engine in the Worker (queue consumer, cron, routes). */
export function createAutomationCtx(env: Env, overrides: AutomationOverrides = {}): AutomationCtx {
  const db = createD1Db(env.DB);
  const clock = overrides.clock ?? systemClock;
  const logger = overrides.logger ?? consoleLogger;
  const registry = nativeRegistry(overrides.capabilities ?? []);
  const events = workerEventsCtx(env, db, clock);
  const config = readConfig(env);
  const services = createActionServices({ env, config, db, clock, logger, events, registry, overrides });
  const ids = randomId;
  return {
    extraCapabilities: overrides.capabilities ?? [],
    mcp: createMcpStore(db, () => (config.TOKEN_KEYS ? tokenKeyring(config) : Promise.resolve(null))),
    connect: overrides.mcpConnect ?? sdkConnect(overrides.fetch),
    db,
    store: createRunStore(db),
    triggers: createTriggerStore(db),
    queue: createRunQueue(env),
    registry,
    services,
    events,
    clock,
    sleep: overrides.sleep ?? realSleep,
    ids,
    logger,
    manage: { repo: createAutomationRepo(db), registry, clock, ids },
    // `$space_default` is the person's own space (created on first use, like the workspaces API does).
    spaceDefault: async (userId) => (await ensurePersonalSpace(db, { userId, now: clock.now() })).id,
  };
}

/**
 * The context with the registry a given user sees: native capabilities plus the MCP tools they
 * harvested (bound lazily, one session per connection per isolate).
 */
export async function forUser(ctx: AutomationCtx, userId: string): Promise<AutomationCtx> {
  const tools = await ctx.mcp.toolsForUser(userId);
  if (tools.length === 0) return ctx;
  const registry = nativeRegistry([
    ...ctx.extraCapabilities,
    ...mcpCapabilities(tools, (id) => ctx.mcp.connection(userId, id), ctx.connect),
  ]);
  return { ...ctx, registry, services: { ...ctx.services, registry }, manage: { ...ctx.manage, registry } };
}

export { artifactContentType } from "./automation-services.ts";
