import { env } from "cloudflare:test";
import { clientMsgIdFor, SLACK_RELAY_PATH } from "@scouts/core/assistant/slack-relay";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toFetch } from "../../../tests/fakes/handler.ts";
import { createFakeSlack } from "../../../tests/fakes/slack.ts";
import { canaryNeedles } from "../../../tests/privacy/canary-encodings.ts";
import { readConfig } from "../../env.ts";
import { createMemoryLogger } from "../../shared/logger.ts";
import { sealTokens } from "../../shared/token-store.ts";
import { callApp, devUser, jsonInit, testEnv } from "../../test/harness.ts";
import { seedConnectedScout } from "../../test/records.ts";
import { captureConsole, dumpD1, dumpHub } from "../../test/storage-dump.ts";

const base = "https://scouts.example.com";
const CANARY = "CANARY-brief-7f3a9c1e-Quarterly-Merger";

type Answer = { ts?: string; error: { code: string; message: string } };

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * A person with a Slack connection (fake team; they are Slack user `slackUser`), a paired device
 * and `channels` in their directory.
 */
async function person(email: string, teamId: string, channels: string[]) {
  const slack = createFakeSlack({ teamId });
  const user = await devUser(email);
  const slackUser = `U0${teamId.slice(2)}`;
  const seeded = await seedConnectedScout({
    email,
    sourceType: "slack",
    accountRef: teamId,
    providerUserId: slackUser,
  });
  const e = testEnv({ SLACK_API_BASE: "https://slack.test/api" });
  const sealed = await sealTokens(readConfig(e), seeded.userId, { botToken: slack.botToken });
  await env.DB.prepare(
    "update scout_connections set token_ciphertext = ?, token_key_version = ? where id = ?",
  )
    .bind(sealed.ciphertext, sealed.keyVersion, seeded.connectionId)
    .run();
  const logger = createMemoryLogger();
  const call = async (headers: Record<string, string>, method: string, path: string, body?: unknown) => {
    const init = body === undefined ? { method, headers } : jsonInit(method, body, headers);
    const res = await callApp(
      { env: e, options: { fetch: toFetch(slack.handler), clock: { now: () => Date.now() }, logger } },
      `${base}${path}`,
      init,
    );
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Answer };
  };
  for (const key of channels) {
    const put = await call({ cookie: user.cookie }, "PUT", "/api/v1/workspaces", { workspaceKey: key });
    expect(put.status).toBeLessThan(300);
  }
  const post = (body: unknown, token = user.token) =>
    call({ authorization: `Bearer ${token}` }, "POST", SLACK_RELAY_PATH, body);
  return { slack, user, slackUser, connectionId: seeded.connectionId, logger, call, post };
}

async function message(text: string) {
  return {
    text,
    blocks: [
      { type: "header", text: { type: "plain_text", text: "Scouts morning brief" } },
      { type: "section", text: { type: "mrkdwn", text } },
      { type: "divider" },
    ],
  };
}

