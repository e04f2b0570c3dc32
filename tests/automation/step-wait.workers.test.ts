import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { reapOverdueRuns } from "@scouts/core/automation/executor/reap-runs";
import { startRuns } from "@scouts/core/automation/executor/start-runs";
import type { RunQueueMessage } from "@scouts/core/automation/executor/types";
import { saveAutomation } from "@scouts/core/automation/manage/save-automation";
import type { Capability } from "@scouts/core/automation/registry/types";
import type { AutomationDefinition } from "@scouts/core/automation/schema/definition-types";
import { MAX_IN_PROCESS_SLEEP_MS } from "@scouts/core/connectors/http/backoff";
import { CoreError } from "@scouts/core/errors";
import { createD1Db } from "@scouts/db/d1";
import { describe, expect, it } from "vitest";
import { createAutomationBatchHandler } from "../../workers/queue-consumer/automation/index.ts";
import { type AutomationOverrides, createAutomationCtx } from "../../workers/shared/automation-deps.ts";
import { testEnv } from "../../workers/test/harness.ts";
import { makeUser } from "../../workers/test/pipeline-fixtures.ts";

const db = createD1Db(env.DB);

/** A fake clock, a `sleep` that records what it was asked, the log lines and scripted actions. */
function world(capabilities: Capability[]) {
  const t = { now: Date.now() };
  const sleeps: number[] = [];
  const lines: { event: string; fields: Record<string, unknown> }[] = [];
  const overrides: AutomationOverrides = {
    clock: { now: () => t.now },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    logger: { log: (_level, event, fields = {}) => void lines.push({ event, fields }) },
    capabilities,
  };
  const handler = createAutomationBatchHandler(overrides);
  let delivery = 0;
  /** One delivery of the run's message, as the queue would make it (`attempts` counts deliveries). */
  async function deliver(runId: string, attempts: number) {
    const id = `m${++delivery}`;
    const batch = createMessageBatch("scouts-automation-fast", [
      { id, timestamp: new Date(t.now), attempts, body: { kind: "automation.run", runId } },
    ]);
    const ectx = createExecutionContext();
    await handler(batch, testEnv(), ectx);
    const result = await getQueueResult(batch, ectx);
    const retry = result.retryMessages.find((m) => m.msgId === id);
    // getQueueResult may drop delaySeconds: the consumer's log line says what it asked for.
    const waits = lines.filter((l) => l.event === "automation.queue.run_waits").map((l) => l.fields);
    const asked = retry ? (retry.delaySeconds ?? waits.at(-1)?.delaySeconds) : undefined;
    return { acked: result.explicitAcks.includes(id), retried: retry !== undefined, asked };
  }
  const ctx = () => createAutomationCtx(testEnv(), overrides);
  return { t, sleeps, lines, deliver, ctx };
}

function action(id: string, handler: Capability["handler"], over: Partial<Capability> = {}): Capability {
  return {
    id,
    description: `test action ${id}`,
    kind: "tight",
    inputSchema: { type: "object" },
    outputSchema: {},
    requiredCredentials: [],
    sideEffects: ["WRITE"],
    expectedDurationMs: 10,
    costEstimateUsd: 0,
    handler,
    ...over,
  };
}

/** Fails with a transient error `failures` times, then answers; records each call's idempotency key. */
function flaky(id: string, failures: number) {
  const calls: string[] = [];
  const cap = action(id, async ({ idempotencyKey }) => {
    calls.push(idempotencyKey);
    if (calls.length <= failures) throw new CoreError("upstream_unavailable", "HTTP 503");
    return { output: { n: calls.length } };
  });
  return { cap, calls };
}

async function started(w: ReturnType<typeof world>, definition: AutomationDefinition) {
  const userId = await makeUser(db);
  const ctx = { ...w.ctx(), queue: { send: async () => {} } };
  const { automation } = await saveAutomation({ ctx: ctx.manage, input: { userId, definition } });
  const [o] = await startRuns({ ctx, input: [{ automation, triggerType: "manual", triggerPayload: {} }] });
  if (!o || !("runId" in o)) throw new Error(`not started: ${JSON.stringify(o)}`);
  return o.runId;
}

const def = (
  steps: AutomationDefinition["plan"]["steps"],
  extra: Partial<AutomationDefinition> = {},
): AutomationDefinition => ({
  schema_version: 1,
  name: "Waits on the queue",
  triggers: [{ type: "webhook" }],
  plan: { steps },
  ...extra,
});

const retry60 = { strategy: "exponential" as const, delay_ms: 60_000 };

async function runRow(runId: string) {
  return env.DB.prepare("SELECT status, lease_until, error FROM automation_runs WHERE id = ?")
    .bind(runId)
    .first<{ status: string; lease_until: number | null; error: string | null }>();
}

