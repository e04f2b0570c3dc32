import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { toFetch } from "../../../tests/fakes/handler.ts";
import { createFakeSlack } from "../../../tests/fakes/slack.ts";
import { readConfig } from "../../env.ts";
import { connectorForScout } from "../../shared/scout-connector.ts";
import { callApp, cookieFrom, devUser, testEnv } from "../../test/harness.ts";
import { testDb } from "../../test/records.ts";

const ORIGIN = "https://scouts.test";
const VARS = {
  SLACK_CLIENT_ID: "fake-client",
  SLACK_CLIENT_SECRET: "fake-secret",
  SLACK_API_BASE: "https://slack.fake/api",
};

function setup() {
  const slack = createFakeSlack({ teamId: "TOAUTH1" });
  const e = testEnv(VARS);
  const call = (path: string, cookie?: string) =>
    callApp(
      { env: e, options: { fetch: toFetch(slack.handler) } },
      `${ORIGIN}${path}`,
      cookie ? { headers: { cookie } } : {},
    );
  return { slack, e, call };
}

describe("Slack OAuth v2", () => {
  it("installs the bot for a signed-in person and creates their Slack scout with a sealed token", async () => {
    const { slack, e, call } = setup();
    const person = await devUser("slack-oauth@example.com");
    const start = await call("/oauth/slack/start?returnTo=/settings", person.cookie);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("location")!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe("https://slack.fake/oauth/v2/authorize");
    expect(authorize.searchParams.get("scope")).toContain("channels:history");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/oauth/slack/callback`);
    const state = authorize.searchParams.get("state")!;
    const cookies = `${person.cookie}; ${cookieFrom(start, "scouts_oauth_slack")}`;
    const done = await call(`/oauth/slack/callback?code=${slack.oauthCode()}&state=${state}`, cookies);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/settings");

    const row = await env.DB.prepare(
      "select s.id, c.token_ciphertext, c.account_ref from scouts s join scout_connections c on c.scout_id = s.id where s.user_id = ? and s.source_type = 'slack'",
    )
      .bind(person.userId)
      .first<{ id: string; token_ciphertext: string; account_ref: string }>();
    expect(row?.account_ref).toBe("TOAUTH1");
    expect(row?.token_ciphertext).not.toContain("xoxb");

    slack.addChannel({ id: "C0GENERAL", name: "general" });
    const ts = slack.addMessage("C0GENERAL", { user: "U1", text: "hello" });
    const connector = await connectorForScout({
      env,
      config: readConfig(e),
      db: testDb(),
      scoutId: row!.id,
      fetch: toFetch(slack.handler),
    });
    const content = await connector.fetchContent({ source: "slack", id: `C0GENERAL:${ts}` });
    expect(content).toMatchObject({ kind: "chat", channel: "C0GENERAL" });
  });

  it("needs a session to start and a matching state to finish", async () => {
    const { slack, call } = setup();
    expect((await call("/oauth/slack/start")).status).toBe(401);
    const person = await devUser("slack-state@example.com");
    const res = await call(`/oauth/slack/callback?code=${slack.oauthCode()}&state=forged`, person.cookie);
    expect(res.status).toBe(403);
  });

  it("reports Slack's refusal of a bad code", async () => {
    const { call } = setup();
    const person = await devUser("slack-badcode@example.com");
    const start = await call("/oauth/slack/start", person.cookie);
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const res = await call(
      `/oauth/slack/callback?code=not-a-code&state=${state}`,
      `${person.cookie}; ${cookieFrom(start, "scouts_oauth_slack")}`,
    );
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("invalid_code");
  });

  it("a revoked bot token marks the Slack connection needs_reauth", async () => {
    const { slack, e, call } = setup();
    const person = await devUser("slack-revoked@example.com");
    const start = await call("/oauth/slack/start", person.cookie);
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    await call(
      `/oauth/slack/callback?code=${slack.oauthCode()}&state=${state}`,
      `${person.cookie}; ${cookieFrom(start, "scouts_oauth_slack")}`,
    );
    const scout = await env.DB.prepare("select id from scouts where user_id = ? and source_type = 'slack'")
      .bind(person.userId)
      .first<{ id: string }>();
    slack.addChannel({ id: "C0REVOKE", name: "x" });
    const ts = slack.addMessage("C0REVOKE", { user: "U1", text: "hi" });
    slack.revokeAll();
    const connector = await connectorForScout({
      env,
      config: readConfig(e),
      db: testDb(),
      scoutId: scout!.id,
      fetch: toFetch(slack.handler),
    });
    await expect(connector.fetchContent({ source: "slack", id: `C0REVOKE:${ts}` })).rejects.toMatchObject({
      code: "needs_reauth",
    });
    const conn = await env.DB.prepare("select needs_reauth from scout_connections where scout_id = ?")
      .bind(scout!.id)
      .first<{ needs_reauth: number }>();
    expect(conn?.needs_reauth).toBe(1);
  });
});
