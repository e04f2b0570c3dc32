import { env, runInDurableObject } from "cloudflare:test";
import { MAX_DEVICE_FRAME_LENGTH, MAX_RELAY_FRAME_BYTES } from "@scouts/core/protocol/frames";
import { createD1Db } from "@scouts/db/d1";
import { describe, expect, it } from "vitest";
import type { TestDevice } from "../test/hub-client.ts";
import { captureLogs, dumpD1, hubOf, welcomed } from "../test/hub-fixture.ts";
import { makeDevice, makeUser } from "../test/pipeline-fixtures.ts";

const CANARY = "CANARY-entity-title-7hQx-do-not-store";
const PROJECT_CANARY = "CANARY-project-name-Zp3k-do-not-store";
const db = createD1Db(env.DB);
const logLines = captureLogs();

const entity = (title: string) => ({
  id: "task-1",
  kind: "task",
  title,
  body: `${title} body`,
  due: null,
  done: false,
  start: null,
  end: null,
  location: "Room 4",
  projectId: null,
  sourceSuggestionId: "prop-1",
  createdAt: 1_000,
  updatedAt: 2_000,
  deleted: false,
  writer: "ignored-by-hub",
});

/** A project version as the agent publishes it (name, notes, folder display name; never a path). */
const projectEntity = (name: string) => ({
  ...entity(name),
  id: "project-1",
  kind: "project",
  body: `${name} notes`,
  location: null,
  sourceSuggestionId: null,
  project: { folderName: `${name}-folder`, fileCount: 3, lastScanAt: 1_500 },
});

const syncFrames = (d: TestDevice) =>
  d.frames.filter((f) => f.type === "entity_changes" || f.type === "entity_sync_request");

describe("DeviceHub entity relay (device to device, in memory only)", () => {
  it("relays to the user's other devices only, stamps the sender, and keeps nothing", async () => {
    const alice = await makeUser(db);
    const bob = await makeUser(db);
    const [a1, a2, b1] = [
      await makeDevice(db, alice),
      await makeDevice(db, alice),
      await makeDevice(db, bob),
    ];
    const phone = await welcomed(alice, a1);
    const agent = await welcomed(alice, a2);
    const stranger = await welcomed(bob, b1);

    // The sender claims to be someone else: the hub overrides `from` with the authenticated device.
    phone.send({
      type: "entity_changes",
      from: b1,
      after: 0,
      cursor: 2,
      changes: [entity(CANARY), projectEntity(PROJECT_CANARY)],
    });
    phone.send({ type: "entity_sync_request", cursors: { [a2]: 3 }, reciprocate: true });
    await agent.waitFor(() => syncFrames(agent).length === 2);
    expect(syncFrames(agent)).toEqual([
      {
        type: "entity_changes",
        from: a1,
        after: 0,
        cursor: 2,
        changes: [entity(CANARY), projectEntity(PROJECT_CANARY)],
      },
      { type: "entity_sync_request", from: a1, cursors: { [a2]: 3 }, reciprocate: true },
    ]);

    // Answer addressed to one device.
    agent.send({ type: "entity_changes", to: a1, after: 3, cursor: 4, changes: [] });
    await phone.waitFor(() => syncFrames(phone).length === 1);
    expect(syncFrames(phone)[0]).toEqual({
      type: "entity_changes",
      from: a2,
      after: 3,
      cursor: 4,
      changes: [],
    });

    // Bob's device (its own hub) got nothing, and cannot join Alice's hub.
    await new Promise((r) => setTimeout(r, 100));
    expect(syncFrames(stranger)).toEqual([]);
    const wrong = await hubOf(alice).fetch(
      new Request("http://hub/connect", {
        headers: { upgrade: "websocket", "x-scouts-user-id": bob, "x-scouts-device-id": b1 },
      }),
    );
    expect(wrong.status).toBe(403);
    // The sender never hears its own frames back.
    expect(syncFrames(phone)).toHaveLength(1);

    // Privacy canaries: the task title and project name went through the hub but are in no D1
    // row, DO storage or log line.
    const stored = await runInDurableObject(hubOf(alice), async (_hub, state) =>
      JSON.stringify([...(await state.storage.list()).entries()]),
    );
    const d1 = await dumpD1();
    for (const canary of [CANARY, PROJECT_CANARY]) {
      expect(stored).not.toContain(canary);
      expect(d1).not.toContain(canary);
      expect(logLines.join("\n")).not.toContain(canary);
    }
    for (const d of [phone, agent, stranger]) d.ws.close();
  });

  it("an addressed frame reaches that device only; with nobody else online it reaches nobody", async () => {
    const user = await makeUser(db);
    const [d1, d2, d3] = [await makeDevice(db, user), await makeDevice(db, user), await makeDevice(db, user)];
    const one = await welcomed(user, d1);
    one.send({ type: "entity_sync_request", cursors: {}, reciprocate: true });
    const two = await welcomed(user, d2);
    const three = await welcomed(user, d3);
    one.send({ type: "entity_sync_request", to: d3, cursors: {}, reciprocate: false });
    await three.waitFor(() => syncFrames(three).length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(syncFrames(two)).toEqual([]);
    expect(syncFrames(three)[0]).toMatchObject({ from: d1, reciprocate: false });
    for (const d of [one, two, three]) d.ws.close();
  });

  it("refuses malformed or oversized sync frames with an error to the sender and relays nothing", async () => {
    const user = await makeUser(db);
    const [d1, d2] = [await makeDevice(db, user), await makeDevice(db, user)];
    const one = await welcomed(user, d1);
    const two = await welcomed(user, d2);
    one.send({
      type: "entity_changes",
      after: 0,
      cursor: 1,
      changes: [{ ...entity("x"), title: "t".repeat(501) }],
    });
    const many = Array.from({ length: 101 }, (_, i) => ({ ...entity("x"), id: `t${i}` }));
    one.send({ type: "entity_changes", after: 0, cursor: 1, changes: many });
    // Valid by schema and `chars` long: over the relay's limit, or over the longest message the hub reads.
    const sized = (chars: number) => {
      const changes = Array.from({ length: 28 }, (_, i) => ({
        ...entity("x"),
        id: `b${i}`,
        body: "y".repeat(19_000),
      }));
      const frame = { type: "entity_changes", after: 0, cursor: 1, changes };
      changes[27]!.body = "y".repeat(19_000 - (JSON.stringify(frame).length - chars));
      return frame;
    };
    one.send(sized(MAX_RELAY_FRAME_BYTES + 1_000));
    one.send(sized(MAX_DEVICE_FRAME_LENGTH + 1));
    await one.waitFor((f) => f.filter((x) => x.type === "error").length === 4);
    const errors = one.frames
      .filter((f) => f.type === "error")
      .map((f) => (f as { message: string }).message);
    expect(errors[0]).toMatch(/changes\.0\.title/);
    expect(errors[1]).toMatch(/changes/);
    expect(errors[2]).toBe(`sync frames are limited to ${MAX_RELAY_FRAME_BYTES} bytes`);
    expect(errors[3]).toBe(
      `frames are limited to ${MAX_DEVICE_FRAME_LENGTH} characters; this one has ${MAX_DEVICE_FRAME_LENGTH + 1}`,
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(syncFrames(two)).toEqual([]);
    for (const d of [one, two]) d.ws.close();
  });
});
