import { env, evictDurableObject, runInDurableObject } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { CoreError } from "@scouts/core/errors";
import { proposalFrame } from "@scouts/core/pipeline/deliver-proposals";
import { createD1Db } from "@scouts/db/d1";
import { devices, scouts, scoutTriageQueue } from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerDevice } from "../shared/accounts.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import { connectDevice } from "../test/hub-client.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import { makeDevice, makeQueueRow, makeScout, makeUser } from "../test/pipeline-fixtures.ts";
import type { DeviceHub } from "./device-hub.ts";

const db = createD1Db(env.DB);
const ns = env.DEVICE_HUB as DurableObjectNamespace<DeviceHub>;
const hubOf = (userId: string) => ns.get(ns.idFromName(userId));
const connect = (userId: string, deviceId: string, extra: Record<string, string> = {}) =>
  connectDevice(hubOf(userId), "http://hub/connect", {
    "x-scouts-user-id": userId,
    "x-scouts-device-id": deviceId,
    ...extra,
  });

beforeEach(() => {
  testOverrides.logger = createMemoryLogger();
});
afterEach(() => {
  resetTestOverrides();
});

async function demoUser(rows = 0) {
  const userId = await makeUser(db);
  const scoutId = await makeScout(db, userId, { sourceType: "demo" });
  const deviceId = await makeDevice(db, userId);
  const ids: string[] = [];
  for (let i = 1; i <= rows; i++)
    ids.push(await makeQueueRow(db, userId, scoutId, `demo-${i}`, { createdAt: Date.now() + i }));
  return { userId, scoutId, deviceId, ids };
}
const statusOf = async (id: string) =>
  (await db.select().from(scoutTriageQueue).where(eq(scoutTriageQueue.id, id)).get())?.status;

