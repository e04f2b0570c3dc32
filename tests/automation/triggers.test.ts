import { executeRun } from "@scouts/core/automation/executor/execute-run";
import type { FireMessage } from "@scouts/core/automation/executor/types";
import { rotateWebhookToken, saveAutomation } from "@scouts/core/automation/manage/save-automation";
import type { AutomationDefinition } from "@scouts/core/automation/schema/definition-types";
import { dispatchEvent } from "@scouts/core/automation/triggers/dispatch-event";
import { dispatchDueSchedules, startFiredRun } from "@scouts/core/automation/triggers/dispatch-schedules";
import { nextFireAt } from "@scouts/core/automation/triggers/schedule";
import { fireWebhook } from "@scouts/core/automation/triggers/webhook";
import { publish } from "@scouts/core/events/publish";
import { clearSubscriptions, subscribe } from "@scouts/core/events/subscribe";
import { listTriggers } from "@scouts/db/repos/automations";
import { afterEach, describe, expect, it } from "vitest";
import { sampleDefinition } from "./fixtures/definitions.ts";
import { createHarness, type Harness } from "./support/harness.ts";

let h: Harness;
afterEach(() => {
  h?.close();
  clearSubscriptions();
});

/** Plays the consumer for the fire messages sent so far; returns the run ids they started. */
async function startFires(): Promise<string[]> {
  const fires = h.sent.filter((s) => s.message.kind === "automation.fire");
  h.sent.splice(0, h.sent.length, ...h.sent.filter((s) => s.message.kind !== "automation.fire"));
  const out: string[] = [];
  for (const f of fires) {
    const o = await startFiredRun({ ctx: h.ctx, input: f.message as FireMessage });
    if ("runId" in o) out.push(o.runId);
  }
  return out;
}

const save = async (definition: AutomationDefinition, userId = h.userId) =>
  saveAutomation({ ctx: h.manage, input: { userId, definition } });