describe("queue path: a step's retry wait goes back to the queue (issue 15)", () => {
  it("fails twice then succeeds: retry({delaySeconds: 60}) then 120, one call per attempt, no long sleep", async () => {
    const before = flaky("test.before", 0);
    const post = flaky("test.post", 2);
    const w = world([before.cap, post.cap]);
    const runId = await started(
      w,
      def([
        { id: "first", action: "test.before", with: {} },
        { id: "post", action: "test.post", with: {}, retry: retry60 },
      ]),
    );

    const d1 = await w.deliver(runId, 1);
    expect(d1).toMatchObject({ retried: true, acked: false, asked: 60 });
    expect(post.calls).toHaveLength(1);
    const [, waiting] = await w.ctx().store.listSteps(runId);
    expect(waiting).toMatchObject({ stepId: "post", status: "waiting", attempts: 1, resumeAttempt: 2 });
    // The lease is released, so the redelivery is not refused as "leased".
    expect((await runRow(runId))!.lease_until).toBeLessThanOrEqual(w.t.now);

    w.t.now += 60_000;
    const d2 = await w.deliver(runId, 2);
    expect(d2).toMatchObject({ retried: true, asked: 120 });
    expect(post.calls).toHaveLength(2);

    w.t.now += 120_000;
    const d3 = await w.deliver(runId, 3);
    expect(d3).toMatchObject({ acked: true, retried: false });
    expect((await runRow(runId))!.status).toBe("succeeded");

    expect(before.calls).toHaveLength(1);
    expect(post.calls).toHaveLength(3);
    expect(new Set(post.calls)).toEqual(new Set([`run:${runId}:main:post`]));
    const steps = await w.ctx().store.listSteps(runId);
    expect(steps.find((s) => s.stepId === "post")).toMatchObject({
      status: "succeeded",
      attempts: 3,
      output: { n: 3 },
    });
    expect(w.sleeps.every((ms) => ms <= MAX_IN_PROCESS_SLEEP_MS)).toBe(true);
  });

  it("short waits are still slept in process (at most the cap), the message acked once", async () => {
    const post = flaky("test.quick", 1);
    const w = world([post.cap]);
    const runId = await started(
      w,
      def([{ id: "post", action: "test.quick", with: {}, retry: { strategy: "linear", delay_ms: 2000 } }]),
    );
    expect(await w.deliver(runId, 1)).toMatchObject({ acked: true, retried: false });
    expect(w.sleeps).toEqual([2000]);
    expect(post.calls).toHaveLength(2);
  });

  it("a redelivery that has used its lane's retries waits on a fresh delayed message", async () => {
    const post = flaky("test.late", 1);
    const w = world([post.cap]);
    const sent: { messages: RunQueueMessage[]; delay: number | undefined }[] = [];
    const runId = await started(w, def([{ id: "post", action: "test.late", with: {}, retry: retry60 }]));
    const batch = createMessageBatch("scouts-automation-fast", [
      { id: "late", timestamp: new Date(), attempts: 3, body: { kind: "automation.run", runId } },
    ]);
    const ectx = createExecutionContext();
    const e = testEnv();
    const fast = e.AUTOMATION_FAST;
    // The lane's producer, watched: the fresh message carries the delay.
    const watched = {
      ...e,
      AUTOMATION_FAST: {
        send: fast.send.bind(fast),
        async sendBatch(msgs: Iterable<MessageSendRequest<unknown>>) {
          for (const m of msgs) sent.push({ messages: [m.body as RunQueueMessage], delay: m.delaySeconds });
        },
      } as unknown as Queue,
    };
    await createAutomationBatchHandler({
      clock: { now: () => w.t.now },
      sleep: async (ms) => void w.sleeps.push(ms),
      capabilities: [post.cap],
    })(batch, watched, ectx);
    const result = await getQueueResult(batch, ectx);
    expect(result.explicitAcks).toEqual(["late"]);
    expect(result.retryMessages).toEqual([]);
    expect(sent).toEqual([{ messages: [{ kind: "automation.run", runId }], delay: 60 }]);
  });

  it("a run past its deadline while waiting ends as the reaper says; the redelivery calls nothing", async () => {
    const post = flaky("test.slow", 5);
    const w = world([post.cap]);
    const runId = await started(
      w,
      def([{ id: "post", action: "test.slow", with: {}, retry: { ...retry60, max_attempts: 5 } }], {
        plan: {
          steps: [{ id: "post", action: "test.slow", with: {}, retry: { ...retry60, max_attempts: 5 } }],
          on_failure: [{ id: "tell", action: "transform_data", with: { value: 1 } }],
        },
        execution: { timeout_ms: 90_000 },
      }),
    );
    expect(await w.deliver(runId, 1)).toMatchObject({ retried: true, asked: 60 });

    // The queue is late: the run's deadline (90 s) and the reaper's grace (60 s) pass first.
    w.t.now += 200_000;
    const sent: RunQueueMessage[] = [];
    const ctx = {
      ...w.ctx(),
      queue: { send: async (_l: string, m: RunQueueMessage[]) => void sent.push(...m) },
    };
    expect(await reapOverdueRuns({ ctx, input: { now: w.t.now } })).toMatchObject({ reaped: 1 });
    expect(sent).toEqual([{ kind: "automation.on_failure", runId }]);

    expect(await w.deliver(runId, 2)).toMatchObject({ acked: true, retried: false });
    expect(post.calls).toHaveLength(1);
    const row = await runRow(runId);
    expect(row!.status).toBe("timed_out");
    expect(JSON.parse(row!.error!)).toMatchObject({ code: "timeout" });
  });

  it("a wait that would end past the deadline fails the step instead of handing back", async () => {
    const post = flaky("test.tight", 5);
    const w = world([post.cap]);
    const runId = await started(
      w,
      def([{ id: "post", action: "test.tight", with: {}, retry: retry60 }], {
        execution: { timeout_ms: 30_000 },
      }),
    );
    expect(await w.deliver(runId, 1)).toMatchObject({ acked: true, retried: false });
    expect(post.calls).toHaveLength(1);
    expect((await runRow(runId))!.status).toBe("failed");
  });
});
