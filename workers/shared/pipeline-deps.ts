import { createDemoConnector } from "@scouts/core/connectors/demo/demo-connector";
import { CoreError } from "@scouts/core/errors";
import { publish } from "@scouts/core/events/publish";
import { type Cost, createInvocationBudget } from "@scouts/core/pipeline/invocation-budget";
import type { OwedStore } from "@scouts/core/pipeline/owed";
import type {
  ConnectorFor,
  EventPublisher,
  HubPoker,
  JobSender,
  PipelineCtx,
  SyncCtx,
  TriageCtx,
} from "@scouts/core/pipeline/ports";
import { createReaderLookups } from "@scouts/core/pipeline/reader-lookup";
import { type Clock, type FetchLike, type Logger, randomId, systemClock } from "@scouts/core/ports";
import type { ScoutJob } from "@scouts/core/protocol/jobs";
import { createStage1Classifier } from "@scouts/core/triage/stage1";
import type { Stage1Classifier } from "@scouts/core/triage/stage1-contract";
import type { ScoutsDb } from "@scouts/db";
import { createD1Db } from "@scouts/db/d1";
import { createOwedStore } from "@scouts/db/repos/owed-items";
import { createRunLogRepo } from "@scouts/db/repos/run-logs";
import { createTriageQueueRepo } from "@scouts/db/repos/triage-queue";
import { type Env, readConfig } from "../env.ts";
import { workerEventsCtx } from "./automation-deps.ts";
import { createDemoFeedStore } from "./demo-feed.ts";
import { deviceHubFor } from "./durable-objects.ts";
import { consoleLogger } from "./logger.ts";
import { connectorForScout } from "./scout-connector.ts";
import { createCronStore, createLedgerStore, createScoutStore } from "./stores.ts";
import { withWorkspaceHarvest } from "./workspace-harvest.ts";

/**
 * Ports a caller may supply instead of the defaults built from `env`. The deployed Worker passes
 * none; the test entry (`workers/test/entry.ts`, vitest only) passes its own.
 */
export interface PipelineOverrides {
  fetch?: FetchLike;
  classifier?: Stage1Classifier;
  connectorFor?: ConnectorFor;
  clock?: Clock;
  logger?: Logger;
  jobs?: JobSender;
  events?: EventPublisher | null;
  /** Largest sync page triaged inside the sync job (0: always fan out triage jobs). */
  inlineTriageMax?: number;
  /** Fixed queue retry delay (tests drive a message to the dead-letter queue without waiting). */
  retryDelaySeconds?: number;
  /** Per-invocation D1 query / subrequest allowance (default `INVOCATION_LIMITS`). */
  invocationBudget?: Cost;
  /** The DeviceHub port (the hub itself passes a local one when it runs a sync). */
  hub?: HubPoker;
  /** Extra vars for provider connectors (the DeviceHub reads its own env, not the test's). */
  vars?: Record<string, string>;
}

let defaultClassifier: Stage1Classifier | undefined;
/** A push usually names 1–10 new items; bigger pages (a resync, a backlog) fan out across jobs. */
export const defaultInlineTriageMax = 20;

export type FullPipelineCtx = SyncCtx &
  TriageCtx & {
    db: ScoutsDb;
    cron: ReturnType<typeof createCronStore>;
    owed: OwedStore;
    retryDelaySeconds?: number | undefined;
  };

/** Composition root for the queue consumer, cron and DeviceHub: ports over D1, queues and the DO. */
export function createPipelineCtx(env: Env, overrides: PipelineOverrides = {}): FullPipelineCtx {
  const db = createD1Db(env.DB);
  const logger = overrides.logger ?? consoleLogger;
  const base: PipelineCtx = {
    scouts: createScoutStore(db),
    queueRows: createTriageQueueRepo(db),
    runLogs: createRunLogRepo(db),
    connectorFor:
      overrides.connectorFor ??
      createConnectorFor(overrides.vars ? { ...env, ...overrides.vars } : env, db, overrides.fetch),
    clock: overrides.clock ?? systemClock,
    ids: randomId,
    logger,
  };
  const clock = base.clock;
  base.events =
    overrides.events === null
      ? undefined
      : (overrides.events ?? {
          publish: async (input) => void (await publish(workerEventsCtx(env, db, clock), input)),
        });
  defaultClassifier ??= createStage1Classifier();
  const full: FullPipelineCtx = {
    ...base,
    db,
    cron: createCronStore(db),
    owed: createOwedStore(db),
    jobs: overrides.jobs ?? queueSender(env.JOBS),
    ledger: createLedgerStore(db),
    classifier: overrides.classifier ?? defaultClassifier,
    hub: overrides.hub ?? hubPoker(env),
    retryDelaySeconds: overrides.retryDelaySeconds,
    // One context per queue invocation (or hub sync): the lookup bound is per invocation.
    readerLookups: createReaderLookups(),
  };
  const maxRefs = overrides.inlineTriageMax ?? defaultInlineTriageMax;
  // Per context, like the lookups: the consumer reserves its batch's jobs against it.
  const budget = createInvocationBudget(overrides.invocationBudget);
  full.budget = budget;
  full.inline = maxRefs > 0 ? { maxRefs, ctx: full, budget } : undefined;
  return full;
}

export function queueSender(queue: Queue): JobSender {
  return {
    async sendBatch(jobs: ScoutJob[], opts = {}) {
      if (jobs.length === 0) return;
      if (jobs.length > 100) throw new CoreError("internal", "sendBatch takes at most 100 jobs");
      const delay = opts.delaySeconds ? { delaySeconds: Math.min(opts.delaySeconds, 43_200) } : {};
      await queue.sendBatch(jobs.map((body) => ({ body, contentType: "json" as const, ...delay })));
    },
  };
}

export function hubPoker(env: Env): HubPoker {
  const hub = (userId: string) => deviceHubFor(env.DEVICE_HUB, userId);
  return {
    poke: (userId) => hub(userId).poke(),
    offer: (userId, frames) => hub(userId).offer(userId, frames),
  };
}

/** Demo scouts read the local feed; provider scouts go through the connection's tokens. */
export function createConnectorFor(env: Env, db: ScoutsDb, fetch?: FetchLike): ConnectorFor {
  const demo = createDemoFeedStore(db);
  return async (scout) => {
    if (scout.sourceType === "demo") return createDemoConnector({ head: () => demo.head(scout.id) });
    return withWorkspaceHarvest(
      await providerConnector(env, db, scout.id, fetch),
      { db, clock: systemClock, logger: consoleLogger },
      scout.userId,
    );
  };
}

function providerConnector(env: Env, db: ScoutsDb, scoutId: string, fetch?: FetchLike) {
  return connectorForScout({ env, config: readConfig(env), db, scoutId, ...(fetch ? { fetch } : {}) });
}
