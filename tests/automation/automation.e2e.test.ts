import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWranglerDev, type WranglerDev } from "../support/processes.ts";
import { type FakeLlm, startFakeLlm } from "./support/fake-llm.ts";
import { type RunningMcpServer, startMcpServer } from "./support/mcp-server.ts";

const proposal = {
  schema_version: 1,
  name: "Weather ticket",
  goal: "Open a ticket with the weather",
  triggers: [{ type: "webhook" }],
  plan: {
    steps: [
      {
        id: "weather",
        action: "mcp.helpdesk.get_weather",
        with: { city: "{{ run.trigger.payload.city }}" },
        output_as: "w",
      },
      {
        id: "ticket",
        action: "mcp.helpdesk.create_ticket",
        with: { title: "{{ run.outputs.w.sky }} in {{ run.outputs.w.city }}" },
      },
    ],
  },
  execution: { concurrency: "allow_parallel" },
};

let worker: WranglerDev;
let llm: FakeLlm;
let mcp: RunningMcpServer;

beforeAll(async () => {
  mcp = await startMcpServer("e2e-mcp-key");
  llm = await startFakeLlm([
    {
      content: JSON.stringify({
        ...proposal,
        plan: { steps: [{ id: "x", action: "mcp.helpdesk.teleport" }] },
      }),
    },
    { content: JSON.stringify(proposal) },
  ]);
  const key = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64");
  worker = await startWranglerDev({
    SCOUTS_ENV: "development",
    SCOUTS_DEV_MODE: "true",
    TOKEN_KEYS: JSON.stringify({ "1": key }),
    SESSION_SECRET: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url"),
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: "fake-model",
  });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await llm?.close();
  await mcp?.close();
});

