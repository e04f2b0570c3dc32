import { env } from "cloudflare:test";
import { ScanAccepted, ScanSession } from "@scouts/core/workspaces/api";
import { createD1Db } from "@scouts/db/d1";
import { describe, expect, it } from "vitest";
import { rfc822 } from "../../../tests/fakes/gmail/index.ts";
import { toFetch } from "../../../tests/fakes/handler.ts";
import { createFakeSlack } from "../../../tests/fakes/slack.ts";
import { readConfig } from "../../env.ts";
import { createMemoryLogger } from "../../shared/logger.ts";
import { sealTokens } from "../../shared/token-store.ts";
import {
  harvestEmailForUser,
  harvestItemContentForUser,
  harvestSlackEventForUsers,
  withWorkspaceHarvest,
} from "../../shared/workspace-harvest.ts";
import { callApp, devUser, jsonInit, testEnv } from "../../test/harness.ts";
import { seedConnectedScout } from "../../test/records.ts";

const base = "https://scouts.example.com";
type Json = Record<string, unknown>;

async function slackScout(email: string) {
  const slack = createFakeSlack({ teamId: "T0SCAN" });
  const user = await devUser(email);
  const seeded = await seedConnectedScout({ email, sourceType: "slack", accountRef: "T0SCAN" });
  const e = testEnv({ SLACK_API_BASE: "https://slack.test/api" });
  const sealed = await sealTokens(readConfig(e), seeded.userId, { botToken: slack.botToken });
  await env.DB.prepare(
    "update scout_connections set token_ciphertext = ?, token_key_version = ? where id = ?",
  )
    .bind(sealed.ciphertext, sealed.keyVersion, seeded.connectionId)
    .run();
  let now = Date.now();
  const call = async (cookie: string, method: string, path: string, body?: unknown) => {
    const init = body === undefined ? { method, headers: { cookie } } : jsonInit(method, body, { cookie });
    const res = await callApp(
      { env: e, options: { fetch: toFetch(slack.handler), clock: { now: () => now } } },
      `${base}${path}`,
      init,
    );
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
  };
  return { slack, user, scoutId: seeded.scoutId, call, advance: (ms: number) => (now += ms) };
}

describe("onboarding scan", () => {
  it("scopes candidates to their session, keeps only what the person picks, then forgets the rest", async () => {
    const h = await slackScout("scan-a@example.com");
    h.slack.addChannel({ id: "C0GENERAL", name: "general", members: ["U1", "U2", "U3"] });
    h.slack.addChannel({ id: "C0RANDOM", name: "random" });
    const first = await h.call(h.user.cookie, "POST", "/api/v1/workspaces/scan", { scoutId: h.scoutId });
    expect(first.status).toBe(201);
    expect(ScanSession.safeParse(first.body).success).toBe(true);
    expect((first.body.items as Json[]).map((i) => i.displayName)).toEqual(["#general", "#random"]);
    h.slack.addChannel({ id: "C0NEW", name: "new" });
    const second = await h.call(h.user.cookie, "POST", "/api/v1/workspaces/scan", { scoutId: h.scoutId });
    expect(second.body.items).toHaveLength(3);
    const again = await h.call(h.user.cookie, "GET", `/api/v1/workspaces/scan/${first.body.sessionId}`);
    expect(again.body.items).toHaveLength(2);

    const other = await devUser("scan-b@example.com");
    expect(
      (await h.call(other.cookie, "GET", `/api/v1/workspaces/scan/${first.body.sessionId}`)).status,
    ).toBe(404);
    expect(
      (await h.call(other.cookie, "POST", "/api/v1/workspaces/scan", { scoutId: h.scoutId })).status,
    ).toBe(404);

    const kept = await h.call(
      h.user.cookie,
      "POST",
      `/api/v1/workspaces/scan/${first.body.sessionId}/accept`,
      {
        workspaceKeys: ["slack://channel/C0GENERAL", "slack://channel/C0NEW"],
      },
    );
    expect(kept.body).toMatchObject({ kept: 1, created: 1 });
    expect(ScanAccepted.safeParse(kept.body).success).toBe(true);
    const dir = await h.call(h.user.cookie, "GET", "/api/v1/workspaces");
    expect(dir.body.workspaces).toEqual([
      expect.objectContaining({
        workspaceKey: "slack://channel/C0GENERAL",
        displayName: "#general",
        memberCount: 3,
        tags: ["scan"],
      }),
    ]);
    expect(
      (await h.call(h.user.cookie, "GET", `/api/v1/workspaces/scan/${first.body.sessionId}`)).status,
    ).toBe(404);

    h.advance(16 * 60_000);
    expect(
      (await h.call(h.user.cookie, "GET", `/api/v1/workspaces/scan/${second.body.sessionId}`)).status,
    ).toBe(404);
  });
});

