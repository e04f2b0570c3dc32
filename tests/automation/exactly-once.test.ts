import { cancelRun } from "@scouts/core/automation/executor/cancel-run";
import { executeOnFailure, executeRun } from "@scouts/core/automation/executor/execute-run";
import { reapOverdueRuns } from "@scouts/core/automation/executor/reap-runs";
import { startRuns } from "@scouts/core/automation/executor/start-runs";
import { saveAutomation } from "@scouts/core/automation/manage/save-automation";
import type { HandlerArgs } from "@scouts/core/automation/registry/types";
import type { AutomationDefinition } from "@scouts/core/automation/schema/definition-types";
import { afterEach, describe, expect, it } from "vitest";
import { sampleDefinition } from "./fixtures/definitions.ts";
import { createHarness, type Harness, scriptedCapability } from "./support/harness.ts";

let h: Harness;
afterEach(() => h?.close());

const realSleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const oneStep = (action: string, over: Partial<AutomationDefinition> = {}) =>
  sampleDefinition({
    triggers: [{ type: "webhook" }],
    plan: {
      steps: [
        {
          id: "post",
          action,
          timeout_ms: 100,
          retry: { strategy: "linear", max_attempts: 3, delay_ms: 10 },
        },
      ],
    },
    ...over,
  });

async function start(def: AutomationDefinition) {
  const { automation } = await saveAutomation({
    ctx: h.manage,
    input: { userId: h.userId, definition: def },
  });
  const [o] = await startRuns({
    ctx: h.ctx,
    input: [{ automation, triggerType: "manual", triggerPayload: {} }],
  });
  if (!o || !("runId" in o)) throw new Error(`not started: ${JSON.stringify(o)}`);
  return { automation, runId: o.runId };
}