describe("schedule trigger", () => {
  it("computes next fire times in the IANA zone", () => {
    const from = Date.UTC(2026, 0, 1, 0, 0);
    expect(new Date(nextFireAt("0 9 * * *", "Europe/Paris", from)).toISOString()).toBe(
      "2026-01-01T08:00:00.000Z",
    );
    expect(new Date(nextFireAt("0 9 * * *", "America/New_York", from)).toISOString()).toBe(
      "2026-01-01T14:00:00.000Z",
    );
    // Summer time moves the UTC hour.
    expect(new Date(nextFireAt("0 9 * * *", "Europe/Paris", Date.UTC(2026, 6, 1))).toISOString()).toBe(
      "2026-07-01T07:00:00.000Z",
    );
  });

  it("fires due schedules once per tick, even when the cron tick is doubled", async () => {
    h = await createHarness();
    const { automation } = await save(
      sampleDefinition({ triggers: [{ type: "schedule", cron: "*/30 * * * *", timezone: "UTC" }] }),
    );
    const [trigger] = await listTriggers(h.db, automation.id);
    expect(trigger!.nextFireAt).toBe(Date.UTC(2026, 10, 22, 8, 30));
    expect(await dispatchDueSchedules({ ctx: h.ctx, input: { now: h.clock.now() } })).toEqual({
      due: 0,
      fired: 0,
    });
    h.clock.advance(30 * 60_000);
    expect(await dispatchDueSchedules({ ctx: h.ctx, input: { now: h.clock.now() } })).toEqual({
      due: 1,
      fired: 1,
    });
    expect(await dispatchDueSchedules({ ctx: h.ctx, input: { now: h.clock.now() } })).toEqual({
      due: 0,
      fired: 0,
    });
    const [after] = await listTriggers(h.db, automation.id);
    expect(after!.nextFireAt).toBe(Date.UTC(2026, 10, 22, 9, 0));
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]!.message).toMatchObject({ kind: "automation.fire", automationId: automation.id });
    const [runId] = await startFires();
    const run = await h.ctx.store.getRun(runId!);
    expect(run).toMatchObject({
      triggerType: "schedule",
      triggerPayload: { scheduled_for: Date.UTC(2026, 10, 22, 8, 30) },
    });
  });

  it("a late tick after several missed slots fires once and skips ahead", async () => {
    h = await createHarness();
    await save(sampleDefinition({ triggers: [{ type: "schedule", cron: "*/15 * * * *", timezone: "UTC" }] }));
    h.clock.advance(2 * 3600_000);
    expect(await dispatchDueSchedules({ ctx: h.ctx, input: { now: h.clock.now() } })).toEqual({
      due: 1,
      fired: 1,
    });
    expect(await dispatchDueSchedules({ ctx: h.ctx, input: { now: h.clock.now() } })).toEqual({
      due: 0,
      fired: 0,
    });
  });

  it("fills $last_fired_at and $creator inputs", async () => {
    h = await createHarness();
    const def = sampleDefinition({
      inputs: {
        type: "object",
        properties: {
          since: { type: ["number", "null"], default: "$last_fired_at" },
          owner: { type: "string", default: "$creator" },
        },
      },
      triggers: [{ type: "schedule", cron: "0 * * * *", timezone: "UTC" }],
    });
    await save(def);
    h.clock.advance(3600_000);
    await dispatchDueSchedules({ ctx: h.ctx, input: { now: h.clock.now() } });
    const first = await h.ctx.store.getRun((await startFires())[0]!);
    expect(first!.inputs).toEqual({ since: null, owner: "u1" });
    const firedAt = h.clock.now();
    await executeRun({ ctx: h.ctx, input: { runId: first!.id } });
    h.clock.advance(3600_000);
    await dispatchDueSchedules({ ctx: h.ctx, input: { now: h.clock.now() } });
    const second = await h.ctx.store.getRun((await startFires())[0]!);
    expect(second!.inputs).toEqual({ since: firedAt, owner: "u1" });
  });
});