/** What the fake Slack holds in a channel, read back the way Slack serves it. */
async function history(slack: ReturnType<typeof createFakeSlack>, channel: string) {
  const res = await toFetch(slack.handler)("https://slack.test/api/conversations.history", {
    method: "POST",
    headers: {
      authorization: `Bearer ${slack.botToken}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ channel }).toString(),
  });
  return ((await res.json()) as { messages: { text: string; client_msg_id?: string }[] }).messages;
}

describe("POST /api/v1/device/slack/post (brief into a channel)", () => {
  it("posts with the person's Slack connection and keeps nothing of the brief in D1, the hub or any log", async () => {
    const lines = captureConsole();
    const a = await person("relay-a@example.com", "T0RELAYA", ["slack://channel/C0BRIEFS"]);
    a.slack.addChannel({ id: "C0BRIEFS", name: "briefs", members: [a.slackUser] });
    const clientMsgId = await clientMsgIdFor("brief:morning:1");
    const res = await a.post({
      channel: "slack://channel/C0BRIEFS",
      clientMsgId,
      message: await message(CANARY),
    });
    expect(res.status).toBe(200);
    expect(res.body.ts).toMatch(/^\d+\.\d+$/);
    const posted = await history(a.slack, "C0BRIEFS");
    expect(posted).toEqual([expect.objectContaining({ text: CANARY, client_msg_id: clientMsgId })]);

    const dump = [
      await dumpD1(),
      await dumpHub(a.user.userId),
      JSON.stringify(a.logger.lines),
      ...lines,
    ].join("\n");
    expect(dump).toContain(a.user.userId); // the dump is real: it holds the person's rows
    for (const n of canaryNeedles(CANARY)) expect(dump, n.form).not.toContain(n.text);
  });

  it("refuses another person's channel and a workspace the person never connected, posting nothing", async () => {
    const a = await person("relay-owner@example.com", "T0OWNER", ["slack://channel/C0PRIVATE"]);
    a.slack.addChannel({ id: "C0PRIVATE", name: "private", members: [a.slackUser] });
    const b = await person("relay-other@example.com", "T0OTHER", ["slack://team/T0OWNER/channel/C0PRIVATE"]);
    const body = {
      channel: "slack://channel/C0PRIVATE",
      clientMsgId: crypto.randomUUID(),
      message: await message("hi"),
    };
    const stolen = await b.post(body);
    expect(stolen.status).toBe(404);
    expect(stolen.body.error.message).toMatch(/not in your workspaces/);
    // B's own directory names A's team: B holds no connection there, so nothing is posted either.
    const otherTeam = await b.post({ ...body, channel: "slack://team/T0OWNER/channel/C0PRIVATE" });
    expect(otherTeam.status).toBe(404);
    expect(otherTeam.body.error.message).toMatch(/not one you connected/);
    expect(a.slack.callsTo("chat.postMessage") + b.slack.callsTo("chat.postMessage")).toBe(0);
    // A's own device token still works for A's channel.
    expect((await a.post(body)).status).toBe(200);
  });

  it("refuses a channel typed into the directory by hand that the person is not in", async () => {
    const a = await person("relay-outsider@example.com", "T0OUTSIDE", ["slack://channel/C0HR"]);
    a.slack.addChannel({ id: "C0HR", name: "hr-private", kind: "group", members: ["U0SOMEONE"] });
    const res = await a.post({
      channel: "slack://channel/C0HR",
      clientMsgId: crypto.randomUUID(),
      message: await message("x"),
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/not a member of that Slack channel/);
    expect(a.slack.callsTo("chat.postMessage")).toBe(0);
  });

  it("answers a revoked Slack connection with a clear 409 and marks it for reconnecting", async () => {
    const a = await person("relay-revoked@example.com", "T0REVOKED", ["slack://channel/C0GONE"]);
    a.slack.addChannel({ id: "C0GONE", name: "gone", members: [a.slackUser] });
    a.slack.revokeAll();
    const body = {
      channel: "slack://channel/C0GONE",
      clientMsgId: crypto.randomUUID(),
      message: await message("x"),
    };
    const first = await a.post(body);
    expect(first.status).toBe(409);
    expect(first.body.error).toMatchObject({ code: "needs_reauth" });
    expect(first.body.error.message).toMatch(/Slack connection was revoked or expired: reconnect Slack/);
    const row = await env.DB.prepare("select needs_reauth from scout_connections where id = ?")
      .bind(a.connectionId)
      .first<{ needs_reauth: number }>();
    expect(row?.needs_reauth).toBe(1);
    const calls = a.slack.callsTo("chat.postMessage");
    expect((await a.post(body)).status).toBe(409);
    expect(a.slack.callsTo("chat.postMessage")).toBe(calls); // Slack is not asked again
  });

  it("validates the request: device token, channel key, block shape and count, size", async () => {
    const a = await person("relay-bad@example.com", "T0BAD", ["slack://channel/C0OK"]);
    const good = {
      channel: "slack://channel/C0OK",
      clientMsgId: crypto.randomUUID(),
      message: await message("x"),
    };
    expect((await a.call({}, "POST", SLACK_RELAY_PATH, good)).status).toBe(401);
    expect((await a.post(good, "not-a-device-token")).status).toBe(401);
    expect((await a.call({ cookie: a.user.cookie }, "POST", SLACK_RELAY_PATH, good)).status).toBe(401);
    const dm = await a.post({ ...good, channel: "slack://im/D0DIRECT" });
    expect(dm.status).toBe(400);
    expect(dm.body.error.message).toMatch(/channel/);
    const many = await a.post({
      ...good,
      message: { text: "x", blocks: Array.from({ length: 51 }, () => ({ type: "divider" })) },
    });
    expect(many.status).toBe(400);
    expect(
      (await a.post({ ...good, message: { text: "x", blocks: [{ type: "image", image_url: "https://x" }] } }))
        .status,
    ).toBe(400);
    expect((await a.post({ ...good, clientMsgId: "again" })).status).toBe(400);
    const huge = await a.post({ ...good, message: { text: "x".repeat(300_000), blocks: [] } });
    expect(huge.status).toBe(413);
    expect(a.slack.callsTo("chat.postMessage")).toBe(0);
  });
});
