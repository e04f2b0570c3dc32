import { dailyUsage } from "@scouts/core/automation/executor/daily-limits";
import { startRuns } from "@scouts/core/automation/executor/start-runs";
import { saveAutomation } from "@scouts/core/automation/manage/save-automation";
import { fireWebhook } from "@scouts/core/automation/triggers/webhook";
import { afterEach, describe, expect, it } from "vitest";
import { sampleDefinition } from "./fixtures/definitions.ts";
import { createHarness, type Harness } from "./support/harness.ts";

let h: Harness;
afterEach(() => h?.close());

describe("per-person daily caps", () => {
  it("refuses runs past the daily run cap until the next UTC day, and the webhook says when", async () => {
    h = await createHarness();
    h.ctx.limits = { runs: 2, spendUsd: 5 };
    const { automation, webhookToken } = await saveAutomation({
      ctx: h.manage,
      input: { userId: h.userId, definition: sampleDefinition({ triggers: [{ type: "webhook" }] }) },
    });
    const fire = () =>
      startRuns({
        ctx: h.ctx,
        input: [
          { automation, triggerType: "manual", triggerPayload: {} },
          { automation, triggerType: "manual", triggerPayload: {} },
        ],
      });
    expect((await fire()).map((o) => o.status)).toEqual(["enqueued", "enqueued"]);
    expect((await fire()).map((o) => ("reason" in o ? o.reason : o.status))).toEqual([
      "daily_run_cap",
      "daily_run_cap",
    ]);
    await expect(
      fireWebhook({
        ctx: h.ctx,
        input: { automationId: automation.id, token: webhookToken!, body: {}, idempotencyKey: "k" },
      }),
    ).rejects.toMatchObject({ code: "rate_limited", retryAfterSeconds: expect.any(Number) });
    expect(await dailyUsage({ ctx: h.ctx, input: { userId: h.userId } })).toMatchObject({ runsToday: 2 });
    h.clock.advance(86_400_000);
    expect((await fire())[0]?.status).toBe("enqueued");
  });

  it("refuses runs once today's spend reached the cap; other people are not counted", async () => {
    h = await createHarness();
    h.ctx.limits = { runs: 100, spendUsd: 0.5 };
    const { automation } = await saveAutomation({
      ctx: h.manage,
      input: { userId: h.userId, definition: sampleDefinition({ triggers: [{ type: "webhook" }] }) },
    });
    const [first] = await startRuns({
      ctx: h.ctx,
      input: [{ automation, triggerType: "manual", triggerPayload: {} }],
    });
    await h.ctx.store.updateRun(first && "runId" in first ? first.runId : "", { costUsd: 0.5 });
    const [second] = await startRuns({
      ctx: h.ctx,
      input: [{ automation, triggerType: "manual", triggerPayload: {} }],
    });
    expect(second).toEqual({ status: "refused", reason: "daily_spend_cap" });
    expect(await dailyUsage({ ctx: h.ctx, input: { userId: "someone-else" } })).toMatchObject({
      runsToday: 0,
      spendTodayUsd: 0,
    });
  });
});
