import { env, runInDurableObject } from "cloudflare:test";
import { createD1Db } from "@scouts/db/d1";
import { devices, scoutTriageQueue } from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { captureLogs, connectToHub, dumpD1, hubOf } from "../test/hub-fixture.ts";
import { makeDevice, makeQueueRow, makeScout, makeUser } from "../test/pipeline-fixtures.ts";

const db = createD1Db(env.DB);
const connect = connectToHub;
const logLines = captureLogs({ perTest: true });
const rowOf = (id: string) => db.select().from(scoutTriageQueue).where(eq(scoutTriageQueue.id, id)).get();

/** A user with one dropped (stage-1 spam) row and one ordinary queued row; demo-1 is the power bill. */
async function userWithSpam() {
  const userId = await makeUser(db);
  const scoutId = await makeScout(db, userId, { sourceType: "demo" });
  const deviceId = await makeDevice(db, userId);
  const dropped = await makeQueueRow(db, userId, scoutId, "demo-1", {
    status: "dropped",
    verdict: "spam",
    reason: "rules:bulk_sender",
    confidence: 0.97,
  });
  const delivered = await makeQueueRow(db, userId, scoutId, "demo-2");
  return { userId, scoutId, deviceId, dropped, delivered };
}

type Dev = Awaited<ReturnType<typeof connect>>;
async function ask(dev: Dev, frame: Record<string, unknown>) {
  const requestId = `q-${crypto.randomUUID()}`;
  dev.send({ type: "screened_request", requestId, ...frame });
  await dev.waitFor((f) => f.some((x) => x.type === "screened_result" && x.requestId === requestId));
  return dev.frames.find((x) => x.type === "screened_result" && x.requestId === requestId) as {
    ok: boolean;
    items?: { proposalId: string }[];
    error?: string;
  };
}

