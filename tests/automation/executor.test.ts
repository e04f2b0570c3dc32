import { cancelRun } from "@scouts/core/automation/executor/cancel-run";
import { executeRun } from "@scouts/core/automation/executor/execute-run";
import { startRuns } from "@scouts/core/automation/executor/start-runs";
import { saveAutomation } from "@scouts/core/automation/manage/save-automation";
import type { AutomationDefinition } from "@scouts/core/automation/schema/definition-types";
import { CoreError } from "@scouts/core/errors";
import { afterEach, describe, expect, it } from "vitest";
import { sampleDefinition } from "./fixtures/definitions.ts";
import { createHarness, type Harness, scriptedCapability } from "./support/harness.ts";

let h: Harness;
afterEach(() => h?.close());

async function fire(def: AutomationDefinition, payload: unknown = {}) {
  const { automation } = await saveAutomation({
    ctx: h.manage,
    input: { userId: h.userId, definition: def },
  });
  const [outcome] = await startRuns({
    ctx: h.ctx,
    input: [{ automation, triggerType: "manual", triggerPayload: payload }],
  });
  return { automation, outcome: outcome! };
}

function runIdOf(o: Awaited<ReturnType<typeof fire>>["outcome"]): string {
  if (!("runId" in o)) throw new Error(`not started: ${JSON.stringify(o)}`);
  return o.runId;
}

const manualDef = (over: Partial<AutomationDefinition>) =>
  sampleDefinition({ triggers: [{ type: "webhook" }], ...over });

