import { executeRun } from "@scouts/core/automation/executor/execute-run";
import { startRuns } from "@scouts/core/automation/executor/start-runs";
import { saveAutomation } from "@scouts/core/automation/manage/save-automation";
import { mcpCapabilities, mcpCapabilityId, resetMcpSessions } from "@scouts/core/automation/mcp/bind";
import { harvestMcpTools } from "@scouts/core/automation/mcp/harvest";
import { sdkConnect } from "@scouts/core/automation/mcp/sdk-session";
import { inferSideEffects } from "@scouts/core/automation/mcp/side-effects";
import { nativeRegistry } from "@scouts/core/automation/registry/native";
import { loadTokenKeyring } from "@scouts/core/crypto/token-cipher";
import {
  createMcpStore,
  insertMcpConnection,
  listMcpTools,
  setMcpToolOverride,
} from "@scouts/db/repos/automation-mcp";
import { mcpConnections } from "@scouts/db/schema/automations";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sampleDefinition } from "./fixtures/definitions.ts";
import { createHarness, type Harness } from "./support/harness.ts";
import { type RunningMcpServer, startMcpServer } from "./support/mcp-server.ts";

const SECRET = "mcp-secret-token-123";
let server: RunningMcpServer;
let h: Harness;
beforeAll(async () => {
  server = await startMcpServer(SECRET);
});
afterAll(() => server.close());
afterEach(() => {
  h?.close();
  resetMcpSessions();
});

async function setup() {
  h = await createHarness();
  const ring = await loadTokenKeyring({ "1": btoa(String.fromCharCode(...new Uint8Array(32).fill(3))) });
  const keyring = async () => ring;
  const store = createMcpStore(h.db, keyring);
  await insertMcpConnection(h.db, keyring, {
    id: "c1",
    userId: h.userId,
    name: "Helpdesk",
    url: server.url,
    credential: SECRET,
    now: h.clock.now(),
  });
  return { store, keyring };
}

