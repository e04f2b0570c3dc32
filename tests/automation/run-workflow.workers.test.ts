import { env, introspectWorkflowInstance } from "cloudflare:test";
import { startRuns } from "@scouts/core/automation/executor/start-runs";
import { saveAutomation } from "@scouts/core/automation/manage/save-automation";
import type { AutomationDefinition } from "@scouts/core/automation/schema/definition-types";
import { createD1Db } from "@scouts/db/d1";
import { describe, expect, it } from "vitest";
import { createAutomationCtx, createRunQueue } from "../../workers/shared/automation-deps.ts";
import { callApp, devUser, jsonInit, LOCAL, testEnv } from "../../workers/test/harness.ts";
import { makeUser } from "../../workers/test/pipeline-fixtures.ts";

const db = createD1Db(env.DB);

const def = (over: Partial<AutomationDefinition> = {}): AutomationDefinition => ({
  schema_version: 1,
  name: "Durable run",
  triggers: [{ type: "webhook" }],
  plan: {
    steps: [{ id: "shape", action: "transform_data", with: { value: { n: 1 } }, output_as: "shaped" }],
  },
  execution: { concurrency: "allow_parallel" },
  ...over,
});

/** Saves the automation and starts one run with a chosen id, so the test can introspect it first. */
async function started(definition: AutomationDefinition, owner?: string) {
  const ctx = createAutomationCtx(testEnv());
  const userId = owner ?? (await makeUser(db));
  const { automation } = await saveAutomation({ ctx: ctx.manage, input: { userId, definition } });
  const runId = crypto.randomUUID();
  const instance = await introspectWorkflowInstance(env.AUTOMATION_RUNS, runId);
  return {
    ctx,
    userId,
    runId,
    instance,
    start: async () => {
      const [o] = await startRuns({
        ctx,
        input: [{ automation, triggerType: "manual", triggerPayload: {}, runId }],
      });
      expect(o).toMatchObject({ status: "enqueued", runId });
    },
  };
}

describe("automation runs on Cloudflare Workflows (instance id = run id)", () => {
  it("a started run is a Workflows instance that executes its steps once; a second start is a no-op", async () => {
    const t = await started(def());
    try {
      await t.start();
      await createRunQueue(testEnv()).send("fast", [{ kind: "automation.run", runId: t.runId }]);
      await t.instance.waitForStatus("complete");
      expect(await t.instance.getOutput()).toBe("succeeded");
      expect(await t.instance.waitForStepResult({ name: "main shape #1" })).toEqual({ status: "succeeded" });
      expect(await t.ctx.store.getRun(t.runId)).toMatchObject({ status: "succeeded" });
      const steps = await t.ctx.store.listSteps(t.runId);
      expect(steps.map((s) => [s.stepId, s.status, s.attempts, s.output])).toEqual([
        ["shape", "succeeded", 1, { n: 1 }],
      ]);
    } finally {
      await t.instance.dispose();
    }
  });

  it("each step is a step.do with the definition's retries: two engine failures, then the attempt lands", async () => {
    const t = await started(
      def({
        plan: {
          steps: [
            {
              id: "shape",
              action: "transform_data",
              with: { value: 2 },
              retry: { strategy: "exponential", max_attempts: 3, delay_ms: 1000 },
            },
          ],
        },
      }),
    );
    try {
      await t.instance.modify(async (m) => {
        await m.disableRetryDelays();
        await m.mockStepError({ name: "main shape #1" }, new Error("flaky"), 2);
      });
      await t.start();
      await t.instance.waitForStatus("complete");
      expect(await t.ctx.store.getRun(t.runId)).toMatchObject({ status: "succeeded" });
    } finally {
      await t.instance.dispose();
    }
  });

  it("without retries the same engine failure fails the run, which says the call may have landed", async () => {
    const t = await started(def());
    try {
      await t.instance.modify(async (m) => {
        await m.mockStepError({ name: "main shape #1" }, new Error("flaky"), 1);
      });
      await t.start();
      await t.instance.waitForStatus("complete");
      expect(await t.instance.getOutput()).toBe("failed");
      expect(await t.ctx.store.getRun(t.runId)).toMatchObject({
        status: "failed",
        error: { step: "shape", code: "timeout", mayHaveLanded: true },
      });
    } finally {
      await t.instance.dispose();
    }
  });

  it("a run-level retry waits in a durable sleep and runs only what had not succeeded", async () => {
    const t = await started(
      def({
        plan: {
          steps: [
            { id: "first", action: "transform_data", with: { value: 1 } },
            { id: "second", action: "transform_data", with: { value: 2 } },
          ],
        },
        execution: {
          concurrency: "allow_parallel",
          retry: { strategy: "linear", max_attempts: 2, delay_ms: 60_000 },
        },
      }),
    );
    try {
      await t.instance.modify(async (m) => {
        await m.disableSleeps();
        await m.mockStepError({ name: "main second #1" }, new Error("down"), 1);
      });
      await t.start();
      await t.instance.waitForStatus("complete");
      expect(await t.instance.waitForStepResult({ name: "main second #2" })).toEqual({ status: "succeeded" });
      expect(await t.ctx.store.getRun(t.runId)).toMatchObject({ status: "succeeded", attempt: 2 });
      const steps = await t.ctx.store.listSteps(t.runId);
      expect(steps.map((s) => [s.stepId, s.attempts])).toEqual([
        ["first", 1],
        ["second", 1],
      ]);
    } finally {
      await t.instance.dispose();
    }
  });
});