describe("DeviceHub screened_request (the Screened view's cloud side)", () => {
  it("lists only this user's dropped rows, as ids and codes", async () => {
    const alice = await userWithSpam();
    const bob = await userWithSpam();
    const dev = await connect(alice.userId, alice.deviceId);
    const res = await ask(dev, { op: "list" });
    expect(res).toMatchObject({
      ok: true,
      items: [
        {
          proposalId: alice.dropped,
          scoutId: alice.scoutId,
          source: "demo",
          sourceMsgRef: "demo-1",
          reason: "rules:bulk_sender",
          confidence: 0.97,
        },
      ],
    });
    expect(JSON.stringify(res)).not.toContain(bob.dropped);
    // Ids and codes only: no sender or subject fields at all.
    expect(Object.keys(res.items![0]!).sort()).toEqual(
      ["confidence", "createdAt", "proposalId", "reason", "scoutId", "source", "sourceMsgRef"].sort(),
    );
    dev.ws.close();
  });

  it("refuses to restore or rescreen another user's row, and a row that was never dropped", async () => {
    const alice = await userWithSpam();
    const bob = await userWithSpam();
    const dev = await connect(alice.userId, alice.deviceId);
    expect(await ask(dev, { op: "restore", proposalId: bob.dropped })).toMatchObject({
      ok: false,
      error: "not_found",
    });
    expect((await rowOf(bob.dropped))?.status).toBe("dropped");
    // A proposal stage 1 let through cannot be turned into spam by "rescreen".
    expect(await ask(dev, { op: "rescreen", proposalId: alice.delivered })).toMatchObject({ ok: false });
    expect((await rowOf(alice.delivered))?.verdict).toBe("relevant");
    expect(await ask(dev, { op: "restore" })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/proposalId/),
    });
    dev.ws.close();
  });

  it("'not spam' delivers the dropped row as a proposal; rescreen puts it back; nothing of its content is kept", async () => {
    const { userId, deviceId, dropped } = await userWithSpam();
    const dev = await connect(userId, deviceId);
    await dev.waitFor(() => dev.proposals().length === 1);
    expect(await ask(dev, { op: "restore", proposalId: dropped })).toMatchObject({ ok: true });
    await dev.waitFor(() => dev.proposals().some((p) => p.proposalId === dropped));
    const p = dev.proposals().find((x) => x.proposalId === dropped)!;
    expect(p).toMatchObject({
      verdict: "relevant",
      reason: "not spam; stage 1 said: rules:bulk_sender",
      from: expect.stringContaining("Northside Power"),
    });
    // Delivered by the normal path, then acked by the device as usual.
    dev.send({ type: "scout_proposal_ack", proposalId: dropped });
    for (let i = 0; i < 100 && (await rowOf(dropped))?.status !== "acked"; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await rowOf(dropped))?.status).toBe("acked");
    // A second restore is refused (already restored); the list no longer has it.
    expect(await ask(dev, { op: "restore", proposalId: dropped })).toMatchObject({ ok: false });
    expect((await ask(dev, { op: "list" })).items).toEqual([]);

    expect(await ask(dev, { op: "rescreen", proposalId: dropped })).toMatchObject({ ok: true });
    expect(await rowOf(dropped)).toMatchObject({
      status: "dropped",
      verdict: "spam",
      reason: "rules:bulk_sender",
    });
    expect((await ask(dev, { op: "list" })).items?.map((i) => i.proposalId)).toEqual([dropped]);

    // Canary: the sender and subject went through the hub but are in no D1 row, DO storage or log.
    const stored = await runInDurableObject(hubOf(userId), async (_hub, state) =>
      JSON.stringify([...(await state.storage.list()).entries()]),
    );
    const d1 = await dumpD1();
    for (const canary of ["Northside Power", p.subject!]) {
      expect(canary.length).toBeGreaterThan(3);
      expect(stored).not.toContain(canary);
      expect(d1).not.toContain(canary);
      expect(logLines.join("\n")).not.toContain(canary);
    }
    dev.ws.close();
  });

  it("'not spam' again after 'screen again' delivers the row again at once (not held back as sent recently)", async () => {
    const { userId, deviceId, dropped } = await userWithSpam();
    const dev = await connect(userId, deviceId);
    await dev.waitFor(() => dev.proposals().length === 1);
    expect(await ask(dev, { op: "restore", proposalId: dropped })).toMatchObject({ ok: true });
    await dev.waitFor(() => dev.proposals().some((p) => p.proposalId === dropped));
    expect(await ask(dev, { op: "rescreen", proposalId: dropped })).toMatchObject({ ok: true });
    expect(await ask(dev, { op: "restore", proposalId: dropped })).toMatchObject({ ok: true });
    await dev.waitFor(() => dev.proposals().filter((p) => p.proposalId === dropped).length === 2);
    expect((await rowOf(dropped))?.status).toBe("delivered");
    dev.ws.close();
  });

  it("lists newest first; a restored old row gets a fresh expiry so it is delivered, not expired", async () => {
    const { userId, scoutId, deviceId, dropped } = await userWithSpam();
    const old = Date.now() - 40 * 86_400_000;
    const stale = await makeQueueRow(db, userId, scoutId, "demo-3", {
      status: "dropped",
      verdict: "spam",
      reason: "rules:x",
      createdAt: old,
      expiresAt: old + 30 * 86_400_000,
    });
    const dev = await connect(userId, deviceId);
    expect((await ask(dev, { op: "list" })).items?.map((i) => i.proposalId)).toEqual([dropped, stale]);
    expect(await ask(dev, { op: "restore", proposalId: stale })).toMatchObject({ ok: true });
    expect((await rowOf(stale))?.expiresAt).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    await dev.waitFor(() => dev.proposals().some((p) => p.proposalId === stale));
    dev.ws.close();
  });

  it("refuses a signed-out device and a malformed request", async () => {
    const { userId, deviceId, dropped } = await userWithSpam();
    const dev = await connect(userId, deviceId);
    dev.send({ type: "screened_request", requestId: "bad", op: "delete", proposalId: dropped });
    await dev.waitFor((f) => f.some((x) => x.type === "error"));
    expect(dev.frames.find((x) => x.type === "error")).toMatchObject({
      message: expect.stringMatching(/op/),
    });
    dev.send({ type: "screened_request", requestId: "big", op: "restore", proposalId: "x".repeat(129) });
    await dev.waitFor((f) => f.filter((x) => x.type === "error").length === 2);
    expect(dev.frames.filter((x) => x.type === "error")[1]).toMatchObject({
      message: expect.stringMatching(/proposalId/),
    });
    await db.update(devices).set({ revokedAt: Date.now() }).where(eq(devices.id, deviceId));
    dev.send({ type: "screened_request", requestId: "r-rev", op: "restore", proposalId: dropped });
    await dev.waitFor((f) => f.some((x) => x.type === "screened_result" && x.requestId === "r-rev"));
    expect(dev.frames.find((x) => x.type === "screened_result" && x.requestId === "r-rev")).toMatchObject({
      ok: false,
      error: "device_revoked",
    });
    expect((await rowOf(dropped))?.status).toBe("dropped");
  });
});