describe("executor", () => {
  it("runs steps in order with when, output_as, templates, step timing and a chaining event", async () => {
    h = await createHarness();
    const def = manualDef({
      plan: {
        steps: [
          {
            id: "shape",
            action: "transform_data",
            with: {
              value: { n: "{{ run.trigger.payload.n }}", who: "{{ run.trigger.payload.who | upcase }}" },
            },
            output_as: "shaped",
          },
          {
            id: "skip_me",
            action: "notification",
            with: { title: "never" },
            when: { path: "run.outputs.shaped.n", lt: 2 },
          },
          {
            id: "tell",
            action: "notification",
            with: {
              title: "{{ run.outputs.shaped.who }} has {{ run.outputs.shaped.n }}",
              body: "{{ run.steps.shape.output }}",
            },
          },
        ],
      },
    });
    const { outcome } = await fire(def, { n: 5, who: "ada" });
    const runId = runIdOf(outcome);
    expect(h.sent).toEqual([
      { lane: "fast", message: { kind: "automation.run", runId }, delaySeconds: undefined },
    ]);
    const status = await executeRun({ ctx: h.ctx, input: { runId } });
    expect((await h.ctx.store.getRun(runId))!.error).toBeNull();
    expect(status).toBe("succeeded");
    expect(h.notifications).toEqual([{ title: "ADA has 5", body: '{"n":5,"who":"ADA"}' }]);
    const steps = await h.ctx.store.listSteps(runId);
    expect(steps.map((s) => [s.stepId, s.status, s.attempts])).toEqual([
      ["shape", "succeeded", 1],
      ["skip_me", "skipped", 0],
      ["tell", "succeeded", 1],
    ]);
    for (const s of steps) expect(s.finishedAt).toBeGreaterThanOrEqual(s.startedAt);
    expect(steps[0]!.output).toEqual({ n: 5, who: "ADA" });
    const run = await h.ctx.store.getRun(runId);
    expect(run).toMatchObject({ status: "succeeded", error: null });
    expect(run!.definition).toEqual(def);
    expect(h.published).toEqual([
      {
        id: expect.any(String),
        type: "automation.run.succeeded",
        payload: expect.objectContaining({ runId, status: "succeeded" }),
      },
    ]);
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("already_finished");
  });

  it.each([
    ["linear", [100, 200]],
    ["exponential", [100, 200]],
  ] as const)("retries a transient step failure with %s backoff", async (strategy, waits) => {
    let calls = 0;
    h = await createHarness([
      scriptedCapability("flaky", async () => {
        calls++;
        if (calls < 3) throw new CoreError("upstream_unavailable", "try later");
        return { output: { calls } };
      }),
    ]);
    const { outcome } = await fire(
      manualDef({
        plan: { steps: [{ id: "f", action: "flaky", retry: { strategy, max_attempts: 3, delay_ms: 100 } }] },
      }),
    );
    expect(await executeRun({ ctx: h.ctx, input: { runId: runIdOf(outcome) } })).toBe("succeeded");
    expect(calls).toBe(3);
    expect(h.sleeps).toEqual(waits);
    expect((await h.ctx.store.listSteps(runIdOf(outcome)))[0]).toMatchObject({
      status: "succeeded",
      attempts: 3,
    });
  });

  it("exponential backoff doubles", async () => {
    let calls = 0;
    h = await createHarness([
      scriptedCapability("down", async () => {
        calls++;
        throw new CoreError("upstream_unavailable", "down");
      }),
    ]);
    const { outcome } = await fire(
      manualDef({
        plan: {
          steps: [
            { id: "d", action: "down", retry: { strategy: "exponential", max_attempts: 4, delay_ms: 50 } },
          ],
        },
      }),
    );
    expect(await executeRun({ ctx: h.ctx, input: { runId: runIdOf(outcome) } })).toBe("failed");
    expect(calls).toBe(4);
    expect(h.sleeps).toEqual([50, 100, 200]);
  });

  it("a retry wait past 5 s is handed back (step waiting, lease released), and the next delivery resumes", async () => {
    let calls = 0;
    h = await createHarness([
      scriptedCapability("flaky", async () => {
        calls++;
        if (calls < 3) throw new CoreError("upstream_unavailable", "try later");
        return { output: { calls } };
      }),
    ]);
    const { outcome } = await fire(
      manualDef({
        plan: { steps: [{ id: "f", action: "flaky", retry: { strategy: "exponential", delay_ms: 60_000 } }] },
      }),
    );
    const runId = runIdOf(outcome);
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toEqual({ waiting: "f", waitMs: 60_000 });
    expect((await h.ctx.store.listSteps(runId))[0]).toMatchObject({
      status: "waiting",
      attempts: 1,
      resumeAttempt: 2,
      output: null,
    });
    expect((await h.ctx.store.getRun(runId))?.leaseUntil).toBeLessThanOrEqual(h.clock.now());
    h.clock.advance(60_000);
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toEqual({ waiting: "f", waitMs: 120_000 });
    h.clock.advance(120_000);
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("succeeded");
    expect(calls).toBe(3);
    expect(h.sleeps).toEqual([]);
    expect((await h.ctx.store.listSteps(runId))[0]).toMatchObject({
      status: "succeeded",
      attempts: 3,
      output: { calls: 3 },
    });
  });

  it("an on_failure step (nothing to hand back) sleeps at most 5 s between attempts", async () => {
    let calls = 0;
    h = await createHarness([
      scriptedCapability("down", async () => {
        throw new CoreError("internal", "broken");
      }),
      scriptedCapability("tell", async () => {
        calls++;
        if (calls < 2) throw new CoreError("upstream_unavailable", "try later");
        return { output: {} };
      }),
    ]);
    const { outcome } = await fire(
      manualDef({
        plan: {
          steps: [{ id: "d", action: "down" }],
          on_failure: [{ id: "t", action: "tell", retry: { strategy: "linear", delay_ms: 60_000 } }],
        },
      }),
    );
    expect(await executeRun({ ctx: h.ctx, input: { runId: runIdOf(outcome) } })).toBe("failed");
    expect(calls).toBe(2);
    expect(h.sleeps).toEqual([5_000]);
  });

  it("does not retry permanent errors or strategy none", async () => {
    let calls = 0;
    h = await createHarness([
      scriptedCapability("bad", async () => {
        calls++;
        throw new CoreError("bad_input", "nope");
      }),
    ]);
    const { outcome } = await fire(
      manualDef({
        plan: {
          steps: [{ id: "b", action: "bad", retry: { strategy: "linear", max_attempts: 5, delay_ms: 10 } }],
        },
      }),
    );
    expect(await executeRun({ ctx: h.ctx, input: { runId: runIdOf(outcome) } })).toBe("failed");
    expect(calls).toBe(1);
    const run = await h.ctx.store.getRun(runIdOf(outcome));
    expect(run!.error).toMatchObject({ step: "b", code: "bad_input" });
    expect(h.published[0]).toMatchObject({
      type: "automation.run.failed",
      payload: { errorCode: "bad_input" },
    });
  });

  it("times a hanging step out and fails the run with code timeout", async () => {
    h = await createHarness([scriptedCapability("hang", () => new Promise(() => {}))]);
    const { outcome } = await fire(
      manualDef({ plan: { steps: [{ id: "h", action: "hang", timeout_ms: 100 }] } }),
    );
    expect(await executeRun({ ctx: h.ctx, input: { runId: runIdOf(outcome) } })).toBe("failed");
    const [step] = await h.ctx.store.listSteps(runIdOf(outcome));
    expect(step).toMatchObject({ status: "timed_out", error: { code: "timeout" } });
  });

  it("marks the run timed_out when its own deadline passes", async () => {
    h = await createHarness([
      scriptedCapability("slow", async () => {
        h.clock.advance(4000);
        return { output: 1 };
      }),
    ]);
    const def = manualDef({
      plan: {
        steps: [
          { id: "a", action: "slow" },
          { id: "b", action: "slow" },
          { id: "c", action: "slow" },
        ],
      },
      execution: { timeout_ms: 5000 },
    });
    const { outcome } = await fire(def);
    expect(await executeRun({ ctx: h.ctx, input: { runId: runIdOf(outcome) } })).toBe("timed_out");
    const steps = await h.ctx.store.listSteps(runIdOf(outcome));
    expect(steps.map((s) => s.stepId)).toEqual(["a", "b"]);
  });

  it("refuses to enqueue when the estimate exceeds the budget, and stops a run that overspends", async () => {
    h = await createHarness([
      scriptedCapability("pricey", async () => ({ output: 1, costUsd: 0.6 }), {
        costEstimateUsd: 0.4,
        sideEffects: ["COST_INCURRING"],
      }),
    ]);
    const threeSteps = manualDef({
      plan: {
        steps: [
          { id: "a", action: "pricey" },
          { id: "b", action: "pricey" },
          { id: "c", action: "pricey" },
        ],
      },
      execution: { budget: { max_cost_usd: 1 } },
    });
    // Refused at save, naming the budget; a stored record whose estimate rose later is refused at fire.
    await expect(fire(threeSteps)).rejects.toThrow(/\/execution\/budget\/max_cost_usd budget/);
    const { automation } = await saveAutomation({
      ctx: h.manage,
      input: { userId: h.userId, definition: { ...threeSteps, execution: {} } },
    });
    const [over] = await startRuns({
      ctx: h.ctx,
      input: [
        { automation: { ...automation, definition: threeSteps }, triggerType: "manual", triggerPayload: {} },
      ],
    });
    expect(over).toEqual({ status: "refused", reason: "budget_exceeded" });
    expect(h.sent).toEqual([]);
    const during = await fire(
      manualDef({
        plan: {
          steps: [
            { id: "a", action: "pricey" },
            { id: "b", action: "pricey" },
          ],
        },
        execution: { budget: { max_cost_usd: 1 } },
      }),
    );
    const runId = runIdOf(during.outcome);
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("failed");
    const run = await h.ctx.store.getRun(runId);
    expect(run!.error).toMatchObject({ code: "budget_exceeded", step: "b" });
    expect(run!.costUsd).toBeCloseTo(1.2);
  });

  it("runs on_failure steps with run.error.*", async () => {
    h = await createHarness([
      scriptedCapability("boom", async () => {
        throw new CoreError("upstream_rejected", "provider said no");
      }),
    ]);
    const def = manualDef({
      plan: {
        steps: [{ id: "x", action: "boom" }],
        on_failure: [
          {
            id: "alert",
            action: "notification",
            with: {
              title: "{{ run.error.step }} failed: {{ run.error.code }}",
              body: "{{ run.error.message }}",
            },
          },
        ],
      },
    });
    const { outcome } = await fire(def);
    expect(await executeRun({ ctx: h.ctx, input: { runId: runIdOf(outcome) } })).toBe("failed");
    expect(h.notifications).toEqual([{ title: "x failed: upstream_rejected", body: "provider said no" }]);
    const steps = await h.ctx.store.listSteps(runIdOf(outcome));
    expect(steps.find((s) => s.stepId === "alert")).toMatchObject({
      phase: "on_failure",
      status: "succeeded",
    });
  });

  it("retries the automation with backoff without re-running succeeded steps", async () => {
    const calls = { first: 0, second: 0 };
    h = await createHarness([
      scriptedCapability("first", async () => ({ output: ++calls.first })),
      scriptedCapability("second", async () => {
        calls.second++;
        if (calls.second === 1) throw new CoreError("upstream_unavailable", "blip");
        return { output: "ok" };
      }),
    ]);
    const def = manualDef({
      plan: {
        steps: [
          { id: "a", action: "first" },
          { id: "b", action: "second" },
        ],
      },
      execution: { retry: { strategy: "exponential", max_attempts: 2, delay_ms: 30_000 } },
    });
    const runId = runIdOf((await fire(def)).outcome);
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("retry_scheduled");
    expect(h.sent.at(-1)).toEqual({
      lane: "fast",
      message: { kind: "automation.run", runId },
      delaySeconds: 30,
    });
    expect(await h.ctx.store.getRun(runId)).toMatchObject({ status: "pending", attempt: 2 });
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("succeeded");
    expect(calls).toEqual({ first: 1, second: 2 });
  });

  it("survives a Worker restart between steps and never re-runs a succeeded step", async () => {
    const calls = { a: 0, b: 0 };
    let hang = true;
    h = await createHarness([
      scriptedCapability("a", async () => ({ output: ++calls.a })),
      scriptedCapability("b", async () => {
        calls.b++;
        if (hang) return new Promise(() => {}); // the isolate dies here
        return { output: "b done" };
      }),
    ]);
    const runId = runIdOf(
      (
        await fire(
          manualDef({
            plan: {
              steps: [
                { id: "a", action: "a", output_as: "a_out" },
                { id: "b", action: "b", timeout_ms: 900_000 },
              ],
            },
            execution: { concurrency: "allow_parallel", timeout_ms: 3_600_000 },
          }),
        )
      ).outcome,
    );
    void executeRun({ ctx: h.ctx, input: { runId } });
    await new Promise((r) => setTimeout(r, 50));
    const mid = await h.ctx.store.listSteps(runId);
    expect(mid.map((s) => [s.stepId, s.status])).toEqual([
      ["a", "succeeded"],
      ["b", "running"],
    ]);
    hang = false;
    // The queue redelivers the message to a fresh isolate: same store, new executor call. While
    // the dead executor's lease (its attempt's timeout plus slack) runs, the run stays its own.
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("leased");
    h.clock.advance(900_000 + 32_000);
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("succeeded");
    expect(calls).toEqual({ a: 1, b: 2 });
    const steps = await h.ctx.store.listSteps(runId);
    expect(steps.map((s) => [s.stepId, s.status])).toEqual([
      ["a", "succeeded"],
      ["b", "succeeded"],
    ]);
  });

  it("keeps the definition snapshot: editing bumps the version and leaves past runs untouched", async () => {
    h = await createHarness();
    const def = manualDef({ name: "v1" });
    const { automation, outcome } = await fire(def);
    const edited = await saveAutomation({
      ctx: h.manage,
      input: { userId: h.userId, id: automation.id, expectedVersion: 1, definition: { ...def, name: "v2" } },
    });
    expect(edited.automation.version).toBe(2);
    const run = await h.ctx.store.getRun(runIdOf(outcome));
    expect(run).toMatchObject({ version: 1, definition: { name: "v1" } });
    await expect(
      saveAutomation({
        ctx: h.manage,
        input: { userId: h.userId, id: automation.id, expectedVersion: 1, definition: def },
      }),
    ).rejects.toMatchObject({ code: "conflict" });
  });

  it("cancels between steps", async () => {
    h = await createHarness([
      scriptedCapability("cancel_self", async ({ run }) => {
        await h.ctx.store.updateRun(run.id, { status: "cancelled" });
        return { output: 1 };
      }),
    ]);
    const runId = runIdOf(
      (
        await fire(
          manualDef({
            plan: {
              steps: [
                { id: "a", action: "cancel_self" },
                { id: "b", action: "notification", with: { title: "x" } },
              ],
            },
          }),
        )
      ).outcome,
    );
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("cancelled");
    expect(h.notifications).toEqual([]);
    expect(h.published).toEqual([]);
  });

  it("routes runs to fast/medium/long lanes by the longest step", async () => {
    h = await createHarness([
      scriptedCapability("medium_job", async () => ({ output: 1 }), { expectedDurationMs: 30_000 }),
    ]);
    await fire(manualDef({ plan: { steps: [{ id: "m", action: "medium_job" }] } }));
    await fire(
      manualDef({
        plan: { steps: [{ id: "g", action: "agent_task", with: { prompt: "x", output_schema: {} } }] },
      }),
    );
    expect(h.sent.map((s) => s.lane)).toEqual(["medium", "long"]);
  });
});

