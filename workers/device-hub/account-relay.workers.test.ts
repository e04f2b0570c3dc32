import { env, runInDurableObject } from "cloudflare:test";
import { createD1Db } from "@scouts/db/d1";
import { describe, expect, it } from "vitest";
import type { TestDevice } from "../test/hub-client.ts";
import { captureLogs, dumpD1, hubOf, welcomed } from "../test/hub-fixture.ts";
import { makeDevice, makeUser } from "../test/pipeline-fixtures.ts";

const SUBJECT_CANARY = "CANARY-imap-subject-Qw7r-do-not-store";
const SENDER_CANARY = "canary-sender-Lp2x@example.net";
const db = createD1Db(env.DB);
const logLines = captureLogs();

/** A device connected and greeted; `agent` says in its hello that it reads mail accounts. */
async function device(userId: string, deviceId: string, agent = false): Promise<TestDevice> {
  const d = await welcomed(userId, deviceId);
  d.send({
    type: "hello",
    agentVersion: "test",
    capabilities: agent ? ["stage2", "mail_accounts"] : ["pwa"],
  });
  return d;
}

const item = (subject: string) => ({
  id: "imap-sugg-1",
  source: "imap",
  from: `Carol <${SENDER_CANARY}>`,
  subject,
  snippet: `${subject} snippet`,
  receivedAt: 1_000,
  status: "new",
  bucket: "informational",
  why: ["a newsletter"],
  proposal: { action: { kind: "archive" }, why: "you archive these" },
});
const framesOf = (d: TestDevice, type: string) => d.frames.filter((f) => f.type === type);
const settle = () => new Promise((r) => setTimeout(r, 100));

