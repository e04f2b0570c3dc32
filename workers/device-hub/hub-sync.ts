import type { ItemContent } from "@scouts/core/connectors/source-connector";
import { isCoreError } from "@scouts/core/errors";
import { createInvocationBudget, type InvocationBudget } from "@scouts/core/pipeline/invocation-budget";
import type { HubPoker, PipelineScout } from "@scouts/core/pipeline/ports";
import { syncScout } from "@scouts/core/pipeline/sync-scout";
import type { SyncJob } from "@scouts/core/protocol/jobs";
import type { Env } from "../env.ts";
import { createPipelineCtx, type FullPipelineCtx, type PipelineOverrides } from "../shared/pipeline-deps.ts";
import { type ConnectorCache, cachedConnectorFor } from "./connector-cache.ts";

export interface HubSyncDeps {
  env: Env;
  /** The hub itself, so what the sync queues is offered to its sockets without an RPC. */
  hub: HubPoker;
  connectors: ConnectorCache;
  /** Ports the hub was built with (none when deployed). */
  overrides: PipelineOverrides;
}

/**
 * Runs webhook-started sync jobs inside the user's DeviceHub. History syncs of one scout never
 * overlap: a push arriving while one runs is folded into a single re-run after it (each run
 * lists everything past the cursor, so one re-run covers any number of pushes). Jobs naming one
 * item (`ref`, Slack) run at once: each item is its own job. Failures are logged by code only;
 * the queued copy of the job redoes the work.
 *
 * A Durable Object shares one I/O context across its concurrent requests, so every sync running
 * at once (one per scout, and each folded re-run) draws from one invocation budget, reserving its
 * job and first fan-out page the way the queue consumer's sync jobs do. A run that no longer fits
 * is left to its queued copy; the budget starts afresh once no sync is running.
 * @example const syncs = createHubSyncs({ env, hub, connectors }); await syncs.run(job);
 */
export function createHubSyncs(deps: HubSyncDeps) {
  const running = new Map<string, { again: SyncJob | null; done: Promise<void> }>();
  // Safe to remember: this hub runs one history sync per scout at a time (below).
  const lastScouts = new Map<string, PipelineScout>();

  let shared: { budget: InvocationBudget; running: number } | null = null;
  const acquire = (): InvocationBudget => {
    shared ??= { budget: createInvocationBudget(deps.overrides.invocationBudget), running: 0 };
    shared.running++;
    return shared.budget;
  };
  const release = () => {
    if (shared && --shared.running === 0) shared = null;
  };

  function ctx(budget: InvocationBudget, pushed?: { scoutId: string; item: ItemContent }): FullPipelineCtx {
    const base = createPipelineCtx(deps.env, { ...deps.overrides, hub: deps.hub });
    const cached = cachedConnectorFor(base.connectorFor, deps.connectors, () => base.clock.now());
    // The item a push carried is handed to the scout's connector, which serves it from memory.
    const connectorFor: typeof cached = pushed
      ? async (scout) => {
          const connector = await cached(scout);
          if (scout.id === pushed.scoutId) connector.offerPushedItem?.(pushed.item);
          return connector;
        }
      : cached;
    const full: FullPipelineCtx = { ...base, connectorFor, lastScouts, budget };
    full.inline = base.inline ? { ...base.inline, ctx: full, budget } : undefined;
    return full;
  }

  async function once(job: SyncJob, pushed?: ItemContent): Promise<void> {
    const budget = acquire();
    try {
      await runOnce(budget, job, pushed);
    } finally {
      release();
    }
  }

  async function runOnce(budget: InvocationBudget, job: SyncJob, pushed?: ItemContent): Promise<void> {
    const c = ctx(
      budget,
      pushed && job.ref?.id === pushed.ref.id ? { scoutId: job.scoutId, item: pushed } : undefined,
    );
    if (!budget.tryReserveJob(!job.ref)) {
      c.logger.log("info", "webhook.sync_left_to_queue", {
        scoutId: job.scoutId,
        subrequests: budget.spent.subrequests,
      });
      return;
    }
    const started = c.clock.now();
    try {
      const { outcome } = await syncScout({ ctx: c, input: job });
      c.logger.log("info", "webhook.sync_now", {
        scoutId: job.scoutId,
        outcome,
        ms: c.clock.now() - started,
      });
    } catch (e) {
      c.logger.log("warn", "webhook.sync_now_failed", {
        scoutId: job.scoutId,
        code: isCoreError(e) ? e.code : "internal",
      });
    }
  }

  return {
    run(job: SyncJob, pushed?: ItemContent): Promise<void> {
      if (job.ref) return once(job, pushed);
      const current = running.get(job.scoutId);
      if (current) {
        current.again = job;
        return current.done;
      }
      const state: { again: SyncJob | null; done: Promise<void> } = { again: null, done: Promise.resolve() };
      state.done = (async () => {
        try {
          for (let next: SyncJob | null = job; next; next = state.again) {
            state.again = null;
            await once(next);
          }
        } finally {
          running.delete(job.scoutId);
        }
      })();
      running.set(job.scoutId, state);
      return state.done;
    },
  };
}