describe("MCP", () => {
  it("infers side effects from annotations and names", () => {
    expect(inferSideEffects("get_weather", { readOnlyHint: true })).toEqual(["READ"]);
    expect(inferSideEffects("list_files", undefined)).toEqual(["READ"]);
    expect(inferSideEffects("delete_file", undefined)).toEqual(["WRITE", "IRREVERSIBLE"]);
    expect(inferSideEffects("send_email", undefined)).toEqual(["WRITE", "EXTERNAL_WRITE", "USER_VISIBLE"]);
    expect(inferSideEffects("create_ticket", { readOnlyHint: false, openWorldHint: true })).toEqual([
      "WRITE",
      "EXTERNAL_WRITE",
    ]);
    expect(inferSideEffects("frobnicate", undefined)).toEqual(["WRITE"]);
  });

  it("harvests tools/list from a real SDK server into mcp_tools with the credential encrypted", async () => {
    const { store } = await setup();
    const out = await harvestMcpTools({
      ctx: { mcp: store, connect: sdkConnect(), clock: h.clock },
      input: { userId: h.userId, connectionId: "c1" },
    });
    expect(out.tools).toBe(3);
    const tools = await listMcpTools(h.db, h.userId);
    expect(Object.fromEntries(tools.map((t) => [t.name, t.sideEffects]))).toEqual({
      get_weather: ["READ"],
      create_ticket: ["WRITE", "EXTERNAL_WRITE"],
      delete_everything: ["WRITE", "IRREVERSIBLE"],
    });
    const [row] = await h.db.select().from(mcpConnections);
    expect(row!.credentialCiphertext).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(row!.lastHarvestAt).toBe(h.clock.now());
    expect(server.calls.every((c) => c.auth === `Bearer ${SECRET}`)).toBe(true);
  });

  it("keeps an admin override across re-harvests and records failures", async () => {
    const { store, keyring } = await setup();
    const ctx = { mcp: store, connect: sdkConnect(), clock: h.clock };
    await harvestMcpTools({ ctx, input: { userId: h.userId, connectionId: "c1" } });
    const weather = (await listMcpTools(h.db, h.userId)).find((t) => t.name === "get_weather")!;
    expect(await setMcpToolOverride(h.db, h.userId, weather.id, ["READ", "COST_INCURRING"])).toBe(true);
    await harvestMcpTools({ ctx, input: { userId: h.userId, connectionId: "c1" } });
    const again = (await listMcpTools(h.db, h.userId)).find((t) => t.name === "get_weather")!;
    expect(again.sideEffectsOverride).toEqual(["READ", "COST_INCURRING"]);
    await insertMcpConnection(h.db, keyring, {
      id: "c2",
      userId: h.userId,
      name: "Wrong",
      url: server.url,
      credential: "bad",
      now: 0,
    });
    await expect(
      harvestMcpTools({ ctx, input: { userId: h.userId, connectionId: "c2" } }),
    ).rejects.toMatchObject({ code: "upstream_unavailable" });
    const c2 = (await h.db.select().from(mcpConnections)).find((c) => c.id === "c2")!;
    expect(c2.status).toBe("error");
  });

  it("invokes harvested tools as tight actions in a run, binding one session lazily", async () => {
    const { store } = await setup();
    await harvestMcpTools({
      ctx: { mcp: store, connect: sdkConnect(), clock: h.clock },
      input: { userId: h.userId, connectionId: "c1" },
    });
    let connects = 0;
    const counting = sdkConnect();
    const caps = mcpCapabilities(
      await store.toolsForUser(h.userId),
      (id) => store.connection(h.userId, id),
      async (i) => {
        connects++;
        return counting(i);
      },
    );
    expect(connects).toBe(0);
    h.ctx.registry = nativeRegistry(caps);
    h.manage.registry = h.ctx.registry;
    const weather = mcpCapabilityId("Helpdesk", "get_weather");
    const ticket = mcpCapabilityId("Helpdesk", "create_ticket");
    expect(weather).toBe("mcp.helpdesk.get_weather");
    const def = sampleDefinition({
      triggers: [{ type: "webhook" }],
      plan: {
        steps: [
          { id: "w", action: weather, with: { city: "Lyon" }, output_as: "weather" },
          {
            id: "t",
            action: ticket,
            with: { title: "It is {{ run.outputs.weather.sky }} in {{ run.outputs.weather.city }}" },
          },
        ],
      },
    });
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
    const steps = await h.ctx.store.listSteps(runId);
    expect(steps.map((s) => s.output)).toEqual([
      { city: "Lyon", sky: "sunny" },
      { text: "ticket T-1: It is sunny in Lyon" },
    ]);
    expect(connects).toBe(1);
    expect(server.calls.slice(-2).map((c) => c.tool)).toEqual(["get_weather", "create_ticket"]);
  });

  it("reconnects once when the cached session went stale (server restarted)", async () => {
    const { store } = await setup();
    await harvestMcpTools({
      ctx: { mcp: store, connect: sdkConnect(), clock: h.clock },
      input: { userId: h.userId, connectionId: "c1" },
    });
    let connects = 0;
    const base = sdkConnect();
    const caps = mcpCapabilities(
      await store.toolsForUser(h.userId),
      (id) => store.connection(h.userId, id),
      async (i) => {
        connects++;
        const s = await base(i);
        // The first session breaks after one call, like a session whose server went away.
        if (connects === 1) {
          let used = 0;
          return {
            ...s,
            callTool: async (n, a, sig) =>
              used++ === 0 ? s.callTool(n, a, sig) : Promise.reject(new Error("socket closed")),
          };
        }
        return s;
      },
    );
    const weather = caps.find((c) => c.id === "mcp.helpdesk.get_weather")!;
    const args = {
      run: { id: "r", userId: h.userId, automationId: "a" },
      services: h.ctx.services,
      signal: new AbortController().signal,
      idempotencyKey: "run:r:main:s",
    };
    expect((await weather.handler({ ...args, input: { city: "A" } })).output).toEqual({
      city: "A",
      sky: "sunny",
    });
    expect((await weather.handler({ ...args, input: { city: "B" } })).output).toEqual({
      city: "B",
      sky: "sunny",
    });
    expect(connects).toBe(2);
  });

  it("an MCP tool error fails the step with upstream_rejected", async () => {
    const { store } = await setup();
    await harvestMcpTools({
      ctx: { mcp: store, connect: sdkConnect(), clock: h.clock },
      input: { userId: h.userId, connectionId: "c1" },
    });
    h.ctx.registry = nativeRegistry(
      mcpCapabilities(
        await store.toolsForUser(h.userId),
        (id) => store.connection(h.userId, id),
        sdkConnect(),
      ),
    );
    h.manage.registry = h.ctx.registry;
    const def = sampleDefinition({
      triggers: [{ type: "webhook" }],
      plan: { steps: [{ id: "d", action: "mcp.helpdesk.delete_everything" }] },
    });
    const { automation } = await saveAutomation({
      ctx: h.manage,
      input: { userId: h.userId, definition: def },
    });
    const [o] = await startRuns({
      ctx: h.ctx,
      input: [{ automation, triggerType: "manual", triggerPayload: {} }],
    });
    expect(await executeRun({ ctx: h.ctx, input: { runId: (o as { runId: string }).runId } })).toBe("failed");
    const run = await h.ctx.store.getRun((o as { runId: string }).runId);
    expect(run!.error).toMatchObject({ code: "upstream_rejected" });
  });
});