describe("concurrency policies", () => {
  async function twoFires(policy: "drop_if_running" | "queue" | "allow_parallel") {
    h = await createHarness();
    const def = manualDef({ execution: { concurrency: policy } });
    const { automation } = await saveAutomation({
      ctx: h.manage,
      input: { userId: h.userId, definition: def },
    });
    const first = await startRuns({
      ctx: h.ctx,
      input: [{ automation, triggerType: "manual", triggerPayload: {} }],
    });
    const second = await startRuns({
      ctx: h.ctx,
      input: [{ automation, triggerType: "manual", triggerPayload: {} }],
    });
    return { first: first[0]!, second: second[0]! };
  }

  it("drop_if_running drops a fire while a run is active", async () => {
    const { first, second } = await twoFires("drop_if_running");
    expect(first.status).toBe("enqueued");
    expect(second).toEqual({ status: "dropped", reason: "already_running" });
    expect(h.sent).toHaveLength(1);
  });

  it("drop_if_running stays exact when two fires race past the first check", async () => {
    h = await createHarness();
    const def = manualDef({ execution: { concurrency: "drop_if_running" } });
    const { automation } = await saveAutomation({
      ctx: h.manage,
      input: { userId: h.userId, definition: def },
    });
    const fire = () =>
      startRuns({ ctx: h.ctx, input: [{ automation, triggerType: "manual", triggerPayload: {} }] });
    const results = (await Promise.all([fire(), fire(), fire()])).map((r) => r[0]!.status).sort();
    expect(results).toEqual(["dropped", "dropped", "enqueued"]);
    expect(h.sent).toHaveLength(1);
  });

  it("queue holds the second run until the first finishes", async () => {
    const { first, second } = await twoFires("queue");
    expect(second.status).toBe("waiting");
    expect(h.sent).toHaveLength(1);
    await executeRun({ ctx: h.ctx, input: { runId: runIdOf(first) } });
    expect(h.sent.map((s) => ("runId" in s.message ? s.message.runId : null))).toEqual([
      runIdOf(first),
      runIdOf(second),
    ]);
    expect(await h.ctx.store.getRun(runIdOf(second))).toMatchObject({ enqueued: true, status: "pending" });
  });

  it("cancelling a pending run releases the one queued behind it; other users cannot cancel", async () => {
    const { first, second } = await twoFires("queue");
    await expect(
      cancelRun({ ctx: h.ctx, input: { userId: "someone-else", runId: runIdOf(first) } }),
    ).rejects.toMatchObject({ code: "not_found" });
    await cancelRun({ ctx: h.ctx, input: { userId: h.userId, runId: runIdOf(first) } });
    expect(await h.ctx.store.getRun(runIdOf(first))).toMatchObject({ status: "cancelled" });
    expect(h.sent.map((s) => ("runId" in s.message ? s.message.runId : null))).toEqual([
      runIdOf(first),
      runIdOf(second),
    ]);
    expect(await executeRun({ ctx: h.ctx, input: { runId: runIdOf(first) } })).toBe("already_finished");
    await expect(
      cancelRun({ ctx: h.ctx, input: { userId: h.userId, runId: runIdOf(first) } }),
    ).rejects.toMatchObject({ code: "conflict" });
  });

  it("allow_parallel enqueues both", async () => {
    const { first, second } = await twoFires("allow_parallel");
    expect([first.status, second.status]).toEqual(["enqueued", "enqueued"]);
    expect(h.sent).toHaveLength(2);
  });
});