describe("DeviceHub", () => {
  it("welcomes the device (scouts.v1 subprotocol) and drains queued rows with transient metadata", async () => {
    const { userId, deviceId, ids } = await demoUser(3);
    const dev = await connect(userId, deviceId, { "sec-websocket-protocol": "scouts.v1" });
    expect(dev.res.headers.get("sec-websocket-protocol")).toBe("scouts.v1");
    await dev.waitFor(() => dev.proposals().length === 3);
    expect(dev.frames[0]).toMatchObject({ type: "welcome", userId, deviceId, notices: [] });
    expect(dev.proposals().map((p) => p.proposalId)).toEqual(ids);
    expect(dev.proposals()[0]).toMatchObject({ source: "demo", sourceMsgRef: "demo-1", verdict: "relevant" });
    // demo-1 is the synthetic power bill; its subject was fetched at delivery, not stored.
    expect(dev.proposals()[0]).toMatchObject({
      from: expect.stringContaining("Northside Power"),
      subject: expect.stringMatching(/bill/),
    });
    await vi_waitStatus(ids, "delivered");
    dev.ws.close();
  });

  it("ack marks the row acked; a reconnect redelivers only the un-acked ones", async () => {
    const { userId, deviceId, ids } = await demoUser(3);
    const dev = await connect(userId, deviceId);
    await dev.waitFor(() => dev.proposals().length === 3);
    dev.send({ type: "scout_proposal_ack", proposalId: ids[0] });
    await vi_waitStatus([ids[0]!], "acked");
    dev.ws.close();
    const again = await connect(userId, deviceId);
    await again.waitFor(() => again.proposals().length === 2);
    expect(again.proposals().map((p) => p.proposalId)).toEqual(ids.slice(1));
    again.ws.close();
  });

  it("accepts the upgrade forwarded by GET /api/v1/device with a real device token", async () => {
    const userId = await makeUser(db);
    const scoutId = await makeScout(db, userId, { sourceType: "demo" });
    const row = await makeQueueRow(db, userId, scoutId, "demo-3");
    const { deviceId, token } = await registerDevice(db, {
      userId,
      name: "agent",
      kind: "agent",
      now: Date.now(),
    });
    const dev = await connectDevice(exports.default, "http://127.0.0.1/api/v1/device", {
      authorization: `Bearer ${token}`,
    });
    await dev.waitFor(() => dev.proposals().length === 1);
    expect(dev.frames[0]).toMatchObject({ type: "welcome", userId, deviceId });
    expect(dev.proposals()[0]!.proposalId).toBe(row);
  });

  it("a poke delivers new rows to every connected device, once", async () => {
    const { userId, scoutId, deviceId } = await demoUser(0);
    const second = await makeDevice(db, userId);
    const a = await connect(userId, deviceId);
    const b = await connect(userId, second);
    await a.waitFor((f) => f.some((x) => x.type === "welcome"));
    await b.waitFor((f) => f.some((x) => x.type === "welcome"));
    const row = await makeQueueRow(db, userId, scoutId, "demo-7");
    await Promise.all([hubOf(userId).poke(), hubOf(userId).poke(), hubOf(userId).poke()]);
    await a.waitFor(() => a.proposals().length === 1);
    await b.waitFor(() => b.proposals().length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(a.proposals().map((p) => p.proposalId)).toEqual([row]);
    expect(b.proposals().map((p) => p.proposalId)).toEqual([row]);
    expect(await statusOf(row)).toBe("delivered");
  });

  it("survives eviction mid-delivery: un-acked rows come again on reconnect, devices dedupe by id", async () => {
    const { userId, deviceId, ids } = await demoUser(40);
    const dev = await connect(userId, deviceId);
    await dev.waitFor(() => dev.proposals().length >= 1);
    await evictDurableObject(hubOf(userId));
    const again = await connect(userId, deviceId);
    await again.waitFor(() => again.proposals().length === 40);
    const seen = new Set([...dev.proposals(), ...again.proposals()].map((p) => p.proposalId));
    expect([...seen].sort()).toEqual([...ids].sort());
  });

  it("never delivers another user's proposals, and refuses acks and reads across users", async () => {
    const alice = await demoUser(2);
    const bob = await demoUser(2);
    const devA = await connect(alice.userId, alice.deviceId);
    await devA.waitFor(() => devA.proposals().length === 2);
    await hubOf(bob.userId).poke();
    devA.send({ type: "scout_proposal_ack", proposalId: bob.ids[0] });
    devA.send({ type: "read_item", requestId: "r-x", proposalId: bob.ids[1] });
    await devA.waitFor((f) => f.some((x) => x.type === "read_item_result"));
    expect(devA.frames.find((x) => x.type === "read_item_result")).toMatchObject({
      ok: false,
      error: "not_found",
    });
    expect(
      devA
        .proposals()
        .map((p) => p.proposalId)
        .sort(),
    ).toEqual([...alice.ids].sort());
    expect(await statusOf(bob.ids[0]!)).toBe("queued");
    // A hub answers only to the user it is bound to, whatever a caller claims.
    const forged = await hubOf(alice.userId).fetch(
      new Request("http://hub/connect", {
        headers: { upgrade: "websocket", "x-scouts-user-id": bob.userId, "x-scouts-device-id": bob.deviceId },
      }),
    );
    expect(forged.status).toBe(403);
  });

  it("read_item answers with transient full content; the DO storage holds only the user id", async () => {
    const { userId, deviceId, ids } = await demoUser(1);
    const dev = await connect(userId, deviceId);
    await dev.waitFor(() => dev.proposals().length === 1);
    dev.send({ type: "read_item", requestId: "r-1", proposalId: ids[0] });
    await dev.waitFor((f) => f.some((x) => x.type === "read_item_result"));
    const res = dev.frames.find((x) => x.type === "read_item_result");
    expect(res).toMatchObject({
      requestId: "r-1",
      ok: true,
      item: { raw: expect.stringContaining("Subject:") },
    });
    const stored = await runInDurableObject(hubOf(userId), async (_hub, state) => [
      ...(await state.storage.list()).entries(),
    ]);
    expect(stored).toEqual([["userId", userId]]);
  });

  it("read_state answers the UNREAD label of the user's own items only, and keeps nothing", async () => {
    const alice = await demoUser(2);
    const bob = await demoUser(1);
    // Gmail's read state as the connector reads it now: demo-1 read in Gmail, demo-2 still unread.
    const labelsOf = (id: string) => (id === "demo-1" ? ["INBOX"] : ["INBOX", "UNREAD"]);
    const asked: string[] = [];
    testOverrides.connectorFor = async () =>
      ({
        fetchMetadata: async (refs: { source: string; id: string }[]) => {
          asked.push("metadata");
          return refs.map((ref) => ({
            ref,
            from: "",
            subject: "",
            snippet: "",
            date: 0,
            labels: labelsOf(ref.id),
          }));
        },
        fetchLabels: async (refs: { source: string; id: string }[]) => {
          asked.push("labels");
          return refs.map((ref) => ({ ref, labels: labelsOf(ref.id) }));
        },
      }) as never;
    const dev = await connect(alice.userId, alice.deviceId);
    await dev.waitFor(() => dev.proposals().length === 2);
    asked.length = 0;
    dev.send({ type: "read_state", requestId: "u-1", proposalIds: [...alice.ids, bob.ids[0], "nope"] });
    await dev.waitFor((f) => f.some((x) => x.type === "read_state_result"));
    expect(dev.frames.find((x) => x.type === "read_state_result")).toEqual({
      type: "read_state_result",
      requestId: "u-1",
      ok: true,
      states: [
        { proposalId: alice.ids[0], unread: false },
        { proposalId: alice.ids[1], unread: true },
        // Bob's row has the same message ref: another user's item is unknown, never answered.
        { proposalId: bob.ids[0], unread: null },
        { proposalId: "nope", unread: null },
      ],
    });
    // Only labels were asked for: no sender or subject fetched for a read state.
    expect(asked).toEqual(["labels"]);
    // Too many ids at once is refused by the frame schema.
    dev.send({
      type: "read_state",
      requestId: "u-2",
      proposalIds: Array.from({ length: 101 }, (_, i) => `p${i}`),
    });
    await dev.waitFor((f) => f.some((x) => x.type === "error"));
    const stored = await runInDurableObject(hubOf(alice.userId), async (_hub, state) => [
      ...(await state.storage.list()).entries(),
    ]);
    expect(stored).toEqual([["userId", alice.userId]]);
  });

  it("sends proposals without subject when the provider is unreachable", async () => {
    const { userId, deviceId, ids } = await demoUser(1);
    testOverrides.connectorFor = async () => {
      throw new CoreError("upstream_unavailable", "provider down");
    };
    const dev = await connect(userId, deviceId);
    await dev.waitFor(() => dev.proposals().length === 1);
    expect(dev.proposals()[0]).toMatchObject({ proposalId: ids[0] });
    expect(dev.proposals()[0]).not.toHaveProperty("subject");
  });

  it("tells the device about a needs_reauth connection exactly once", async () => {
    const userId = await makeUser(db);
    await makeScout(db, userId, { sourceType: "gmail", needsReauth: true });
    const deviceId = await makeDevice(db, userId);
    const first = await connect(userId, deviceId);
    await first.waitFor((f) => f.some((x) => x.type === "welcome"));
    expect(first.frames[0]).toMatchObject({
      type: "welcome",
      notices: [{ kind: "needs_reauth", provider: "google" }],
    });
    first.ws.close();
    const second = await connect(userId, deviceId);
    await second.waitFor((f) => f.some((x) => x.type === "welcome"));
    expect(second.frames[0]).toMatchObject({ type: "welcome", notices: [] });
  });

  it("records device activity and lifts a device-inactivity pause on connect", async () => {
    const userId = await makeUser(db);
    const scoutId = await makeScout(db, userId, { sourceType: "demo", pausedReason: "device_inactive" });
    const deviceId = await makeDevice(db, userId, { lastSeenAt: Date.now() - 30 * 86_400_000 });
    const dev = await connect(userId, deviceId);
    await dev.waitFor((f) => f.some((x) => x.type === "welcome"));
    const device = await db.select().from(devices).where(eq(devices.id, deviceId)).get();
    expect(device!.lastSeenAt).toBeGreaterThan(Date.now() - 60_000);
    expect((await db.select().from(scouts).where(eq(scouts.id, scoutId)).get())!.pausedReason).toBeNull();
  });

  it("answers invalid frames with an error frame naming the problem", async () => {
    const { userId, deviceId } = await demoUser(0);
    const dev = await connect(userId, deviceId);
    dev.send({ type: "scout_proposal_ack" });
    dev.ws.send("not json");
    await dev.waitFor((f) => f.filter((x) => x.type === "error").length === 2);
    expect(dev.frames.find((x) => x.type === "error")).toMatchObject({
      message: expect.stringContaining("proposalId"),
    });
  });
});

describe("DeviceHub offer (triage hands over the display data it holds)", () => {
  const frameFor = async (userId: string, scoutId: string, ref: string, subject: string) => {
    const id = await makeQueueRow(db, userId, scoutId, ref);
    const row = (await db.select().from(scoutTriageQueue).where(eq(scoutTriageQueue.id, id)).get())!;
    const meta = {
      ref: { source: "demo" as const, id: ref },
      from: "Ann <ann@example.org>",
      subject,
      snippet: "",
      date: 1,
    };
    return proposalFrame({ ...row, sourceType: "demo" }, meta);
  };

  it("sends at once with the offered subject and marks the row delivered; a poke run racing it does not resend it", async () => {
    const { userId, scoutId, deviceId } = await demoUser(0);
    const dev = await connect(userId, deviceId);
    await dev.waitFor((f) => f.some((x) => x.type === "welcome"));
    const frame = await frameFor(userId, scoutId, "demo-9", "offered, not fetched");
    // The race: a poke run lists the row while it is queued, the offer sends it, then the run sends.
    let metadataCalls = 0;
    testOverrides.connectorFor = async () => {
      metadataCalls++;
      await new Promise((r) => setTimeout(r, 200));
      throw new CoreError("upstream_unavailable", "provider down");
    };
    await hubOf(userId).poke();
    await vi.waitUntil(() => metadataCalls > 0, { timeout: 3000 });
    await hubOf(userId).offer(userId, [frame]);
    await dev.waitFor(() => dev.proposals().length >= 1);
    await vi_waitStatus([frame.proposalId], "delivered");
    await new Promise((r) => setTimeout(r, 400));
    await hubOf(userId).poke();
    await new Promise((r) => setTimeout(r, 100));
    expect(dev.proposals()).toHaveLength(1);
    expect(dev.proposals()[0]).toMatchObject({
      proposalId: frame.proposalId,
      subject: "offered, not fetched",
    });
    expect(metadataCalls).toBe(1);
  });

  it("with no device connected the row stays queued and the connect drain delivers it", async () => {
    const { userId, scoutId, deviceId } = await demoUser(0);
    const frame = await frameFor(userId, scoutId, "demo-2", "later");
    await hubOf(userId).offer(userId, [frame]);
    expect(await statusOf(frame.proposalId)).toBe("queued");
    const dev = await connect(userId, deviceId);
    await dev.waitFor(() => dev.proposals().length === 1);
    expect(dev.proposals()[0]!.proposalId).toBe(frame.proposalId);
  });

  it("an offer naming another user reaches none of this hub's devices", async () => {
    const alice = await demoUser(0);
    const bob = await demoUser(0);
    const devA = await connect(alice.userId, alice.deviceId);
    await devA.waitFor((f) => f.some((x) => x.type === "welcome"));
    const bobs = await frameFor(bob.userId, bob.scoutId, "demo-4", "bob's");
    await hubOf(alice.userId).offer(bob.userId, [bobs]);
    await new Promise((r) => setTimeout(r, 100));
    expect(devA.proposals()).toEqual([]);
    expect(await statusOf(bobs.proposalId)).toBe("queued");
  });
});

async function vi_waitStatus(ids: string[], status: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = await Promise.all(ids.map(statusOf));
    if (all.every((s) => s === status)) return;
    if (Date.now() > deadline) throw new Error(`rows are ${all.join(",")}, wanted ${status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