describe("automations end to end (wrangler dev, real queues, real MCP server, fake LLM)", () => {
  it("connects MCP, authors by NL (re-prompted, not saved), saves, fires by webhook and runs to success", async () => {
    const signin = await fetch(`${worker.url}/api/v1/dev/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "e2e-automation@example.com" }),
    });
    expect(signin.status).toBe(200);
    const cookie = signin.headers.getSetCookie()[0]!.split(";")[0]!;
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${worker.url}/api/v1/automations${path}`, {
        ...init,
        headers: { cookie, "content-type": "application/json", ...(init.headers as Record<string, string>) },
      });

    const conn = await api("/mcp/connections", {
      method: "POST",
      body: JSON.stringify({ name: "Helpdesk", url: mcp.url, credential: "e2e-mcp-key" }),
    });
    expect(conn.status).toBe(201);
    expect(await conn.json()).toMatchObject({ tools: 3 });

    const authored = await api("/author", {
      method: "POST",
      body: JSON.stringify({ prompt: "When called, open a ticket with the weather" }),
    });
    expect(authored.status).toBe(200);
    const { proposal: p } = (await authored.json()) as {
      proposal: { definition: unknown; attempts: number; review: { flags: { kind: string }[] } };
    };
    expect(p.attempts).toBe(2);
    expect(p.review.flags.map((f) => f.kind)).toContain("external_write");
    expect(((await (await api("")).json()) as { automations: unknown[] }).automations).toEqual([]);

    const saved = await api("", { method: "POST", body: JSON.stringify({ definition: p.definition }) });
    expect(saved.status).toBe(201);
    const { automation, webhookToken } = (await saved.json()) as {
      automation: { id: string };
      webhookToken: string;
    };

    const fire = () =>
      fetch(`${worker.url}/api/v1/automations/${automation.id}/fire`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${webhookToken}`,
          "idempotency-key": "order-1",
          "content-type": "application/json",
        },
        body: JSON.stringify({ city: "Nantes" }),
      });
    const fired = await fire();
    expect(fired.status).toBe(202);
    const { runId } = (await fired.json()) as { runId: string };
    expect(((await (await fire()).json()) as { runId: string }).runId).toBe(runId);

    let detail:
      | { run: { status: string }; steps: { stepId: string; status: string; output: unknown }[] }
      | undefined;
    for (let i = 0; i < 150; i++) {
      detail = (await (await api(`/runs/${runId}`)).json()) as typeof detail;
      if (detail && ["succeeded", "failed", "timed_out"].includes(detail.run.status)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(detail!.run.status).toBe("succeeded");
    expect(detail!.steps.map((s) => [s.stepId, s.status])).toEqual([
      ["weather", "succeeded"],
      ["ticket", "succeeded"],
    ]);
    expect(mcp.calls.map((c) => [c.tool, c.auth])).toEqual([
      ["get_weather", "Bearer e2e-mcp-key"],
      ["create_ticket", "Bearer e2e-mcp-key"],
    ]);
    expect(mcp.calls[1]!.args).toEqual({ title: "sunny in Nantes" });
  }, 120_000);

  it("runs on Workflows: an approval step waits for the owner's answer in the API, then the run goes on", async () => {
    const signin = await fetch(`${worker.url}/api/v1/dev/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "e2e-approval@example.com" }),
    });
    const cookie = signin.headers.getSetCookie()[0]!.split(";")[0]!;
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${worker.url}/api/v1/automations${path}`, {
        ...init,
        headers: { cookie, "content-type": "application/json" },
      });
    const saved = await api("", {
      method: "POST",
      body: JSON.stringify({
        definition: {
          schema_version: 1,
          name: "Ask first",
          triggers: [{ type: "webhook" }],
          plan: {
            steps: [
              { id: "ok", action: "approval", with: { title: "Go on?", timeout_minutes: 30 } },
              { id: "done", action: "transform_data", with: { value: "went on" } },
            ],
          },
          execution: { concurrency: "allow_parallel" },
        },
      }),
    });
    expect(saved.status).toBe(201);
    const { automation, webhookToken } = (await saved.json()) as {
      automation: { id: string };
      webhookToken: string;
    };
    const fired = await fetch(`${worker.url}/api/v1/automations/${automation.id}/fire`, {
      method: "POST",
      headers: { authorization: `Bearer ${webhookToken}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(fired.status).toBe(202);
    const { runId } = (await fired.json()) as { runId: string };
    type Detail = { run: { status: string }; steps: { stepId: string; status: string; output: unknown }[] };
    const poll = async (until: (d: Detail) => boolean) => {
      for (let i = 0; i < 150; i++) {
        const d = (await (await api(`/runs/${runId}`)).json()) as Detail;
        if (until(d)) return d;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`run ${runId} never got there`);
    };
    const waiting = await poll((d) => d.steps.some((s) => s.stepId === "ok" && s.status === "running"));
    expect(waiting.run.status).toBe("running");
    expect(waiting.steps[0]!.output).toMatchObject({ awaiting: "approval", title: "Go on?" });
    const answered = await api(`/runs/${runId}/approvals/ok`, {
      method: "POST",
      body: JSON.stringify({ approved: true }),
    });
    expect(answered.status).toBe(200);
    const done = await poll((d) => d.run.status !== "running" && d.run.status !== "pending");
    expect(done.run.status).toBe("succeeded");
    expect(done.steps.map((s) => [s.stepId, s.status])).toEqual([
      ["ok", "succeeded"],
      ["done", "succeeded"],
    ]);
  }, 120_000);

  it("MCP connections: test (re-harvest) and remove, which takes the harvested tools with it", async () => {
    const signin = await fetch(`${worker.url}/api/v1/dev/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "e2e-mcp-remove@example.com" }),
    });
    const cookie = signin.headers.getSetCookie()[0]!.split(";")[0]!;
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${worker.url}/api/v1/automations${path}`, {
        ...init,
        headers: { cookie, "content-type": "application/json" },
      });
    const conn = await api("/mcp/connections", {
      method: "POST",
      body: JSON.stringify({ name: "Desk", url: mcp.url, credential: "e2e-mcp-key" }),
    });
    const { id } = (await conn.json()) as { id: string };
    expect(await (await api(`/mcp/connections/${id}/harvest`, { method: "POST" })).json()).toMatchObject({
      tools: 3,
    });
    expect(((await (await api("/mcp/tools")).json()) as { tools: unknown[] }).tools).toHaveLength(3);
    expect((await api(`/mcp/connections/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await api(`/mcp/connections/${id}`, { method: "DELETE" })).status).toBe(404);
    expect(((await (await api("/mcp/tools")).json()) as { tools: unknown[] }).tools).toEqual([]);
    expect(
      ((await (await api("/mcp/connections")).json()) as { connections: unknown[] }).connections,
    ).toEqual([]);
  }, 60_000);
});
