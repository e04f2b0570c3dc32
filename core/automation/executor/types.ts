import type { EventsCtx } from "../../events/types.ts";
import type { Clock, IdGenerator, Logger, Sleep } from "../../ports.ts";
import type { ActionServices, CapabilityRegistry } from "../registry/types.ts";
import type { AutomationDefinition, ConcurrencyPolicy } from "../schema/definition-types.ts";
import type { DailyLimits } from "./daily-limits.ts";

export type RunStatus = "pending" | "running" | "succeeded" | "failed" | "cancelled" | "timed_out";
export type QueueLane = "fast" | "medium" | "long";
/** `waiting`: a retry was handed back to the queue; the redelivery resumes at `resumeAttempt`. */
export type StepStatus = "running" | "waiting" | "succeeded" | "failed" | "skipped" | "timed_out";

export const terminalStatuses: ReadonlySet<RunStatus> = new Set([
  "succeeded",
  "failed",
  "cancelled",
  "timed_out",
]);

export interface RunError {
  step: string | null;
  code: string;
  message: string;
  /** The failing call may still have taken effect: the run is not retried as a whole. */
  mayHaveLanded?: true;
}

export interface RunRecord {
  id: string;
  automationId: string;
  userId: string;
  version: number;
  status: RunStatus;
  enqueued: boolean;
  queue: QueueLane;
  triggerType: string;
  triggerPayload: unknown;
  inputs: Record<string, unknown>;
  /** The definition as it was when the run was created. */
  definition: AutomationDefinition;
  attempt: number;
  chainDepth: number;
  costUsd: number;
  error: RunError | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** Until when its executor holds it (a run waiting for a person holds it past its deadline). */
  leaseUntil?: number | null;
}

export type ClaimOutcome = "claimed" | "leased" | "ended" | "missing";

export interface StepRecord {
  stepId: string;
  phase: "main" | "on_failure";
  position: number;
  status: StepStatus;
  attempts: number;
  output: unknown;
  error: RunError | null;
  costUsd: number;
  startedAt: number;
  finishedAt: number | null;
  /** Set while `waiting`: the attempt (1-based, within this run attempt) the redelivery makes next. */
  resumeAttempt?: number;
}

/** The automation row a run is started from. */
export interface AutomationRecord {
  id: string;
  userId: string;
  name: string;
  enabled: boolean;
  version: number;
  definition: AutomationDefinition;
  concurrency: ConcurrencyPolicy;
  lastFiredAt: number | null;
}

/** Run persistence (D1 in the Worker, libSQL in Node, memory in benches). */
export interface RunStore {
  createRuns(runs: RunRecord[]): Promise<void>;
  /**
   * Inserts the run only if its automation has no active run, in one statement (drop_if_running
   * stays exact when two fires race). False when it was not inserted.
   */
  createRunIfIdle(run: RunRecord): Promise<boolean>;
  getRun(runId: string): Promise<RunRecord | null>;
  /** pending → running (keeps the first startedAt); false when the run is already terminal. */
  markRunning(runId: string, at: number): Promise<boolean>;
  /**
   * pending → running, or takes over a running run whose lease has lapsed (or that `holder`
   * already holds), for `holder` until `leaseUntil`, in one statement: two deliveries of one run can never both hold it.
   */
  claimRun(runId: string, holder: string, at: number, leaseUntil: number): Promise<ClaimOutcome>;
  /** Extends the holder's lease; false when the run ended or someone else holds it. */
  renewLease(runId: string, holder: string, leaseUntil: number): Promise<boolean>;
  /**
   * Applies the patch (and drops the lease) only while the run is `running` and `holder` holds
   * it: an executor that outlived its run (reaped, cancelled, taken over) changes nothing.
   */
  endIfHeld(
    runId: string,
    holder: string,
    patch: Partial<Pick<RunRecord, "status" | "costUsd" | "error" | "finishedAt" | "attempt">>,
  ): Promise<boolean>;
  updateRun(
    runId: string,
    patch: Partial<Pick<RunRecord, "status" | "costUsd" | "error" | "finishedAt" | "attempt" | "enqueued">>,
  ): Promise<void>;
  listSteps(runId: string): Promise<StepRecord[]>;
  saveStep(runId: string, step: StepRecord): Promise<void>;
  /** Runs of each automation that are running or enqueued-pending. */
  activeRunCounts(automationIds: string[]): Promise<Map<string, number>>;
  /** Runs the user's automations started since `since`, and what they cost. */
  usageSince(userId: string, since: number): Promise<{ runs: number; costUsd: number }>;
  /** Runs in `running` that started before `before`, oldest first (the reaper's candidates). */
  runningStartedBefore(before: number, limit: number): Promise<RunRecord[]>;
  /**
   * Applies the patch (and drops any lease) only while the run is still `running`; false when it
   * had already ended.
   */
  endIfRunning(runId: string, patch: Pick<RunRecord, "status" | "finishedAt" | "error">): Promise<boolean>;
  /**
   * Takes a failed or timed-out run with no holder for `holder` (who runs its `on_failure` steps
   * after the reaper ended it), once: false when it is not such a run or was already taken.
   */
  claimEnded(runId: string, holder: string): Promise<boolean>;
  /** The oldest run waiting behind a running one (`queue` concurrency). */
  nextWaitingRun(automationId: string): Promise<RunRecord | null>;
  markFired(automationIds: string[], at: number): Promise<void>;
}

/** Execute (or resume) a run. */
export interface RunMessage {
  kind: "automation.run";
  runId: string;
}

/**
 * Start a run for a trigger that fired (schedules): the cron tick only advances schedules and
 * enqueues these, so 10,000 due automations cost a few statements, not 10,000 inserts in one invocation.
 */
export interface FireMessage {
  kind: "automation.fire";
  automationId: string;
  triggerType: "schedule";
  triggerPayload: Record<string, string | number>;
}

/** Run the `on_failure` steps of a run the reaper ended. */
export interface OnFailureMessage {
  kind: "automation.on_failure";
  runId: string;
}

export type RunQueueMessage = RunMessage | FireMessage | OnFailureMessage;

export interface RunQueue {
  send(lane: QueueLane, messages: RunQueueMessage[], delaySeconds?: number): Promise<void>;
}

export interface ExecutorCtx {
  store: RunStore;
  queue: RunQueue;
  registry: CapabilityRegistry;
  services: ActionServices;
  events: EventsCtx;
  clock: Clock;
  sleep: Sleep;
  ids: IdGenerator;
  logger: Logger;
  /** Default space for `$space_default` inputs, when the user has one. */
  spaceDefault?: (userId: string) => Promise<string | null>;
  /** Per-person daily caps on runs started and money spent (default `defaultDailyLimits`). */
  limits?: DailyLimits;
}
