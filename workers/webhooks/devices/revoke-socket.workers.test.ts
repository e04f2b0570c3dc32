import { env } from "cloudflare:test";
import { createD1Db } from "@scouts/db/d1";
import { describe, expect, it } from "vitest";
import { revokedCloseCode } from "../../shared/durable-objects.ts";
import { createMemoryLogger } from "../../shared/logger.ts";
import { callApp, devUser, testEnv } from "../../test/harness.ts";
import { connectDevice } from "../../test/hub-client.ts";
import { makeQueueRow, makeScout } from "../../test/pipeline-fixtures.ts";
import { createApp } from "../app.ts";

const base = "https://scouts.example.com";
const db = createD1Db(env.DB);

/** The Worker's own fetch, so sockets go through the real route, auth and DeviceHub. */
const worker = {
  fetch: async (req: Request): Promise<Response> =>
    createApp({ logger: createMemoryLogger() }).fetch(req, testEnv(), {
      waitUntil: () => {},
      passThroughOnException: () => {},
      props: {},
    } as unknown as ExecutionContext),
};

function closed(ws: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) =>
    ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason }), { once: true }),
  );
}

describe("revoking a device bites at once", () => {
  it("closes the revoked device's open socket with 4003 and leaves the user's other device connected", async () => {
    const a = await devUser("revoke-socket@example.com");
    const other = await devUser("revoke-socket@example.com");
    const devA = await connectDevice(worker, `${base}/api/v1/device`, { authorization: `Bearer ${a.token}` });
    const devB = await connectDevice(worker, `${base}/api/v1/device`, {
      authorization: `Bearer ${other.token}`,
    });
    await devA.waitFor((f) => f.some((x) => x.type === "welcome"));
    await devB.waitFor((f) => f.some((x) => x.type === "welcome"));
    const closing = closed(devA.ws);
    const del = await callApp({ env: testEnv() }, `${base}/api/v1/devices/${a.deviceId}`, {
      method: "DELETE",
      headers: { cookie: a.cookie },
    });
    expect(del.status).toBe(204);
    expect(await closing).toEqual({ code: revokedCloseCode, reason: "device revoked" });

    // The other device still gets what is queued for the user; the revoked one gets nothing.
    const scoutId = await makeScout(db, a.userId, { sourceType: "demo" });
    const row = await makeQueueRow(db, a.userId, scoutId, "demo-1");
    devB.send({ type: "read_item", requestId: "still-live", proposalId: row });
    await devB.waitFor((f) => f.some((x) => x.type === "read_item_result"));
    expect(devB.frames.find((x) => x.type === "read_item_result")).toMatchObject({ ok: true });
    expect(devA.frames.some((x) => x.type === "scout_proposal" || x.type === "read_item_result")).toBe(false);
    devB.ws.close();
  });

  it("a revoked device cannot reconnect, and a socket it still holds cannot read a message", async () => {
    const a = await devUser("revoke-read@example.com");
    const scoutId = await makeScout(db, a.userId, { sourceType: "demo" });
    const row = await makeQueueRow(db, a.userId, scoutId, "demo-2");
    const dev = await connectDevice(worker, `${base}/api/v1/device`, { authorization: `Bearer ${a.token}` });
    await dev.waitFor((f) => f.some((x) => x.type === "welcome"));
    // Revoked behind the hub's back (no close RPC): the hub itself must still refuse the read.
    await env.DB.prepare("update devices set revoked_at = ? where id = ?").bind(Date.now(), a.deviceId).run();
    const closing = closed(dev.ws);
    dev.send({ type: "read_item", requestId: "after-revoke", proposalId: row });
    await dev.waitFor((f) => f.some((x) => x.type === "read_item_result"));
    expect(dev.frames.find((x) => x.type === "read_item_result")).toMatchObject({
      ok: false,
      error: "device_revoked",
    });
    expect((await closing).code).toBe(revokedCloseCode);
    const again = await worker.fetch(
      new Request(`${base}/api/v1/device`, {
        headers: { upgrade: "websocket", authorization: `Bearer ${a.token}` },
      }),
    );
    expect(again.status).toBe(401);
  });

  it("a retried revocation still closes sockets; another user's device stays missing", async () => {
    const a = await devUser("revoke-retry@example.com");
    const b = await devUser("revoke-retry-b@example.com");
    const del = (id: string, cookie: string) =>
      callApp({ env: testEnv() }, `${base}/api/v1/devices/${id}`, { method: "DELETE", headers: { cookie } });
    expect((await del(a.deviceId, a.cookie)).status).toBe(204);
    expect((await del(a.deviceId, a.cookie)).status).toBe(204);
    expect((await del(b.deviceId, a.cookie)).status).toBe(404);
  });
});
