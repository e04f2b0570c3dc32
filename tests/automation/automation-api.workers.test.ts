import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
} from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { handleScheduled } from "../../workers/cron/index.ts";
import type { Env } from "../../workers/env.ts";
import { handleQueue } from "../../workers/queue-consumer/index.ts";
import { callApp, devUser, jsonInit, LOCAL, testEnv } from "../../workers/test/harness.ts";

const API = `${LOCAL}/api/v1/automations`;

function definition(over: Record<string, unknown> = {}) {
  return {
    schema_version: 1,
    name: "Ping",
    triggers: [{ type: "webhook" }],
    plan: {
      steps: [
        {
          id: "shape",
          action: "transform_data",
          with: { value: { got: "{{ run.trigger.payload.n | default: 0 }}" } },
          output_as: "shaped",
        },
        { id: "tell", action: "notification", with: { title: "got {{ run.outputs.shaped.got }}" } },
      ],
    },
    execution: { concurrency: "allow_parallel" },
    ...over,
  };
}

async function create(cookie: string, def: unknown) {
  const res = await callApp({ env: testEnv() }, API, jsonInit("POST", { definition: def }, { cookie }));
  expect(res.status).toBe(201);
  return (await res.json()) as { automation: { id: string; version: number }; webhookToken?: string };
}