describe("webhook trigger", () => {
  const hookDef = () => sampleDefinition({ triggers: [{ type: "webhook" }] });

  it("accepts the automation's own token, dedupes Idempotency-Key, refuses others", async () => {
    h = await createHarness();
    const a = await save(hookDef());
    const b = await save(hookDef());
    expect(a.webhookToken).toMatch(/^swh_/);
    const fire = (automationId: string, token: string, idempotencyKey?: string) =>
      fireWebhook({
        ctx: h.ctx,
        input: { automationId, token, body: { hello: 1 }, ...(idempotencyKey ? { idempotencyKey } : {}) },
      });
    const first = await fire(a.automation.id, a.webhookToken!, "key-1");
    expect(first.duplicate).toBe(false);
    expect(await fire(a.automation.id, a.webhookToken!, "key-1")).toEqual({
      runId: first.runId,
      duplicate: true,
    });
    const other = await fire(a.automation.id, a.webhookToken!, "key-2");
    expect(other.runId).not.toBe(first.runId);
    await expect(fire(a.automation.id, b.webhookToken!)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(fire(a.automation.id, "swh_guess")).rejects.toMatchObject({ code: "unauthenticated" });
    const run = await h.ctx.store.getRun(first.runId);
    expect(run).toMatchObject({ triggerType: "webhook", triggerPayload: { hello: 1 } });
  });

  it("stores only the token hash; rotate replaces it and revoke removes it", async () => {
    h = await createHarness();
    const a = await save(hookDef());
    const [row] = await listTriggers(h.db, a.automation.id);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(a.webhookToken!);
    const { webhookToken: rotated } = await rotateWebhookToken({
      ctx: h.manage,
      input: { userId: h.userId, automationId: a.automation.id, revoke: false },
    });
    await expect(
      fireWebhook({ ctx: h.ctx, input: { automationId: a.automation.id, token: a.webhookToken!, body: {} } }),
    ).rejects.toMatchObject({ code: "unauthenticated" });
    await fireWebhook({ ctx: h.ctx, input: { automationId: a.automation.id, token: rotated!, body: {} } });
    await rotateWebhookToken({
      ctx: h.manage,
      input: { userId: h.userId, automationId: a.automation.id, revoke: true },
    });
    await expect(
      fireWebhook({ ctx: h.ctx, input: { automationId: a.automation.id, token: rotated!, body: {} } }),
    ).rejects.toMatchObject({ code: "unauthenticated" });
  });

  it("editing keeps the token; a dropped fire releases its Idempotency-Key", async () => {
    h = await createHarness();
    const a = await save({ ...hookDef(), execution: { concurrency: "drop_if_running" } });
    const edited = await saveAutomation({
      ctx: h.manage,
      input: {
        userId: h.userId,
        id: a.automation.id,
        expectedVersion: 1,
        definition: { ...hookDef(), name: "renamed", execution: { concurrency: "drop_if_running" } },
      },
    });
    expect(edited.webhookToken).toBeUndefined();
    const ok = await fireWebhook({
      ctx: h.ctx,
      input: { automationId: a.automation.id, token: a.webhookToken!, body: {}, idempotencyKey: "k" },
    });
    await expect(
      fireWebhook({
        ctx: h.ctx,
        input: { automationId: a.automation.id, token: a.webhookToken!, body: {}, idempotencyKey: "k2" },
      }),
    ).rejects.toMatchObject({ code: "conflict" });
    await executeRun({ ctx: h.ctx, input: { runId: ok.runId } });
    expect(
      (
        await fireWebhook({
          ctx: h.ctx,
          input: { automationId: a.automation.id, token: a.webhookToken!, body: {}, idempotencyKey: "k2" },
        })
      ).duplicate,
    ).toBe(false);
  });

  it("a fire that fails before a run exists releases its Idempotency-Key", async () => {
    h = await createHarness();
    const a = await save(hookDef());
    const fire = () =>
      fireWebhook({
        ctx: h.ctx,
        input: { automationId: a.automation.id, token: a.webhookToken!, body: {}, idempotencyKey: "k" },
      });
    const counts = h.ctx.store.activeRunCounts.bind(h.ctx.store);
    h.ctx.store.activeRunCounts = async () => {
      throw new Error("D1 is down");
    };
    await expect(fire()).rejects.toThrow(/D1 is down/);
    h.ctx.store.activeRunCounts = counts;
    const retried = await fire();
    expect(retried.duplicate).toBe(false);
    expect(await h.ctx.store.getRun(retried.runId)).toMatchObject({ triggerType: "webhook" });
  });

  it("validates the body against payload_schema", async () => {
    h = await createHarness();
    const a = await save(
      sampleDefinition({
        triggers: [{ type: "webhook", payload_schema: { type: "object", required: ["order"] } }],
      }),
    );
    await expect(
      fireWebhook({ ctx: h.ctx, input: { automationId: a.automation.id, token: a.webhookToken!, body: {} } }),
    ).rejects.toMatchObject({ code: "bad_input" });
  });
});

describe("event trigger and chaining", () => {
  it("starts runs for matching events of the same user only", async () => {
    h = await createHarness();
    await h.addUser("u2");
    const def = sampleDefinition({
      triggers: [
        {
          type: "event",
          event_type: "scout.triage.verdict",
          filter: {
            $and: [
              { path: "payload.verdict", equals: "relevant" },
              { path: "payload.confidence", gte: 0.7 },
            ],
          },
        },
      ],
    });
    await save(def);
    await save(def, "u2");
    const seen: string[] = [];
    subscribe("scout.*", (e) => void seen.push(e.type));
    const emit = async (payload: Record<string, string | number>) => {
      const e = await publish(h.ctx.events, {
        type: "scout.triage.verdict",
        userId: "u1",
        subject: "scout:s1",
        payload,
      });
      return dispatchEvent({ ctx: h.ctx, input: { eventId: e.id } });
    };
    expect((await emit({ scoutId: "s1", verdict: "relevant", confidence: 0.9 })).matched).toBe(1);
    expect((await emit({ scoutId: "s1", verdict: "relevant", confidence: 0.5 })).matched).toBe(0);
    expect((await emit({ scoutId: "s1", verdict: "spam", confidence: 0.99 })).matched).toBe(0);
    expect(seen).toHaveLength(3);
    expect(h.sent).toHaveLength(1);
    const run = await h.ctx.store.getRun((h.sent[0]!.message as { runId: string }).runId);
    expect(run).toMatchObject({ userId: "u1", triggerType: "event", chainDepth: 1 });
  });

  it("refuses content fields in event payloads", async () => {
    h = await createHarness();
    await expect(
      publish(h.ctx.events, { type: "scout.run.finished", userId: "u1", payload: { subject: "Hi" } }),
    ).rejects.toMatchObject({ code: "bad_input" });
  });

  it("chains automations through automation.run.succeeded", async () => {
    h = await createHarness();
    const plan = {
      steps: [{ id: "tell", action: "notification", with: { title: "ran {{ run.automation_id }}" } }],
    };
    const first = await save(sampleDefinition({ name: "first", triggers: [{ type: "webhook" }], plan }));
    const second = await save(
      sampleDefinition({
        name: "second",
        plan,
        triggers: [
          {
            type: "event",
            event_type: "automation.run.succeeded",
            filter: { path: "payload.automationId", equals: first.automation.id },
          },
        ],
      }),
    );
    const { runId } = await fireWebhook({
      ctx: h.ctx,
      input: { automationId: first.automation.id, token: first.webhookToken!, body: {} },
    });
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("succeeded");
    const done = (await h.ctx.events.eventStore.get(await lastEventId(h)))!;
    expect(done).toMatchObject({
      type: "automation.run.succeeded",
      payload: { automationId: first.automation.id, runId },
    });
    const { outcomes } = await dispatchEvent({ ctx: h.ctx, input: { eventId: done.id } });
    expect(outcomes).toHaveLength(1);
    const chained = await h.ctx.store.getRun((outcomes[0] as { runId: string }).runId);
    expect(chained).toMatchObject({ automationId: second.automation.id, chainDepth: 1 });
    expect(await executeRun({ ctx: h.ctx, input: { runId: chained!.id } })).toBe("succeeded");
  });

  it("stops a self-triggering chain after MAX_CHAIN_DEPTH hops", async () => {
    h = await createHarness();
    const plan = { steps: [{ id: "tell", action: "notification", with: { title: "loop" } }] };
    const seed = await save(sampleDefinition({ name: "seed", triggers: [{ type: "webhook" }], plan }));
    await save(
      sampleDefinition({
        name: "loop",
        triggers: [{ type: "event", event_type: "automation.run.succeeded" }],
        plan,
      }),
    );
    const { runId } = await fireWebhook({
      ctx: h.ctx,
      input: { automationId: seed.automation.id, token: seed.webhookToken!, body: {} },
    });
    await executeRun({ ctx: h.ctx, input: { runId } });
    let hops = 0;
    for (let i = 0; i < 10; i++) {
      const { outcomes } = await dispatchEvent({ ctx: h.ctx, input: { eventId: await lastEventId(h) } });
      const started = outcomes.find((o) => o.status === "enqueued") as { runId: string } | undefined;
      if (!started) {
        expect(outcomes).toEqual([{ status: "refused", reason: "chain_depth" }]);
        break;
      }
      expect(await executeRun({ ctx: h.ctx, input: { runId: started.runId } })).toBe("succeeded");
      hops++;
    }
    expect(hops).toBe(5);
  });
});

async function lastEventId(h: Harness): Promise<string> {
  return h.published.at(-1)!.id;
}
