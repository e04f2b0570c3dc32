import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DeviceToHubFrame,
  type EntityChangesFrame,
  type EntitySyncRequestFrame,
  HubToDeviceFrame,
  type SyncedEntity,
} from "../protocol/frames.ts";
import { syncedTask } from "./entity-fixture.ts";
import { createEntityLog } from "./entity-log.ts";
import { stampLocal, tombstone } from "./entity-merge.ts";
import { createEntitySync, type EntitySync } from "./entity-sync.ts";
import { memoryEntityLog, memoryEntityRows } from "./entity-sync-memory.ts";

type Frame = EntitySyncRequestFrame | EntityChangesFrame;

/** A relay like the hub's: to the sender's other connected devices, `from` stamped, nothing kept. */
function fakeHub() {
  const online = new Map<string, { deliver(f: Frame): void }>();
  const inFlight: Promise<void>[] = [];
  return {
    online,
    relay(from: string, frame: DeviceToHubFrame): boolean {
      if (!online.has(from)) return false;
      const f = DeviceToHubFrame.parse(frame) as Frame;
      const out = HubToDeviceFrame.parse({ ...f, from, to: undefined }) as Frame;
      for (const [id, dev] of online)
        if (id !== from && (!f.to || f.to === id))
          inFlight.push(Promise.resolve().then(() => dev.deliver(out)));
      return true;
    },
    async settle(devices: EntitySync[]) {
      for (let i = 0; i < 50; i++) {
        const batch = inFlight.splice(0);
        await Promise.all(batch);
        await Promise.all(devices.map((d) => d.idle()));
        if (batch.length === 0 && inFlight.length === 0) return;
      }
      throw new Error("sync did not settle");
    },
  };
}

function device(hub: ReturnType<typeof fakeHub>, id: string, maxFrameBytes?: number) {
  const log = memoryEntityLog();
  const sent: Frame[] = [];
  const sync = createEntitySync({
    store: log,
    send: (f) => {
      sent.push(f as Frame);
      return hub.relay(id, f);
    },
    maxFrameBytes,
  });
  return {
    id,
    log,
    sync,
    sent,
    async connect() {
      hub.online.set(id, { deliver: (f) => void sync.handle(f) });
      await sync.connected();
    },
    disconnect() {
      hub.online.delete(id);
      sync.disconnected();
    },
    async write(v: SyncedEntity) {
      await log.write(v);
      await sync.pushed();
    },
  };
}

const task = (id: string, title: string, at: number, writer: string): SyncedEntity =>
  syncedTask({ id, title, createdAt: at, updatedAt: at, writer });