const approvalDef = (onTimeout?: "deny" | "approve") =>
  def({
    plan: {
      steps: [
        {
          id: "ok",
          action: "approval",
          with: {
            title: "Send the digest?",
            timeout_minutes: 60,
            ...(onTimeout ? { on_timeout: onTimeout } : {}),
          },
        },
        { id: "after", action: "transform_data", with: { value: "sent" } },
      ],
      on_failure: [{ id: "why", action: "transform_data", with: { value: "{{ run.error.code }}" } }],
    },
  });

describe("approval steps wait for the owner on step.waitForEvent", () => {
  it("waits with the step recorded as awaiting approval, then goes on when approved", async () => {
    const t = await started(approvalDef());
    try {
      await t.start();
      await t.instance.waitForStepResult({ name: "main ok #1 ask" });
      const [waiting] = await t.ctx.store.listSteps(t.runId);
      expect(waiting).toMatchObject({
        stepId: "ok",
        status: "running",
        output: { awaiting: "approval", title: "Send the digest?", on_timeout: "deny" },
      });
      // The wait does not count against the run's deadline: the reaper leaves it be.
      const run = await t.ctx.store.getRun(t.runId);
      expect(run?.leaseUntil).toBeGreaterThan((run?.startedAt ?? 0) + 60 * 60_000);
      await t.instance.modify(async (m) => {
        await m.mockEvent({ type: "approval-ok", payload: { approved: true, by: t.userId } });
      });
      await t.instance.waitForStatus("complete");
      expect(await t.ctx.store.getRun(t.runId)).toMatchObject({ status: "succeeded" });
      const steps = await t.ctx.store.listSteps(t.runId);
      expect(steps.map((s) => [s.stepId, s.status, s.output])).toEqual([
        ["ok", "succeeded", { approved: true, decided: "person", by: t.userId }],
        ["after", "succeeded", "sent"],
      ]);
    } finally {
      await t.instance.dispose();
    }
  });

  it("a denial fails the run with `denied` and runs on_failure; the next step never runs", async () => {
    const t = await started(approvalDef());
    try {
      await t.instance.modify(async (m) => {
        await m.mockEvent({ type: "approval-ok", payload: { approved: false, by: t.userId } });
      });
      await t.start();
      await t.instance.waitForStatus("complete");
      expect(await t.ctx.store.getRun(t.runId)).toMatchObject({
        status: "failed",
        error: { code: "denied" },
      });
      const steps = await t.ctx.store.listSteps(t.runId);
      expect(steps.map((s) => [s.stepId, s.status, s.output])).toEqual([
        ["ok", "failed", { approved: false, decided: "person" }],
        ["why", "succeeded", "denied"],
      ]);
    } finally {
      await t.instance.dispose();
    }
  });

  it("when the deadline passes, on_timeout decides: deny (default) fails with approval_expired", async () => {
    const t = await started(approvalDef());
    try {
      await t.instance.modify(async (m) => {
        await m.forceEventTimeout({ name: "main ok #1 wait" });
      });
      await t.start();
      await t.instance.waitForStatus("complete");
      expect(await t.ctx.store.getRun(t.runId)).toMatchObject({
        status: "failed",
        error: { code: "approval_expired" },
      });
    } finally {
      await t.instance.dispose();
    }
  });

  it("when the deadline passes with on_timeout approve, the run goes on", async () => {
    const t = await started(approvalDef("approve"));
    try {
      await t.instance.modify(async (m) => {
        await m.forceEventTimeout({ name: "main ok #1 wait" });
      });
      await t.start();
      await t.instance.waitForStatus("complete");
      expect(await t.ctx.store.getRun(t.runId)).toMatchObject({ status: "succeeded" });
      const [ok] = await t.ctx.store.listSteps(t.runId);
      expect(ok?.output).toEqual({ approved: true, decided: "deadline" });
    } finally {
      await t.instance.dispose();
    }
  });
});