async function waitForRun(cookie: string, runId: string, until: (status: string) => boolean) {
  for (let i = 0; i < 100; i++) {
    const res = await callApp({ env: testEnv() }, `${API}/runs/${runId}`, { headers: { cookie } });
    if (res.status === 200) {
      const body = (await res.json()) as {
        run: { status: string };
        steps: { stepId: string; status: string }[];
      };
      if (until(body.run.status)) return body;
    }
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(`run ${runId} did not finish`);
}

describe("automation API in workerd", () => {
  it("saves, fires over the webhook with idempotency, and runs on Workflows", async () => {
    const { cookie } = await devUser("auto-api@example.com");
    const { automation, webhookToken } = await create(cookie, definition());
    expect(webhookToken).toMatch(/^swh_/);
    const fire = (key: string, token = webhookToken!) =>
      callApp(
        { env: testEnv() },
        `${API}/${automation.id}/fire`,
        jsonInit("POST", { n: 7 }, { authorization: `Bearer ${token}`, "idempotency-key": key }),
      );
    const first = await fire("k-1");
    expect(first.status).toBe(202);
    const body = (await first.json()) as { runId: string; runUrl: string; duplicate: boolean };
    expect(body.runUrl).toBe(`/api/v1/automations/runs/${body.runId}`);
    const again = (await (await fire("k-1")).json()) as { runId: string; duplicate: boolean };
    expect(again).toMatchObject({ runId: body.runId, duplicate: true });
    const done = await waitForRun(cookie, body.runId, (s) => s === "succeeded" || s === "failed");
    expect(done.run.status).toBe("succeeded");
    expect(done.steps.map((s) => [s.stepId, s.status])).toEqual([
      ["shape", "succeeded"],
      ["tell", "succeeded"],
    ]);
  });

  it("refuses query-string tokens, other automations' tokens and missing auth", async () => {
    const { cookie } = await devUser("auto-refuse@example.com");
    const a = await create(cookie, definition());
    const b = await create(cookie, definition());
    const url = `${API}/${a.automation.id}/fire`;
    const q = await callApp(
      { env: testEnv() },
      `${url}?token=${a.webhookToken}`,
      jsonInit("POST", {}, { authorization: `Bearer ${a.webhookToken}` }),
    );
    expect(q.status).toBe(400);
    const other = await callApp(
      { env: testEnv() },
      url,
      jsonInit("POST", {}, { authorization: `Bearer ${b.webhookToken}` }),
    );
    expect(other.status).toBe(401);
    const none = await callApp({ env: testEnv() }, url, jsonInit("POST", {}));
    expect(none.status).toBe(401);
    const rotated = await callApp(
      { env: testEnv() },
      `${API}/${a.automation.id}/webhook-token`,
      jsonInit("POST", {}, { cookie }),
    );
    const { webhookToken } = (await rotated.json()) as { webhookToken: string };
    const old = await callApp(
      { env: testEnv() },
      url,
      jsonInit("POST", {}, { authorization: `Bearer ${a.webhookToken}` }),
    );
    expect(old.status).toBe(401);
    const fresh = await callApp(
      { env: testEnv() },
      url,
      jsonInit("POST", {}, { authorization: `Bearer ${webhookToken}` }),
    );
    expect(fresh.status).toBe(202);
  });

  it("NL authoring says clearly when no language model is configured, and saves nothing", async () => {
    const { cookie } = await devUser("auto-nl@example.com");
    const res = await callApp(
      { env: testEnv() },
      `${API}/author`,
      jsonInit("POST", { prompt: "every morning say hi" }, { cookie }),
    );
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: "disabled" });
    expect(body.error.message).toMatch(/LLM_BASE_URL/);
    const list = (await (await callApp({ env: testEnv() }, API, { headers: { cookie } })).json()) as {
      automations: unknown[];
    };
    expect(list.automations).toEqual([]);
  });

  it("keeps users apart and rejects invalid definitions with paths", async () => {
    const alice = await devUser("auto-alice@example.com");
    const bob = await devUser("auto-bob@example.com");
    const { automation } = await create(alice.cookie, definition());
    const peek = await callApp({ env: testEnv() }, `${API}/${automation.id}`, {
      headers: { cookie: bob.cookie },
    });
    expect(peek.status).toBe(404);
    const bad = await callApp(
      { env: testEnv() },
      API,
      jsonInit("POST", { definition: { ...definition(), triggers: [] } }, { cookie: alice.cookie }),
    );
    expect(bad.status).toBe(400);
    const err = (await bad.json()) as { error: { details: { issues: { path: string; rule: string }[] } } };
    expect(err.error.details.issues).toContainEqual(
      expect.objectContaining({ path: "/triggers", rule: "minItems" }),
    );
  });

  it("chains: a run's succeeded event starts the automation listening for it", async () => {
    const { cookie } = await devUser("auto-chain@example.com");
    const first = await create(cookie, definition({ name: "first" }));
    const second = await create(
      cookie,
      definition({
        name: "second",
        triggers: [
          {
            type: "event",
            event_type: "automation.run.succeeded",
            filter: { path: "payload.automationId", equals: first.automation.id },
          },
        ],
      }),
    );
    const res = await callApp(
      { env: testEnv() },
      `${API}/${first.automation.id}/fire`,
      jsonInit("POST", {}, { authorization: `Bearer ${first.webhookToken}` }),
    );
    expect(res.status).toBe(202);
    for (let i = 0; i < 100; i++) {
      const list = await callApp({ env: testEnv() }, `${API}/runs/by-automation/${second.automation.id}`, {
        headers: { cookie },
      });
      const { runs } = (await list.json()) as { runs: { id: string; status: string; triggerType: string }[] };
      if (runs[0]?.status === "succeeded") {
        expect(runs[0].triggerType).toBe("event");
        return;
      }
      await new Promise((r) => setTimeout(r, 30));
    }
    throw new Error("chained run never succeeded");
  });

  it("cron dispatches due schedules; the queue handler acks run messages", async () => {
    const { cookie } = await devUser("auto-cron@example.com");
    const { automation } = await create(
      cookie,
      definition({ triggers: [{ type: "schedule", cron: "0 * * * *", timezone: "UTC" }] }),
    );
    const detail = (await (
      await callApp({ env: testEnv() }, `${API}/${automation.id}`, { headers: { cookie } })
    ).json()) as {
      triggers: { nextFireAt: number }[];
    };
    const due = detail.triggers[0]!.nextFireAt;
    const e = testEnv() as Env;
    await env.DB.prepare("UPDATE automation_triggers SET next_fire_at = ? WHERE automation_id = ?")
      .bind(Date.now() - 1000, automation.id)
      .run();
    await handleScheduled(
      createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }),
      e,
      createExecutionContext(),
    );
    const next = await env.DB.prepare("SELECT next_fire_at FROM automation_triggers WHERE automation_id = ?")
      .bind(automation.id)
      .first<{ next_fire_at: number }>();
    expect(next!.next_fire_at).toBeGreaterThanOrEqual(due);
    // The fire message goes through the real queue; its consumer starts the run.
    let runs: { id: string; trigger_type: string }[] = [];
    for (let i = 0; i < 100 && runs.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 30));
      runs = (
        await env.DB.prepare("SELECT id, trigger_type FROM automation_runs WHERE automation_id = ?")
          .bind(automation.id)
          .all<{ id: string; trigger_type: string }>()
      ).results;
    }
    expect(runs).toHaveLength(1);
    expect(runs[0]!.trigger_type).toBe("schedule");
    // A doubled tick fires nothing more.
    await handleScheduled(
      createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }),
      e,
      createExecutionContext(),
    );
    const batch = createMessageBatch("scouts-automation-fast", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { kind: "automation.run", runId: runs[0]!.id } },
      { id: "m2", timestamp: new Date(), attempts: 1, body: { kind: "bogus" } },
      {
        id: "m3",
        timestamp: new Date(),
        attempts: 1,
        body: {
          kind: "automation.fire",
          automationId: automation.id,
          triggerType: "schedule",
          triggerPayload: { scheduled_for: 1 },
        },
      },
    ]);
    const ctx = createExecutionContext();
    await handleQueue(batch, e, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m2", "m3"]);
    const all = await env.DB.prepare("SELECT id FROM automation_runs WHERE automation_id = ?")
      .bind(automation.id)
      .all();
    expect(all.results).toHaveLength(2);
    const run = await env.DB.prepare("SELECT status FROM automation_runs WHERE id = ?")
      .bind(runs[0]!.id)
      .first<{ status: string }>();
    expect(run!.status).toBe("succeeded");
  });
});

