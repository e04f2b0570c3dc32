import { syncedTask } from "@scouts/core/device/entity-fixture";
import { createEntitySync } from "@scouts/core/device/entity-sync";
import { memoryEntityLog } from "@scouts/core/device/entity-sync-memory";
import type { DeviceToHubFrame, HubToDeviceFrame } from "@scouts/core/protocol/frames";
import { afterEach, describe, expect, it } from "vitest";
import { agentFixture } from "./agent-fixture.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function fixture() {
  const fx = await agentFixture();
  cleanups.push(fx.close);
  fx.ctx.link.deviceId = "agent-dev";
  return fx;
}

describe("the agent's entity log (libSQL) for device sync", () => {
  it("gives every local write and every winning merge the next sequence; deletes are tombstones", async () => {
    const fx = await fixture();
    const { entities } = fx.ctx.stores;
    let pushes = 0;
    entities.onLocalWrite(() => pushes++);
    const t = await entities.create("task", { title: "Pay the bill", body: "" }, "s1");
    fx.advance(10);
    await entities.patch("task", t.id, { title: "Pay the power bill" });
    const n = await entities.create("note", { title: "Door code", body: "4711" }, null);
    fx.advance(10);
    await entities.remove("note", n.id);
    expect(pushes).toBe(4);
    const log = await entities.sync.changesSince(0, 10);
    expect(log.map((r) => [r.seq, r.entity.id])).toEqual([
      [2, t.id],
      [4, n.id],
    ]);
    expect(log[0]!.entity).toMatchObject({
      title: "Pay the power bill",
      writer: "agent-dev",
      deleted: false,
    });
    expect(log[1]!.entity).toMatchObject({ deleted: true, title: "", body: "" });
    expect(await entities.list("note")).toEqual([]);
    expect(await entities.get("note", n.id)).toBeNull();
    expect(await entities.sync.lastSeq()).toBe(4);

    // A newer edit from the phone wins; an older one and a duplicate do not (and take no sequence).
    const cur = log[0]!.entity;
    const newer = { ...cur, title: "Paid", done: true, updatedAt: cur.updatedAt + 5, writer: "phone" };
    const older = { ...cur, title: "stale", updatedAt: cur.updatedAt - 5, writer: "phone" };
    expect(await entities.sync.apply([older, newer, newer])).toEqual([newer]);
    expect(await entities.get("task", t.id)).toMatchObject({ title: "Paid", done: true });
    expect((await entities.sync.changesSince(4, 10)).map((r) => r.seq)).toEqual([5]);
    expect(pushes).toBe(4);

    await entities.sync.setCursor("phone", 7);
    await entities.sync.setCursor("laptop", 2);
    expect(await entities.sync.cursors()).toEqual({ phone: 7, laptop: 2 });
  });

  it("exchanges entities with another device's log through a relay until both hold the same", async () => {
    const fx = await fixture();
    const phoneLog = memoryEntityLog();
    const relay = (from: string, to: () => { handle(f: never): Promise<void> }) => (f: DeviceToHubFrame) => {
      const out = { ...f, from, to: undefined } as HubToDeviceFrame;
      queueMicrotask(() => void to().handle(out as never));
      return true;
    };
    const agent = createEntitySync({
      store: fx.ctx.stores.entities.sync,
      send: relay("agent-dev", () => phone),
    });
    const phone = createEntitySync({ store: phoneLog, send: relay("phone", () => agent) });
    await fx.ctx.stores.entities.create(
      "event",
      { title: "Dentist", body: "", start: 5, location: "Main St" },
      null,
    );
    await phoneLog.write(
      syncedTask({ id: "phone-1", title: "Buy stamps", createdAt: 1, updatedAt: 1, writer: "phone" }),
    );
    await agent.connected();
    await phone.connected();
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 5));
      await Promise.all([agent.idle(), phone.idle()]);
    }
    expect((await fx.ctx.stores.entities.list("task")).map((e) => e.title)).toEqual(["Buy stamps"]);
    expect(
      phoneLog
        .all()
        .map((e) => e.title)
        .sort(),
    ).toEqual(["Buy stamps", "Dentist"]);
    expect(phoneLog.all().find((e) => e.title === "Dentist")).toMatchObject({
      location: "Main St",
      start: 5,
    });
  });
});
