import type { RunError } from "./types.ts";

/** A `step.do` retry policy in the engine's terms (`limit` retries after the first attempt). */
export interface DurableStepConfig {
  retries?: { limit: number; delayMs: number; backoff: "constant" | "linear" | "exponential" };
  timeoutMs?: number;
}

/**
 * The durable engine's primitives (Cloudflare Workflows' `step` in the Worker): a `do` whose
 * result is recorded once and replayed after a restart, whose throw is retried per `retries`;
 * a durable `sleep`; and `waitForEvent`, which rejects when `timeoutMs` passes without the event.
 */
export interface DurableSteps {
  do<T>(name: string, config: DurableStepConfig, fn: (attempt: number) => Promise<T>): Promise<T>;
  sleep(name: string, ms: number): Promise<void>;
  waitForEvent(name: string, opts: { type: string; timeoutMs: number }): Promise<unknown>;
}

/** What one durable step reports back to the run (its output stays in the run's step records). */
export type StepVerdict =
  | { status: "succeeded" | "skipped" }
  | { status: "lost" }
  | { status: "failed" | "timed_out" | "cancelled"; error: RunError };

/** The event a person's answer to an approval step is sent as. */
export function approvalEventType(stepId: string): string {
  return `approval-${stepId}`;
}

/** The executor token of a run driven by a durable instance (the instance id is the run id). */
export function durableHolder(runId: string): string {
  return `wf:${runId}`;
}
