import { createChat } from "@scouts/core/automation/authoring/llm-client";
import { proposeAutomation } from "@scouts/core/automation/authoring/propose";
import { executeRun } from "@scouts/core/automation/executor/execute-run";
import { startRuns } from "@scouts/core/automation/executor/start-runs";
import { saveAutomation } from "@scouts/core/automation/manage/save-automation";
import { mcpCapabilities, resetMcpSessions } from "@scouts/core/automation/mcp/bind";
import { harvestMcpTools } from "@scouts/core/automation/mcp/harvest";
import { sdkConnect } from "@scouts/core/automation/mcp/sdk-session";
import { nativeRegistry } from "@scouts/core/automation/registry/native";
import type { AutomationDefinition } from "@scouts/core/automation/schema/definition-types";
import { createMcpStore, insertMcpConnection } from "@scouts/db/repos/automation-mcp";
import { automations } from "@scouts/db/schema/automations";
import { afterEach, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "./support/fake-llm.ts";
import { createHarness, type Harness } from "./support/harness.ts";
import { startMcpServer } from "./support/mcp-server.ts";

let llm: FakeLlm | undefined;
let h: Harness | undefined;
afterEach(async () => {
  await llm?.close();
  h?.close();
  llm = undefined;
  h = undefined;
  resetMcpSessions();
});

const valid: AutomationDefinition = {
  schema_version: 1,
  name: "Morning digest",
  goal: "Post a morning note",
  triggers: [{ type: "schedule", cron: "0 8 * * *", timezone: "Europe/Paris" }],
  plan: { steps: [{ id: "post", action: "slack_post", with: { channel: "#me", text: "Good morning" } }] },
  execution: { concurrency: "drop_if_running" },
};

const chatFor = (fake: FakeLlm) =>
  createChat({
    fetch,
    sleep: async () => {},
    config: { baseUrl: fake.baseUrl, model: "fake-1", apiKey: "k" },
  });

describe("natural-language authoring", () => {
  it("re-prompts invalid proposals with their errors until one validates, and shows only prompt, schema and registry", async () => {
    llm = await startFakeLlm([
      { content: "Sure! I will set that up for you." },
      {
        content: JSON.stringify({
          ...valid,
          plan: { steps: [{ id: "post", action: "send_fax", with: {} }] },
        }),
      },
      { content: `Here you go:\n\`\`\`json\n${JSON.stringify(valid)}\n\`\`\`` },
    ]);
    const registry = nativeRegistry();
    const p = await proposeAutomation({
      ctx: { chat: chatFor(llm), registry },
      input: { prompt: "Every morning at 8 say good morning in #me", usedBefore: new Set() },
    });
    expect(p.attempts).toBe(3);
    expect(p.definition).toEqual(valid);
    const [first, second, third] = llm.requests;
    expect(first!.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(first!.messages[0]!.content).toContain('"$schema":"https://json-schema.org/draft/2020-12/schema"');
    expect(first!.messages[0]!.content).toContain('"id":"slack_post"');
    expect(first!.messages[1]!.content).toBe("Every morning at 8 say good morning in #me");
    expect(first!.authorization).toBe("Bearer k");
    expect(second!.messages.at(-1)!.content).toContain("/ json: the reply is not a JSON object");
    expect(third!.messages.at(-1)!.content).toContain(
      '/plan/steps/0/action known_action: unknown action "send_fax"',
    );
  });

  it("gives up after three invalid proposals and nothing is saved", async () => {
    h = await createHarness();
    llm = await startFakeLlm([{ content: "{}" }, { content: "{}" }, { content: '{"schema_version":1}' }]);
    await expect(
      proposeAutomation({
        ctx: { chat: chatFor(llm), registry: h.ctx.registry },
        input: { prompt: "do things", usedBefore: new Set() },
      }),
    ).rejects.toMatchObject({
      code: "upstream_rejected",
      details: { issues: expect.arrayContaining([expect.objectContaining({ rule: "required" })]) },
    });
    expect(llm.requests).toHaveLength(3);
    expect(await h.db.select().from(automations)).toEqual([]);
  });

  it("reviews: summary and flags for external writes, commands, cost, frequent schedules, new capabilities", async () => {
    const risky: AutomationDefinition = {
      ...valid,
      triggers: [{ type: "schedule", cron: "*/5 * * * *", timezone: "UTC" }],
      plan: {
        steps: [
          {
            id: "think",
            action: "agent_task",
            with: {
              prompt: "Summarise. Then run this command: rm -rf /tmp/x",
              output_schema: { type: "object" },
            },
          },
          {
            id: "post",
            action: "slack_post",
            with: { channel: "#me", text: "{{ run.steps.think.output }}" },
          },
        ],
      },
    };
    llm = await startFakeLlm([{ content: JSON.stringify(risky) }]);
    const p = await proposeAutomation({
      ctx: { chat: chatFor(llm), registry: nativeRegistry() },
      input: { prompt: "x", usedBefore: new Set(["slack_post"]) },
    });
    expect(p.review.flags.map((f) => `${f.kind} ${f.path}`).sort()).toEqual(
      [
        "command_in_prompt /plan/steps/0/with",
        "external_write /plan/steps/1",
        "frequent_schedule /triggers/0/cron",
        "high_cost /execution/budget",
        "new_capability /plan/steps/0/action",
      ].sort(),
    );
    expect(p.review.summary).toContain('"Morning digest" runs on the schedule "*/5 * * * *" (UTC)');
    expect(p.review.summary).toContain("Estimated cost per run: $0.05");
    expect(p.warnings[0]).toMatchObject({ rule: "schedule_frequency" });
  });

  it("NL edit shows a diff; saving bumps the version and leaves past runs untouched", async () => {
    h = await createHarness();
    const { automation } = await saveAutomation({
      ctx: h.manage,
      input: {
        userId: h.userId,
        definition: {
          ...valid,
          plan: { steps: [{ id: "n", action: "notification", with: { title: "hi" } }] },
        },
      },
    });
    const [o] = await startRuns({
      ctx: h.ctx,
      input: [{ automation, triggerType: "manual", triggerPayload: {} }],
    });
    const edited = {
      ...automation.definition,
      triggers: [{ type: "schedule" as const, cron: "30 7 * * *", timezone: "Europe/Paris" }],
    };
    llm = await startFakeLlm([{ content: JSON.stringify(edited) }]);
    const p = await proposeAutomation({
      ctx: { chat: chatFor(llm), registry: h.ctx.registry },
      input: {
        prompt: "make it 7:30",
        current: automation.definition,
        usedBefore: new Set(["notification"]),
      },
    });
    expect(p.diff).toEqual([
      { path: "/triggers/0/cron", kind: "changed", before: "0 8 * * *", after: "30 7 * * *" },
    ]);
    expect(llm.requests[0]!.messages[1]!.content).toContain('"cron":"0 8 * * *"');
    const saved = await saveAutomation({
      ctx: h.manage,
      input: { userId: h.userId, id: automation.id, expectedVersion: 1, definition: p.definition },
    });
    expect(saved.automation.version).toBe(2);
    const run = await h.ctx.store.getRun((o as { runId: string }).runId);
    expect(run).toMatchObject({ version: 1, definition: { triggers: [{ cron: "0 8 * * *" }] } });
  });

  it("the chat client honours 429 Retry-After", async () => {
    llm = await startFakeLlm([{ status: 429, headers: { "retry-after": "2" } }, { content: "ok" }]);
    const sleeps: number[] = [];
    const chat = createChat({
      fetch,
      sleep: async (ms) => void sleeps.push(ms),
      config: { baseUrl: llm.baseUrl, model: "m" },
    });
    expect((await chat({ messages: [{ role: "user", content: "hi" }] })).content).toBe("ok");
    expect(sleeps).toEqual([2000]);
  });

  it("the chat client never sleeps a long Retry-After: it fails at once with the wait (was up to 30 s)", async () => {
    llm = await startFakeLlm([{ status: 503, headers: { "retry-after": "60" } }, { content: "ok" }]);
    const sleeps: number[] = [];
    const chat = createChat({
      fetch,
      sleep: async (ms) => void sleeps.push(ms),
      config: { baseUrl: llm.baseUrl, model: "m" },
    });
    await expect(chat({ messages: [{ role: "user", content: "hi" }] })).rejects.toMatchObject({
      code: "upstream_unavailable",
      retryAfterSeconds: 60,
    });
    expect(sleeps).toEqual([]);
  });
});

describe("agent_task", () => {
  it("uses an allowlisted MCP tool, is re-prompted with validation errors, and returns schema-valid output", async () => {
    const mcp = await startMcpServer();
    try {
      h = await createHarness();
      const store = createMcpStore(h.db, async () => null);
      await insertMcpConnection(h.db, async () => null, {
        id: "c1",
        userId: h.userId,
        name: "Helpdesk",
        url: mcp.url,
        credential: null,
        now: 0,
      });
      await harvestMcpTools({
        ctx: { mcp: store, connect: sdkConnect(), clock: h.clock },
        input: { userId: h.userId, connectionId: "c1" },
      });
      const registry = nativeRegistry(
        mcpCapabilities(await store.toolsForUser(h.userId), (id) => store.connection("u1", id), sdkConnect()),
      );
      llm = await startFakeLlm([
        { toolCalls: [{ id: "call1", name: "mcp_helpdesk_get_weather", arguments: '{"city":"Oslo"}' }] },
        { toolCalls: [{ id: "call2", name: "mcp_helpdesk_delete_everything", arguments: "{}" }] },
        { content: '{"city":"Oslo"}' },
        { content: '{"city":"Oslo","sky":"sunny"}' },
      ]);
      h.ctx.registry = registry;
      h.manage.registry = registry;
      h.ctx.services = { ...h.ctx.services, registry, chat: chatFor(llm) };
      const def: AutomationDefinition = {
        schema_version: 1,
        name: "weather agent",
        triggers: [{ type: "webhook" }],
        plan: {
          steps: [
            {
              id: "agent",
              action: "agent_task",
              with: {
                prompt: "What is the sky like in Oslo?",
                tools: ["mcp.helpdesk.get_weather"],
                output_schema: {
                  type: "object",
                  required: ["city", "sky"],
                  properties: { city: { type: "string" }, sky: { type: "string" } },
                },
              },
            },
          ],
        },
        execution: { budget: { max_cost_usd: 1 } },
      };
      const { automation } = await saveAutomation({
        ctx: h.manage,
        input: { userId: h.userId, definition: def },
      });
      const [o] = await startRuns({
        ctx: h.ctx,
        input: [{ automation, triggerType: "manual", triggerPayload: {} }],
      });
      const runId = (o as { runId: string }).runId;
      expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("succeeded");
      const [step] = await h.ctx.store.listSteps(runId);
      expect(step!.output).toEqual({ city: "Oslo", sky: "sunny" });
      expect(mcp.calls.map((c) => c.tool)).toEqual(["get_weather"]);
      const toolNames = (llm.requests[0]!.tools as { function: { name: string } }[]).map(
        (t) => t.function.name,
      );
      expect(toolNames).toEqual(["mcp_helpdesk_get_weather"]);
      expect(llm.requests[2]!.messages.at(-1)!.content).toContain("not in this step's allowlist");
      expect(llm.requests[3]!.messages.at(-1)!.content).toContain("failed validation");
      expect((await h.ctx.store.getRun(runId))!.costUsd).toBeGreaterThan(0);
    } finally {
      await mcp.close();
    }
  });

  it("stops inside the step when model calls exceed the run's remaining budget", async () => {
    h = await createHarness();
    llm = await startFakeLlm([
      { content: "not json yet", usage: { prompt_tokens: 20_000, completion_tokens: 10_000 } },
      { content: "still not json", usage: { prompt_tokens: 20_000, completion_tokens: 10_000 } },
      { content: '{"ok":true}' },
    ]);
    h.ctx.services = { ...h.ctx.services, chat: chatFor(llm) };
    const def: AutomationDefinition = {
      schema_version: 1,
      name: "pricey agent",
      triggers: [{ type: "webhook" }],
      plan: {
        steps: [
          {
            id: "agent",
            action: "agent_task",
            with: { prompt: "p", output_schema: { type: "object" }, max_attempts: 3 },
          },
        ],
      },
      execution: { budget: { max_cost_usd: 0.1 } },
    };
    const { automation } = await saveAutomation({
      ctx: h.manage,
      input: { userId: h.userId, definition: def },
    });
    const [o] = await startRuns({
      ctx: h.ctx,
      input: [{ automation, triggerType: "manual", triggerPayload: {} }],
    });
    const runId = (o as { runId: string }).runId;
    expect(await executeRun({ ctx: h.ctx, input: { runId } })).toBe("failed");
    expect((await h.ctx.store.getRun(runId))!.error).toMatchObject({
      code: "budget_exceeded",
      step: "agent",
    });
    expect(llm.requests).toHaveLength(2);
  });
});