describe("DeviceHub relay of mail-account suggestions (agent ↔ phone, in memory only)", () => {
  it("takes the agent's suggestions to the user's phone only, decisions back to the agent, and keeps nothing", async () => {
    const alice = await makeUser(db);
    const bob = await makeUser(db);
    const [agentId, phoneId, bobPhoneId] = [
      await makeDevice(db, alice),
      await makeDevice(db, alice),
      await makeDevice(db, bob),
    ];
    const agent = await device(alice, agentId, true);
    const phone = await device(alice, phoneId);
    const bobPhone = await device(bob, bobPhoneId);

    phone.send({ type: "account_suggestions_request" });
    await agent.waitFor(() => framesOf(agent, "account_suggestions_request").length === 1);
    expect(framesOf(agent, "account_suggestions_request")[0]).toEqual({
      type: "account_suggestions_request",
      from: phoneId,
    });

    agent.send({ type: "account_suggestions", to: phoneId, full: true, items: [item(SUBJECT_CANARY)] });
    await phone.waitFor(() => framesOf(phone, "account_suggestions").length === 1);
    expect(framesOf(phone, "account_suggestions")[0]).toEqual({
      type: "account_suggestions",
      from: agentId,
      full: true,
      items: [item(SUBJECT_CANARY)],
      agentOnline: true,
    });

    phone.send({
      type: "account_decision",
      to: agentId,
      requestId: "q1",
      suggestionId: "imap-sugg-1",
      op: "approve",
    });
    await agent.waitFor(() => framesOf(agent, "account_decision").length === 1);
    expect(framesOf(agent, "account_decision")[0]).toMatchObject({ from: phoneId, op: "approve" });
    agent.send({
      type: "account_decision_result",
      to: phoneId,
      requestId: "q1",
      ok: true,
      message: "Archived",
      item: { ...item(SUBJECT_CANARY), status: "approved" },
      ledgerId: "led-1",
    });
    await phone.waitFor(() => framesOf(phone, "account_decision_result").length === 1);
    expect(framesOf(phone, "account_decision_result")[0]).toMatchObject({ ok: true, ledgerId: "led-1" });

    // Bob's phone (another user, its own hub) got nothing of Alice's, and cannot join her hub.
    await settle();
    expect(bobPhone.frames.filter((f) => f.type.startsWith("account_"))).toEqual([]);
    const wrong = await hubOf(alice).fetch(
      new Request("http://hub/connect", {
        headers: { upgrade: "websocket", "x-scouts-user-id": bob, "x-scouts-device-id": bobPhoneId },
      }),
    );
    expect(wrong.status).toBe(403);
    // Bob asking in his own hub reaches no agent: Alice's is not his.
    bobPhone.send({ type: "account_decision", requestId: "b1", suggestionId: "imap-sugg-1", op: "approve" });
    await bobPhone.waitFor(() => framesOf(bobPhone, "account_decision_result").length === 1);
    expect(framesOf(bobPhone, "account_decision_result")[0]).toMatchObject({
      ok: false,
      error: "agent_offline",
    });
    expect(framesOf(agent, "account_decision")).toHaveLength(1);

    // Privacy canaries: subject and sender went through the hub, but are in no D1 row, DO storage or log.
    const stored = await runInDurableObject(hubOf(alice), async (_hub, state) =>
      JSON.stringify([...(await state.storage.list()).entries()]),
    );
    const d1 = await dumpD1();
    for (const canary of [SUBJECT_CANARY, SENDER_CANARY]) {
      expect(stored).not.toContain(canary);
      expect(d1).not.toContain(canary);
      expect(logLines.join("\n")).not.toContain(canary);
    }
    for (const d of [agent, phone, bobPhone]) d.ws.close();
  });

  it("with the agent offline, a decision is refused as agent_offline and a list request says so", async () => {
    const user = await makeUser(db);
    const [phoneId, laptopId] = [await makeDevice(db, user), await makeDevice(db, user)];
    const phone = await device(user, phoneId);
    // Another browser device of the same user is online, but it reads no mail accounts.
    const laptop = await device(user, laptopId);
    phone.send({ type: "account_decision", requestId: "q1", suggestionId: "s1", op: "undo", ledgerId: "l1" });
    phone.send({ type: "account_suggestions_request" });
    await phone.waitFor(
      () =>
        framesOf(phone, "account_decision_result").length === 1 &&
        framesOf(phone, "account_suggestions").length === 1,
    );
    expect(framesOf(phone, "account_decision_result")[0]).toEqual({
      type: "account_decision_result",
      requestId: "q1",
      ok: false,
      error: "agent_offline",
    });
    expect(framesOf(phone, "account_suggestions")[0]).toMatchObject({
      full: true,
      items: [],
      agentOnline: false,
    });
    await settle();
    expect(laptop.frames.filter((f) => f.type.startsWith("account_"))).toEqual([]);
    for (const d of [phone, laptop]) d.ws.close();
  });

  it("refuses agent frames from a device that reads no mail accounts, and malformed ones", async () => {
    const user = await makeUser(db);
    const [agentId, phoneId] = [await makeDevice(db, user), await makeDevice(db, user)];
    const agent = await device(user, agentId, true);
    const phone = await device(user, phoneId);
    // A phone pretending to be the agent.
    phone.send({ type: "account_suggestions", full: true, items: [item("forged")] });
    await phone.waitFor(() => framesOf(phone, "error").length === 1);
    expect((framesOf(phone, "error")[0] as { message: string }).message).toMatch(/mail-account device only/);
    agent.send({
      type: "account_suggestions",
      full: true,
      items: [{ ...item("x"), subject: "s".repeat(1_001) }],
    });
    agent.send({ type: "account_decision", requestId: "", suggestionId: "s", op: "approve" });
    agent.send({ type: "account_decision", requestId: "r", suggestionId: "s", op: "delete-everything" });
    await agent.waitFor(() => framesOf(agent, "error").length === 3);
    const errors = framesOf(agent, "error").map((f) => (f as { message: string }).message);
    expect(errors[0]).toMatch(/items\.0\.subject/);
    expect(errors[1]).toMatch(/requestId/);
    expect(errors[2]).toMatch(/op/);
    await settle();
    expect(phone.frames.filter((f) => f.type.startsWith("account_"))).toEqual([]);
    for (const d of [agent, phone]) d.ws.close();
  });

  it("relays a folder request to the user's own agent and its folders back, keeping no folder name anywhere", async () => {
    const FOLDER_CANARY = "CANARY-folder-Zk4m-do-not-store";
    const alice = await makeUser(db);
    const bob = await makeUser(db);
    const [agentId, phoneId, bobPhoneId] = [
      await makeDevice(db, alice),
      await makeDevice(db, alice),
      await makeDevice(db, bob),
    ];
    const agent = await device(alice, agentId, true);
    const phone = await device(alice, phoneId);
    const bobPhone = await device(bob, bobPhoneId);

    phone.send({ type: "account_folders_request", to: agentId, requestId: "f1", accountId: "imap-abc" });
    await agent.waitFor(() => framesOf(agent, "account_folders_request").length === 1);
    expect(framesOf(agent, "account_folders_request")[0]).toEqual({
      type: "account_folders_request",
      from: phoneId,
      requestId: "f1",
      accountId: "imap-abc",
    });
    const folders = [
      { path: "INBOX", name: "INBOX", specialUse: "\\Inbox", selectable: true },
      { path: `Projects/${FOLDER_CANARY}`, name: FOLDER_CANARY, specialUse: null, selectable: true },
    ];
    agent.send({ type: "account_folders", to: phoneId, requestId: "f1", ok: true, folders });
    await phone.waitFor(() => framesOf(phone, "account_folders").length === 1);
    expect(framesOf(phone, "account_folders")[0]).toEqual({
      type: "account_folders",
      from: agentId,
      requestId: "f1",
      ok: true,
      folders,
    });
    // The agent's own "unknown account" answer reaches the phone as it is.
    agent.send({
      type: "account_folders",
      to: phoneId,
      requestId: "f2",
      ok: false,
      error: "no account imap-zzz",
    });
    await phone.waitFor(() => framesOf(phone, "account_folders").length === 2);
    expect(framesOf(phone, "account_folders")[1]).toMatchObject({ ok: false, error: "no account imap-zzz" });

    // Bob asks for Alice's account in his own hub: no agent of his, nothing reaches Alice's.
    bobPhone.send({ type: "account_folders_request", requestId: "b1", accountId: "imap-abc" });
    await bobPhone.waitFor(() => framesOf(bobPhone, "account_folders").length === 1);
    expect(framesOf(bobPhone, "account_folders")[0]).toEqual({
      type: "account_folders",
      requestId: "b1",
      ok: false,
      error: "agent_offline",
    });
    // A phone cannot answer as the agent; malformed requests and answers are refused by name.
    phone.send({ type: "account_folders", requestId: "x", ok: true, folders: [] });
    phone.send({ type: "account_folders_request", requestId: "f3", accountId: "" });
    agent.send({
      type: "account_folders",
      requestId: "f4",
      ok: true,
      folders: [{ path: "p".repeat(501), name: "p", specialUse: null, selectable: true }],
    });
    await phone.waitFor(() => framesOf(phone, "error").length === 2);
    await agent.waitFor(() => framesOf(agent, "error").length === 1);
    const phoneErrors = framesOf(phone, "error").map((f) => (f as { message: string }).message);
    expect(phoneErrors[0]).toMatch(/mail-account device only/);
    expect(phoneErrors[1]).toMatch(/accountId/);
    expect((framesOf(agent, "error")[0] as { message: string }).message).toMatch(/folders\.0\.path/);
    await settle();
    expect(framesOf(agent, "account_folders_request")).toHaveLength(1);
    expect(framesOf(agent, "account_folders")).toEqual([]);
    expect(framesOf(phone, "account_folders")).toHaveLength(2);
    expect(framesOf(bobPhone, "account_folders")).toHaveLength(1);

    const stored = await runInDurableObject(hubOf(alice), async (_hub, state) =>
      JSON.stringify([...(await state.storage.list()).entries()]),
    );
    expect(stored).not.toContain(FOLDER_CANARY);
    expect(await dumpD1()).not.toContain(FOLDER_CANARY);
    expect(logLines.join("\n")).not.toContain(FOLDER_CANARY);
    for (const d of [agent, phone, bobPhone]) d.ws.close();
  });

  it("with no agent online, a folder request is refused as agent_offline", async () => {
    const user = await makeUser(db);
    const phoneId = await makeDevice(db, user);
    const phone = await device(user, phoneId);
    phone.send({ type: "account_folders_request", requestId: "f1", accountId: "imap-abc" });
    await phone.waitFor(() => framesOf(phone, "account_folders").length === 1);
    expect(framesOf(phone, "account_folders")[0]).toEqual({
      type: "account_folders",
      requestId: "f1",
      ok: false,
      error: "agent_offline",
    });
    phone.ws.close();
  });

  it("refuses a 100-suggestion frame with huge subjects before parsing it, and goes on relaying", async () => {
    const user = await makeUser(db);
    const [agentId, phoneId] = [await makeDevice(db, user), await makeDevice(db, user)];
    const agent = await device(user, agentId, true);
    const phone = await device(user, phoneId);
    // 100 suggestions of 40,000-character subjects: 4 M characters, far past any frame the hub relays.
    const huge = Array.from({ length: 100 }, (_, i) => ({
      ...item("x"),
      id: `s${i}`,
      subject: "x".repeat(40_000),
    }));
    agent.send({ type: "account_suggestions", full: true, items: huge });
    await agent.waitFor(() => framesOf(agent, "error").length === 1);
    expect((framesOf(agent, "error")[0] as { message: string }).message).toMatch(
      /^frames are limited to 528384 characters; this one has \d{7}$/,
    );
    // The socket stays usable: the largest legitimate frame (100 suggestions at every field's limit) is relayed.
    const full = Array.from({ length: 100 }, (_, i) => ({
      ...item("y"),
      id: `s${i}`,
      from: "f".repeat(500),
      subject: "y".repeat(1_000),
      snippet: "n".repeat(300),
      why: Array.from({ length: 5 }, () => "w".repeat(200)),
    }));
    agent.send({ type: "account_suggestions", full: true, items: full });
    await phone.waitFor(() => framesOf(phone, "account_suggestions").length === 1);
    expect((framesOf(phone, "account_suggestions")[0] as { items: unknown[] }).items).toHaveLength(100);
    expect(framesOf(agent, "error")).toHaveLength(1);
    for (const d of [agent, phone]) d.ws.close();
  });
});
