import { env } from "cloudflare:test";
import { executeRun } from "@scouts/core/automation/executor/execute-run";
import { startRuns } from "@scouts/core/automation/executor/start-runs";
import { saveAutomation } from "@scouts/core/automation/manage/save-automation";
import type { AutomationDefinition } from "@scouts/core/automation/schema/definition-types";
import { createD1Db } from "@scouts/db/d1";
import { personalSpaceId } from "@scouts/db/repos/spaces";
import { describe, expect, it } from "vitest";
import type { DeviceHub } from "../../workers/device-hub/device-hub.ts";
import { createAutomationCtx } from "../../workers/shared/automation-deps.ts";
import { testEnv } from "../../workers/test/harness.ts";
import { connectDevice } from "../../workers/test/hub-client.ts";
import { makeDevice, makeUser } from "../../workers/test/pipeline-fixtures.ts";

const db = createD1Db(env.DB);
const ns = env.DEVICE_HUB as DurableObjectNamespace<DeviceHub>;

async function onlineDevice(userId: string) {
  const deviceId = await makeDevice(db, userId);
  const dev = await connectDevice(ns.get(ns.idFromName(userId)), "http://hub/connect", {
    "x-scouts-user-id": userId,
    "x-scouts-device-id": deviceId,
  });
  await dev.waitFor((f) => f.some((x) => x.type === "welcome"));
  return dev;
}

/** The test plays the queue consumer: runs are started and executed here, never twice by a lane. */
function automationCtx() {
  return { ...createAutomationCtx(testEnv()), queue: { send: async () => {} } };
}

async function runOnce(userId: string, definition: AutomationDefinition, payload: unknown = {}) {
  const ctx = automationCtx();
  const { automation } = await saveAutomation({ ctx: ctx.manage, input: { userId, definition } });
  const [o] = await startRuns({
    ctx,
    input: [{ automation, triggerType: "manual", triggerPayload: payload }],
  });
  if (!o || !("runId" in o)) throw new Error(`not started: ${JSON.stringify(o)}`);
  const status = await executeRun({ ctx, input: { runId: o.runId } });
  return { ctx, runId: o.runId, status, run: await ctx.store.getRun(o.runId) };
}

const notifyDef = (): AutomationDefinition => ({
  schema_version: 1,
  name: "Digest ping",
  triggers: [{ type: "webhook" }],
  plan: {
    steps: [
      {
        id: "tell",
        action: "notification",
        with: { title: "Digest ready: {{ run.trigger.payload.count }} items", body: "never leaves the run" },
      },
    ],
  },
});

describe("notification action → DeviceHub (workerd, real WebSockets)", () => {
  it("sends an info notice with the rendered title to the owner's devices only", async () => {
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const mine = [await onlineDevice(owner), await onlineDevice(owner)];
    const theirs = await onlineDevice(other);

    const { ctx, runId, status } = await runOnce(owner, notifyDef(), { count: 3 });
    expect(status).toBe("succeeded");
    const [step] = await ctx.store.listSteps(runId);
    expect(step!.output).toEqual({ delivered: true, devices: 2 });
    for (const dev of mine) {
      await dev.waitFor((f) => f.some((x) => x.type === "notice"));
      expect(dev.frames.filter((f) => f.type === "notice")).toEqual([
        { type: "notice", notice: { kind: "info", message: "Digest ready: 3 items" } },
      ]);
      expect(JSON.stringify(dev.frames)).not.toContain("never leaves the run");
    }
    // Another user's hub is never touched: give a stray frame time to arrive, then look.
    await new Promise((r) => setTimeout(r, 100));
    expect(theirs.frames.map((f) => f.type)).toEqual(["welcome"]);
    for (const dev of [...mine, theirs]) dev.ws.close();
  });

  it("is best-effort: with no device online the step succeeds and reports zero devices", async () => {
    const owner = await makeUser(db);
    const { ctx, runId, status } = await runOnce(owner, notifyDef(), { count: 1 });
    expect(status).toBe("succeeded");
    expect((await ctx.store.listSteps(runId))[0]!.output).toEqual({ delivered: false, devices: 0 });
    // Nothing was kept for later: a device connecting now gets only its welcome.
    const late = await onlineDevice(owner);
    await new Promise((r) => setTimeout(r, 100));
    expect(late.frames.map((f) => f.type)).toEqual(["welcome"]);
    late.ws.close();
  });
});

describe("$space_default in the Worker", () => {
  it("resolves to the person's own space when the run is created", async () => {
    const owner = await makeUser(db);
    const { run } = await runOnce(owner, {
      ...notifyDef(),
      inputs: { type: "object", properties: { space: { type: "string", default: "$space_default" } } },
    });
    expect(run!.inputs).toEqual({ space: personalSpaceId(owner) });
    const row = await env.DB.prepare("select owner_user_id, kind from spaces where id = ?")
      .bind(personalSpaceId(owner))
      .first();
    expect(row).toEqual({ owner_user_id: owner, kind: "personal" });
  });
});