describe("exactly-once side effects", () => {
  it("a handler that finishes after its timeout posts once and its late result counts", async () => {
    const posted: string[] = [];
    h = await createHarness([
      scriptedCapability(
        "slow_post",
        async ({ idempotencyKey }) => {
          await realSleep(150);
          posted.push(idempotencyKey);
          return { output: { ts: "1" } };
        },
        { sideEffects: ["EXTERNAL_WRITE"] },
      ),
    ]);
    const { runId } = await start(oneStep("slow_post"));
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("succeeded");
    expect(posted).toEqual([`run:${runId}:main:post`]);
    expect((await h.ctx.store.listSteps(runId))[0]).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("a handler that ignores the abort is not retried: the outcome is unknown, the run says so", async () => {
    let calls = 0;
    h = await createHarness([
      scriptedCapability(
        "stuck_post",
        async () => {
          calls++;
          await realSleep(1_000);
          return { output: 1 };
        },
        { sideEffects: ["EXTERNAL_WRITE"] },
      ),
    ]);
    const { runId } = await start(
      oneStep("stuck_post", { execution: { retry: { strategy: "linear", max_attempts: 3 } } }),
    );
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("failed");
    expect(calls).toBe(1);
    expect((await h.ctx.store.getRun(runId))?.error).toMatchObject({ code: "timeout", mayHaveLanded: true });
  });

  it("a handler that stops on its signal is cancelled before the retry, and every attempt has the same key", async () => {
    const keys: string[] = [];
    let aborted = 0;
    h = await createHarness([
      scriptedCapability(
        "careful_post",
        async ({ signal, idempotencyKey }: HandlerArgs) => {
          keys.push(idempotencyKey);
          if (keys.length === 3) return { output: "posted" };
          await new Promise((_, reject) =>
            signal.addEventListener("abort", () => {
              aborted++;
              reject(signal.reason);
            }),
          );
          return { output: "never" };
        },
        { sideEffects: ["EXTERNAL_WRITE"] },
      ),
    ]);
    const { runId } = await start(oneStep("careful_post"));
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("succeeded");
    expect(aborted).toBe(2);
    expect(new Set(keys)).toEqual(new Set([`run:${runId}:main:post`]));
  });

  it("a step a restart interrupted is not called again unless its sink dedupes by key", async () => {
    let writes = 0;
    let reads = 0;
    h = await createHarness([
      scriptedCapability("write", async () => ({ output: ++writes }), { sideEffects: ["EXTERNAL_WRITE"] }),
      scriptedCapability("keyed_write", async () => ({ output: ++writes }), {
        sideEffects: ["EXTERNAL_WRITE"],
        idempotent: true,
      }),
      scriptedCapability("read", async () => ({ output: ++reads })),
    ]);
    for (const [action, expected] of [
      ["write", "failed"],
      ["keyed_write", "succeeded"],
      ["read", "succeeded"],
    ] as const) {
      const { runId } = await start(oneStep(action));
      const step = {
        stepId: "post",
        phase: "main" as const,
        position: 0,
        costUsd: 0,
        output: null,
        error: null,
      };
      await h.ctx.store.saveStep(runId, {
        ...step,
        status: "running",
        attempts: 0,
        startedAt: 1,
        finishedAt: null,
      });
      await h.ctx.store.markRunning(runId, h.clock.now());
      expect(await executeRun({ ctx: h.ctx, input: { runId } }), action).toBe(expected);
    }
    expect(writes).toBe(1);
    expect(reads).toBe(1);
  });
});

describe("runs that cannot wedge", () => {
  it("the reaper ends a run stuck in running and releases the run queued behind it", async () => {
    h = await createHarness();
    const def = sampleDefinition({
      triggers: [{ type: "webhook" }],
      execution: { concurrency: "queue", timeout_ms: 60_000 },
    });
    const first = await start(def);
    const [second] = await startRuns({
      ctx: h.ctx,
      input: [{ automation: first.automation, triggerType: "manual", triggerPayload: {} }],
    });
    expect(second?.status).toBe("waiting");
    // The isolate executing the first run dies after marking it running.
    await h.ctx.store.markRunning(first.runId, h.clock.now());
    h.clock.advance(60_000);
    expect(await reapOverdueRuns({ ctx: h.ctx, input: { now: h.clock.now() } })).toEqual({
      reaped: 0,
      released: 0,
    });
    h.clock.advance(61_000);
    expect(await reapOverdueRuns({ ctx: h.ctx, input: { now: h.clock.now() } })).toEqual({
      reaped: 1,
      released: 1,
    });
    expect(await h.ctx.store.getRun(first.runId)).toMatchObject({
      status: "timed_out",
      error: { code: "timeout" },
    });
    const secondId = second && "runId" in second ? second.runId : "";
    expect(await h.ctx.store.getRun(secondId)).toMatchObject({ status: "pending", enqueued: true });
    expect(h.sent.at(-1)?.message).toEqual({ kind: "automation.run", runId: secondId });
  });

  it("drop_if_running fires again once the reaper ended the stuck run", async () => {
    h = await createHarness();
    const first = await start(
      sampleDefinition({
        triggers: [{ type: "webhook" }],
        execution: { concurrency: "drop_if_running", timeout_ms: 1000 },
      }),
    );
    await h.ctx.store.markRunning(first.runId, h.clock.now());
    const fire = () =>
      startRuns({
        ctx: h.ctx,
        input: [{ automation: first.automation, triggerType: "manual", triggerPayload: {} }],
      });
    expect((await fire())[0]).toEqual({ status: "dropped", reason: "already_running" });
    h.clock.advance(120_000);
    await reapOverdueRuns({ ctx: h.ctx, input: { now: h.clock.now() } });
    expect((await fire())[0]?.status).toBe("enqueued");
  });

  it("cancelling a running run releases the one waiting behind it", async () => {
    h = await createHarness();
    const def = sampleDefinition({ triggers: [{ type: "webhook" }], execution: { concurrency: "queue" } });
    const first = await start(def);
    const [second] = await startRuns({
      ctx: h.ctx,
      input: [{ automation: first.automation, triggerType: "manual", triggerPayload: {} }],
    });
    await h.ctx.store.markRunning(first.runId, h.clock.now());
    await cancelRun({ ctx: h.ctx, input: { userId: h.userId, runId: first.runId } });
    const secondId = second && "runId" in second ? second.runId : "";
    expect(await h.ctx.store.getRun(secondId)).toMatchObject({ enqueued: true });
    expect(h.sent.at(-1)?.message).toEqual({ kind: "automation.run", runId: secondId });
    // The first run's executor, seeing the cancel, must not release a second run concurrently.
    expect(await executeRun({ ctx: h.ctx, input: { runId: first.runId } })).toBe("already_finished");
    expect(h.sent.filter((s) => "runId" in s.message && s.message.runId === secondId)).toHaveLength(1);
  });
});

describe("one executor per run", () => {
  const gate = () => {
    let open: () => void = () => {};
    const opened = new Promise<void>((r) => {
      open = r;
    });
    return { opened, open };
  };

  it("a redelivery while the run is running finds it leased and calls nothing", async () => {
    const g = gate();
    let calls = 0;
    h = await createHarness([
      scriptedCapability(
        "held_post",
        async () => {
          calls++;
          await g.opened;
          return { output: "posted" };
        },
        { sideEffects: ["EXTERNAL_WRITE"] },
      ),
    ]);
    const { runId } = await start(
      sampleDefinition({
        triggers: [{ type: "webhook" }],
        plan: { steps: [{ id: "post", action: "held_post", timeout_ms: 10_000 }] },
      }),
    );
    const first = executeRun({ ctx: h.ctx, input: { runId } });
    while (calls === 0) await realSleep(5);
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("leased");
    g.open();
    expect(await first).toBe("succeeded");
    expect(calls).toBe(1);
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("already_finished");
  });

  it("a holder that died is taken over once its lease lapses, without repeating what it did", async () => {
    let reads = 0;
    h = await createHarness([scriptedCapability("read", async () => ({ output: ++reads }))]);
    const { runId } = await start(
      sampleDefinition({
        triggers: [{ type: "webhook" }],
        plan: { steps: [{ id: "look", action: "read" }] },
      }),
    );
    // The isolate holding the run dies right after claiming it.
    const t0 = h.clock.now();
    expect(await h.ctx.store.claimRun(runId, "exec:dead", t0, t0 + 30_000)).toBe("claimed");
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("leased");
    h.clock.advance(30_000);
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("succeeded");
    expect(reads).toBe(1);
  });

  it("an executor finishing after the reaper keeps the reaped ending and announces nothing", async () => {
    const g = gate();
    let posted = 0;
    h = await createHarness([
      scriptedCapability(
        "late_post",
        async () => {
          await g.opened;
          posted++;
          return { output: "posted" };
        },
        { sideEffects: ["EXTERNAL_WRITE"] },
      ),
    ]);
    const { runId } = await start(
      sampleDefinition({
        triggers: [{ type: "webhook" }],
        plan: { steps: [{ id: "post", action: "late_post", timeout_ms: 10_000 }] },
        execution: { concurrency: "drop_if_running", timeout_ms: 5_000 },
      }),
    );
    const running = executeRun({ ctx: h.ctx, input: { runId } });
    while ((await h.ctx.store.getRun(runId))?.status !== "running") await realSleep(5);
    // Past the deadline, the attempt's lease (its timeout plus slack) and the reaper's grace.
    h.clock.advance(5_000 + 32_000 + 61_000);
    expect(await reapOverdueRuns({ ctx: h.ctx, input: { now: h.clock.now() } })).toMatchObject({ reaped: 1 });
    // The handler finishes after its run's timeout and after the reaper.
    g.open();
    expect(await running).toBe("already_finished");
    expect(posted).toBe(1);
    expect(await h.ctx.store.getRun(runId)).toMatchObject({
      status: "timed_out",
      error: { code: "timeout" },
    });
    const ends = h.published.filter((e) => e.type.startsWith("automation.run."));
    expect(ends.map((e) => [e.type, e.payload.status])).toEqual([["automation.run.failed", "timed_out"]]);
  });

  it("the reaper announces the failure and the run's on_failure steps run once", async () => {
    const titles: string[] = [];
    h = await createHarness([
      scriptedCapability("tell", async ({ input }) => {
        titles.push(String(input.title));
        return { output: null };
      }),
    ]);
    const { runId } = await start(
      sampleDefinition({
        triggers: [{ type: "webhook" }],
        plan: {
          steps: [{ id: "post", action: "transform_data", with: { value: 1 } }],
          on_failure: [{ id: "alarm", action: "tell", with: { title: "{{ run.error.code }}" } }],
        },
        execution: { concurrency: "allow_parallel", timeout_ms: 1_000 },
      }),
    );
    await h.ctx.store.markRunning(runId, h.clock.now());
    h.clock.advance(120_000);
    await reapOverdueRuns({ ctx: h.ctx, input: { now: h.clock.now() } });
    expect(h.published.map((e) => [e.type, e.payload.runId])).toContainEqual([
      "automation.run.failed",
      runId,
    ]);
    expect(h.sent.at(-1)?.message).toEqual({ kind: "automation.on_failure", runId });
    expect(await executeOnFailure({ ctx: h.ctx, input: { runId } })).toBe("ran");
    expect(await executeOnFailure({ ctx: h.ctx, input: { runId } })).toBe("skipped");
    expect(titles).toEqual(["timeout"]);
    expect(await h.ctx.store.getRun(runId)).toMatchObject({ status: "timed_out" });
  });

  it("a run whose holder extended its lease past the deadline (waiting for a person) is reaped only after it", async () => {
    h = await createHarness();
    const { runId } = await start(
      sampleDefinition({
        triggers: [{ type: "webhook" }],
        execution: { concurrency: "allow_parallel", timeout_ms: 60_000 },
      }),
    );
    const t0 = h.clock.now();
    expect(await h.ctx.store.claimRun(runId, "wf:x", t0, t0 + 60_000)).toBe("claimed");
    // An approval step waits up to an hour: the holder extends its lease over the wait.
    expect(await h.ctx.store.renewLease(runId, "wf:x", t0 + 3_600_000 + 60_000)).toBe(true);
    h.clock.advance(30 * 60_000);
    expect(await reapOverdueRuns({ ctx: h.ctx, input: { now: h.clock.now() } })).toMatchObject({ reaped: 0 });
    h.clock.advance(32 * 60_000);
    expect(await reapOverdueRuns({ ctx: h.ctx, input: { now: h.clock.now() } })).toMatchObject({ reaped: 1 });
    expect(await h.ctx.store.endIfHeld(runId, "wf:x", { status: "succeeded" })).toBe(false);
  });
});