describe("entity sync between devices through a relay", () => {
  it("live edits arrive at once; an offline device gets them from the log when it reconnects", async () => {
    const hub = fakeHub();
    const agent = device(hub, "agent");
    const phone = device(hub, "phone");
    await agent.connect();
    await phone.connect();
    await agent.write(task("t1", "Pay the bill", 1000, "agent"));
    await hub.settle([agent.sync, phone.sync]);
    expect(phone.log.get("t1")?.title).toBe("Pay the bill");

    phone.disconnect();
    await agent.write(task("t2", "Call Bo", 2000, "agent"));
    await agent.write(tombstone(agent.log.get("t1")!, "agent", 2100));
    // The phone edits while offline too: it waits in its own log.
    const mine = task("t3", "Buy stamps", 2200, "phone");
    await phone.log.write(mine);
    await phone.sync.pushed();
    await hub.settle([agent.sync, phone.sync]);
    expect(agent.log.get("t3")).toBeUndefined();

    await phone.connect();
    await hub.settle([agent.sync, phone.sync]);
    expect(phone.log.get("t1")?.deleted).toBe(true);
    expect(phone.log.get("t2")?.title).toBe("Call Bo");
    expect(agent.log.get("t3")).toEqual(mine);
    expect((await phone.log.cursors()).agent).toBe(await agent.log.lastSeq());
  });

  it("converges across three devices whatever the interleaving of writes and disconnections", async () => {
    const step = fc.record({
      who: fc.constantFrom("agent", "phone", "laptop"),
      op: fc.constantFrom("write", "delete", "toggle"),
      id: fc.constantFrom("a", "b"),
      at: fc.integer({ min: 1, max: 50 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        const hub = fakeHub();
        const devs = ["agent", "phone", "laptop"].map((id) => device(hub, id));
        const all = devs.map((d) => d.sync);
        for (const d of devs) await d.connect();
        for (const s of steps) {
          const d = devs.find((x) => x.id === s.who)!;
          if (s.op === "toggle") {
            if (hub.online.has(d.id)) d.disconnect();
            else await d.connect();
          } else {
            const prev = d.log.get(s.id);
            const next =
              s.op === "delete" && prev
                ? tombstone(prev, d.id, s.at)
                : stampLocal(
                    prev,
                    {
                      ...task(s.id, `${d.id}@${s.at}`, s.at, d.id),
                      deleted: false,
                      // "b" is a project: its versions carry folder metadata through the same log.
                      ...(s.id === "b"
                        ? {
                            kind: "project" as const,
                            project: { folderName: d.id, fileCount: s.at, lastScanAt: null },
                          }
                        : {}),
                    },
                    d.id,
                    s.at,
                  );
            await d.write(next);
          }
          await hub.settle(all);
        }
        for (const d of devs) if (!hub.online.has(d.id)) await d.connect();
        await hub.settle(all);
        const view = (d: (typeof devs)[number]) => d.log.all().sort((x, y) => (x.id < y.id ? -1 : 1));
        expect(view(devs[1]!)).toEqual(view(devs[0]!));
        expect(view(devs[2]!)).toEqual(view(devs[0]!));
      }),
      { numRuns: 60 },
    );
  });

  it("splits a large log into frames under the size bound, each a contiguous range", async () => {
    const hub = fakeHub();
    const agent = device(hub, "agent", 4_000);
    const phone = device(hub, "phone", 4_000);
    for (let i = 0; i < 30; i++)
      await agent.log.write({ ...task(`n${i}`, `note ${i}`, 10 + i, "agent"), body: "x".repeat(500) });
    await agent.connect();
    await phone.connect();
    await hub.settle([agent.sync, phone.sync]);
    const frames = agent.sent.filter((f): f is EntityChangesFrame => f.type === "entity_changes");
    expect(frames.length).toBeGreaterThan(3);
    for (const f of frames) expect(JSON.stringify(f.changes).length).toBeLessThan(4_000 + 700);
    for (let i = 1; i < frames.length; i++) expect(frames[i]!.after).toBe(frames[i - 1]!.cursor);
    expect(phone.log.all()).toHaveLength(30);
  });

  it("a frame that skips part of the log is applied but the cursor waits and the gap is asked for", async () => {
    const log = memoryEntityLog();
    const sent: DeviceToHubFrame[] = [];
    const sync = createEntitySync({ store: log, send: (f) => sent.push(f) > 0 });
    await sync.handle({
      type: "entity_changes",
      from: "agent",
      after: 5,
      cursor: 6,
      changes: [task("z", "z", 1, "agent")],
    });
    expect(log.get("z")?.title).toBe("z");
    expect((await log.cursors()).agent).toBeUndefined();
    expect(sent).toEqual([{ type: "entity_sync_request", to: "agent", cursors: {}, reciprocate: false }]);
    await sync.handle({ type: "entity_changes", from: "agent", after: 0, cursor: 6, changes: [] });
    expect((await log.cursors()).agent).toBe(6);
  });

  it("projects: the agent publishes, the phone renames, unlink and delete reach everyone", async () => {
    const hub = fakeHub();
    let clock = 1000;
    const logDevice = (id: string) => {
      const rows = memoryEntityRows();
      const log = createEntityLog({ rows, now: () => clock++, ids: () => "", writer: () => id });
      const sync = createEntitySync({ store: log.sync, send: (f) => hub.relay(id, f) });
      log.onLocalWrite(() => void sync.pushed());
      return {
        log,
        rows,
        sync,
        async connect() {
          hub.online.set(id, { deliver: (f) => void sync.handle(f) });
          await sync.connected();
        },
      };
    };
    const agent = logDevice("agent");
    const phone = logDevice("phone");
    const all = [agent.sync, phone.sync];
    await agent.connect();
    await phone.connect();
    const record = {
      id: "p1",
      name: "Website",
      notes: "",
      folderName: "site",
      fileCount: 3,
      lastScanAt: 50,
      createdAt: 10,
    };
    expect(await agent.log.putProject(record)).toBe(true);
    // Publishing the same state again writes nothing (the agent calls it on every change and at start).
    expect(await agent.log.putProject(record)).toBe(false);
    await hub.settle(all);
    expect(await phone.log.projects()).toMatchObject([
      { id: "p1", name: "Website", folderName: "site", fileCount: 3 },
    ]);
    // A project is not a task: the task lists stay empty on both devices.
    expect(await phone.log.list("task")).toEqual([]);

    const renamed = await phone.log.patchProject("p1", { name: "Site relaunch", notes: "May" });
    expect(renamed).toMatchObject({ name: "Site relaunch", notes: "May", folderName: "site", fileCount: 3 });
    await hub.settle(all);
    expect((await agent.rows.get("p1"))?.writer).toBe("phone");
    expect(await agent.log.projects()).toMatchObject([{ name: "Site relaunch", notes: "May" }]);

    // Unlinked on the agent: still a project, without folder metadata.
    await agent.log.putProject({
      ...record,
      name: "Site relaunch",
      notes: "May",
      folderName: null,
      fileCount: 0,
    });
    await hub.settle(all);
    expect(await phone.log.projects()).toMatchObject([
      { name: "Site relaunch", folderName: null, fileCount: 0 },
    ]);

    expect(await agent.log.removeProject("p1")).toBe(true);
    expect(await agent.log.removeProject("p1")).toBe(false);
    await hub.settle(all);
    expect(await phone.log.projects()).toEqual([]);
    expect((await phone.rows.get("p1"))?.deleted).toBe(true);
    expect(await phone.log.patchProject("p1", { name: "too late" })).toBeNull();
  });
});