describe("answering an approval from the PWA (POST /api/v1/automations/runs/:runId/approvals/:stepId)", () => {
  const answer = (runId: string, stepId: string, cookie: string, body: unknown) =>
    callApp(
      { env: testEnv() },
      `${LOCAL}/api/v1/automations/runs/${runId}/approvals/${stepId}`,
      jsonInit("POST", body, { cookie }),
    );

  it("only the owner answers, only the waiting step, only with a boolean; the answer resumes the instance", async () => {
    const owner = await devUser(`approve-${crypto.randomUUID()}@example.com`);
    const other = await devUser(`other-${crypto.randomUUID()}@example.com`);
    const t = await started(approvalDef(), owner.userId);
    try {
      await t.start();
      await t.instance.waitForStepResult({ name: "main ok #1 ask" });
      expect((await answer(t.runId, "ok", other.cookie, { approved: true })).status).toBe(404);
      expect((await answer(t.runId, "after", owner.cookie, { approved: true })).status).toBe(409);
      expect((await answer(t.runId, "ok", owner.cookie, { approved: "yes" })).status).toBe(400);
      expect((await answer(t.runId, "ok", owner.cookie, { approved: true })).status).toBe(200);
      await t.instance.waitForStatus("complete");
      expect(await t.ctx.store.getRun(t.runId)).toMatchObject({ status: "succeeded" });
      const [ok] = await t.ctx.store.listSteps(t.runId);
      expect(ok?.output).toEqual({ approved: true, decided: "person", by: owner.userId });
      expect((await answer(t.runId, "ok", owner.cookie, { approved: false })).status).toBe(409);
    } finally {
      await t.instance.dispose();
    }
  });

  it("cancelling a run that waits for an approval ends its instance now, as cancelled", async () => {
    const owner = await devUser(`cancel-${crypto.randomUUID()}@example.com`);
    const t = await started(approvalDef(), owner.userId);
    try {
      await t.start();
      await t.instance.waitForStepResult({ name: "main ok #1 ask" });
      const res = await callApp(
        { env: testEnv() },
        `${LOCAL}/api/v1/automations/runs/${t.runId}/cancel`,
        jsonInit("POST", {}, { cookie: owner.cookie }),
      );
      expect(res.status).toBe(200);
      await t.instance.waitForStatus("complete");
      expect(await t.instance.getOutput()).toBe("cancelled");
      expect(await t.ctx.store.getRun(t.runId)).toMatchObject({ status: "cancelled" });
    } finally {
      await t.instance.dispose();
    }
  });
});