describe("harvest hooks", () => {
  it("harvests places from Slack events and mail headers without storing text, rosters or timestamps", async () => {
    const user = await devUser("harvest@example.com");
    const db = createD1Db(env.DB);
    const logger = createMemoryLogger();
    const deps = { db, clock: { now: () => 1_900_000_000_000 }, logger };
    const payload = {
      type: "event_callback",
      team_id: "T0H",
      event_id: "Ev1",
      event: {
        type: "message",
        channel: "C0HARVEST",
        channel_type: "channel",
        user: "U0CANARYUSER",
        text: "CANARY-SLACK-TEXT",
        ts: "1355517523.000005",
        members: ["U0ROSTER1"],
      },
    };
    await harvestSlackEventForUsers(deps, { userIds: [user.userId, user.userId], payload });
    await harvestSlackEventForUsers(deps, {
      userIds: [user.userId],
      payload: {
        ...payload,
        event: { type: "channel_rename", channel: { id: "C0HARVEST", name: "harvested", created: 1 } },
      },
    });
    const raw = rfc822({
      from: "CANARY-FROM <x@y.test>",
      subject: "CANARY-SUBJECT",
      body: "CANARY-BODY",
      headers: { "List-Id": "Dev <dev.example.org>" },
    });
    await harvestEmailForUser(deps, { userId: user.userId, raw });
    const chat = {
      kind: "chat" as const,
      ref: { source: "slack" as const, id: "C0TRIAGED:1.000001" },
      text: "CANARY-CHAT",
      user: "U0CANARYUSER",
      channel: "C0TRIAGED",
      ts: "1355517523.000009",
      date: 1,
    };
    expect(await harvestItemContentForUser(deps, { userId: user.userId, content: chat })).toMatchObject({
      created: 1,
    });

    const res = await callApp({ env: testEnv() }, `${base}/api/v1/workspaces`, {
      headers: { cookie: user.cookie },
    });
    const dir = ((await res.json()) as { workspaces: Json[] }).workspaces;
    expect(dir.map((w) => [w.workspaceKey, w.displayName, w.firstSeenAt])).toEqual([
      ["gmail://list/dev.example.org", "Dev", 1_900_000_000_000],
      ["slack://channel/C0HARVEST", "#harvested", 1_900_000_000_000],
      ["slack://channel/C0TRIAGED", null, 1_900_000_000_000],
    ]);
    const stored = JSON.stringify([
      (await env.DB.prepare("select * from workspaces").all()).results,
      (await env.DB.prepare("select * from spaces").all()).results,
      (await env.DB.prepare("select * from workspace_scan_items").all()).results,
      logger.lines,
    ]);
    for (const canary of ["CANARY", "U0ROSTER1", "U0CANARYUSER", "1355517523"])
      expect(stored).not.toContain(canary);
  });

  it("never throws into the caller", async () => {
    const logger = createMemoryLogger();
    const broken = { db: createD1Db(env.DB), clock: { now: () => 1 }, logger };
    await expect(
      harvestEmailForUser(broken, { userId: "no-such-user", raw: "List-Id: <a.example.com>\r\n\r\n" }),
    ).resolves.toBeNull();
  });
});

describe("withWorkspaceHarvest", () => {
  it("harvests on fetchContent and passes every other call through", async () => {
    const user = await devUser("wrap@example.com");
    const raw = "From: a@b.test\r\nList-Id: Wrapped <wrapped.example.org>\r\nSubject: s\r\n\r\nbody";
    const calls: string[] = [];
    const inner = {
      source: "gmail" as const,
      fetchContent: async (ref: { source: "gmail"; id: string }) => ({ kind: "email" as const, ref, raw }),
      trash: async () => void calls.push("trash"),
    } as unknown as import("@scouts/core/connectors/source-connector").SourceConnector;
    const wrapped = withWorkspaceHarvest(
      inner,
      { db: createD1Db(env.DB), clock: { now: () => 5 }, logger: createMemoryLogger() },
      user.userId,
    );
    expect((await wrapped.fetchContent({ source: "gmail", id: "m1" })).kind).toBe("email");
    await wrapped.trash({ source: "gmail", id: "m1" });
    expect(calls).toEqual(["trash"]);
    expect(wrapped.source).toBe("gmail");
    const res = await callApp({ env: testEnv() }, `${base}/api/v1/workspaces?kind=list`, {
      headers: { cookie: user.cookie },
    });
    expect(((await res.json()) as { workspaces: Json[] }).workspaces.map((w) => w.displayName)).toEqual([
      "Wrapped",
    ]);
  });
});