describe("abuse and cost limits (Workers Rate Limiting, daily caps)", () => {
  it("answers 429 past 60 webhook fires a minute for one automation; another automation is unaffected", async () => {
    const { cookie } = await devUser("fire-limit@example.com");
    const a = await create(
      cookie,
      definition({ plan: { steps: [{ id: "x", action: "transform_data", with: { value: 1 } }] } }),
    );
    const b = await create(cookie, definition());
    // Counted before the token check: wrong tokens use the budget too, so guessing is bounded.
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await callApp(
        { env: testEnv() },
        `${API}/${a.automation.id}/fire`,
        jsonInit("POST", {}, { authorization: "Bearer swh_wrong" }),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 401)).toBe(true);
    expect(statuses[60]).toBe(429);
    const other = await callApp(
      { env: testEnv() },
      `${API}/${b.automation.id}/fire`,
      jsonInit("POST", {}, { authorization: `Bearer ${b.webhookToken}` }),
    );
    expect(other.status).toBe(202);
  });

  it("answers 429 past 10 authoring requests a minute for one person", async () => {
    const { cookie } = await devUser("author-limit@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await callApp(
        { env: testEnv() },
        `${API}/author`,
        jsonInit("POST", { prompt: "hi" }, { cookie }),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("shows today's runs and spend against the daily caps", async () => {
    const { cookie } = await devUser("usage@example.com");
    const a = await create(cookie, definition());
    const before = (await (
      await callApp({ env: testEnv() }, `${API}/usage`, { headers: { cookie } })
    ).json()) as {
      runsToday: number;
      limits: { runs: number; spendUsd: number };
      resetsAt: number;
    };
    expect(before).toMatchObject({ runsToday: 0, spendTodayUsd: 0, limits: { runs: 500, spendUsd: 5 } });
    const fired = await callApp(
      { env: testEnv() },
      `${API}/${a.automation.id}/fire`,
      jsonInit("POST", {}, { authorization: `Bearer ${a.webhookToken}` }),
    );
    expect(fired.status).toBe(202);
    const after = (await (
      await callApp({ env: testEnv() }, `${API}/usage`, { headers: { cookie } })
    ).json()) as {
      runsToday: number;
    };
    expect(after.runsToday).toBe(1);
    const { cookie: other } = await devUser("usage-other@example.com");
    const theirs = (await (
      await callApp({ env: testEnv() }, `${API}/usage`, { headers: { cookie: other } })
    ).json()) as {
      runsToday: number;
    };
    expect(theirs.runsToday).toBe(0);
  });
});
