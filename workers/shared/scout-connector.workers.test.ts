import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createFakeGmail, type FakeGmail, rfc822 } from "../../tests/fakes/gmail/index.ts";
import { createFakeGoogleOAuth, type FakeGoogleOAuth } from "../../tests/fakes/google-oauth.ts";
import { routeFakes, toFetch } from "../../tests/fakes/handler.ts";
import { readConfig } from "../env.ts";
import { testEnv } from "../test/harness.ts";
import { seedConnectedScout, testDb } from "../test/records.ts";
import { createMemoryLogger } from "./logger.ts";
import { connectorForScout } from "./scout-connector.ts";
import { openTokens, sealTokens } from "./token-store.ts";

const KEY1 = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
const KEY2 = btoa(String.fromCharCode(...new Uint8Array(32).fill(9)));
const VARS = {
  GOOGLE_CLIENT_ID: "client-123",
  GOOGLE_CLIENT_SECRET: "client-secret-xyz",
  GOOGLE_TOKEN_URL: "https://accounts.fake/token",
  GMAIL_API_BASE: "https://gmail.fake",
};

let gmail: FakeGmail;
let oauth: FakeGoogleOAuth;
let fetchFake: ReturnType<typeof toFetch>;

beforeEach(() => {
  gmail = createFakeGmail();
  oauth = createFakeGoogleOAuth({
    clientId: VARS.GOOGLE_CLIENT_ID,
    clientSecret: VARS.GOOGLE_CLIENT_SECRET,
    onAccessToken: (t, email) => gmail.issueToken(email, t),
  });
  fetchFake = toFetch(
    routeFakes([
      ["https://accounts.fake", oauth.handler],
      ["https://gmail.fake", gmail.handler],
    ]),
  );
});

/** A Gmail scout whose stored access token is already expired, so the first call refreshes. */
async function seedGmail(email: string, keys: Record<string, string> = { "1": KEY1 }) {
  gmail.addAccount(email, { startHistoryId: "100" });
  const refreshToken = oauth.issueRefreshToken(email);
  const config = readConfig(testEnv({ ...VARS, TOKEN_KEYS: JSON.stringify(keys) }));
  const seeded = await seedConnectedScout({
    email: `owner-${email}`,
    sourceType: "gmail",
    accountRef: email,
    historyCursor: "100",
  });
  const tokens = { accessToken: "ya29.expired", refreshToken, expiresAt: Date.now() - 1000, scope: "gmail" };
  const sealed = await sealTokens(config, seeded.userId, tokens);
  await env.DB.prepare(
    "update scout_connections set token_ciphertext = ?, token_key_version = ? where id = ?",
  )
    .bind(sealed.ciphertext, sealed.keyVersion, seeded.connectionId)
    .run();
  return { ...seeded, refreshToken };
}

const connection = (id: string) =>
  env.DB.prepare("select * from scout_connections where id = ?").bind(id).first<{
    token_ciphertext: string;
    token_key_version: number;
    needs_reauth: number;
    watch_expiration: number | null;
  }>();

describe("connectorForScout", () => {
  it("refreshes an expired access token, keeps the refresh token and re-seals the tokens", async () => {
    const s = await seedGmail("refresh@example.com");
    gmail.addMessage("refresh@example.com", { raw: rfc822({ from: "a@b.test", subject: "hi", body: "x" }) });
    const config = readConfig(testEnv({ ...VARS }));
    const connector = await connectorForScout({
      env,
      config,
      db: testDb(),
      scoutId: s.scoutId,
      fetch: fetchFake,
    });
    const page = await connector.listNew({ cursor: "100" });
    expect(page.refs).toHaveLength(1);
    expect(oauth.tokenCalls).toBe(1);
    const row = await connection(s.connectionId);
    const { tokens } = await openTokens(config, s.userId, row!.token_ciphertext);
    expect(tokens).toMatchObject({
      refreshToken: s.refreshToken,
      accessToken: expect.stringMatching(/^ya29\.fake-/),
    });
    // A second call within the token's lifetime does not refresh again.
    await connector.listNew({ cursor: page.cursor });
    expect(oauth.tokenCalls).toBe(1);
  });

  it("invalid_grant marks the connection needs_reauth, stops watch and polling, and refuses later builds", async () => {
    const s = await seedGmail("revoked@example.com");
    await env.DB.prepare("update scout_connections set watch_expiration = ? where id = ?")
      .bind(Date.now() + 86_400_000, s.connectionId)
      .run();
    oauth.revoke(s.refreshToken);
    const logger = createMemoryLogger();
    const config = readConfig(testEnv({ ...VARS }));
    const connector = await connectorForScout({
      env,
      config,
      db: testDb(),
      scoutId: s.scoutId,
      fetch: fetchFake,
      logger,
    });
    await expect(connector.listNew({ cursor: "100" })).rejects.toMatchObject({ code: "needs_reauth" });
    const row = await connection(s.connectionId);
    expect(row?.needs_reauth).toBe(1);
    expect(row?.watch_expiration).toBeNull();
    const scout = await env.DB.prepare("select paused_reason from scouts where id = ?")
      .bind(s.scoutId)
      .first<{ paused_reason: string }>();
    expect(scout?.paused_reason).toBe("needs_reauth");
    await expect(
      connectorForScout({ env, config, db: testDb(), scoutId: s.scoutId, fetch: fetchFake }),
    ).rejects.toMatchObject({
      code: "needs_reauth",
    });
    expect(JSON.stringify(logger.lines)).not.toContain(s.refreshToken);
  });

  it("re-seals tokens under the newest key version when they were sealed with an older one", async () => {
    const s = await seedGmail("rotate@example.com", { "1": KEY1 });
    const config = readConfig(testEnv({ ...VARS, TOKEN_KEYS: JSON.stringify({ "1": KEY1, "2": KEY2 }) }));
    await connectorForScout({ env, config, db: testDb(), scoutId: s.scoutId, fetch: fetchFake });
    const row = await connection(s.connectionId);
    expect(row?.token_key_version).toBe(2);
    expect(row?.token_ciphertext).toMatch(/^v2\./);
    // Only the new key is needed from now on.
    const onlyNew = readConfig(testEnv({ ...VARS, TOKEN_KEYS: JSON.stringify({ "2": KEY2 }) }));
    expect((await openTokens(onlyNew, s.userId, row!.token_ciphertext)).tokens).toMatchObject({
      refreshToken: s.refreshToken,
    });
  });

  it("a token ciphertext moved to another user's row does not decrypt and flags that row", async () => {
    const a = await seedGmail("victim-a@example.com");
    const b = await seedGmail("attacker-b@example.com");
    const stolen = await connection(a.connectionId);
    await env.DB.prepare("update scout_connections set token_ciphertext = ? where id = ?")
      .bind(stolen!.token_ciphertext, b.connectionId)
      .run();
    const config = readConfig(testEnv({ ...VARS }));
    await expect(
      connectorForScout({ env, config, db: testDb(), scoutId: b.scoutId, fetch: fetchFake }),
    ).rejects.toMatchObject({
      code: "needs_reauth",
    });
    expect((await connection(b.connectionId))?.needs_reauth).toBe(1);
    expect(gmail.calls.filter((c) => c.user === "victim-a@example.com")).toEqual([]);
  });

  it("a key version that is no longer configured is an operator error, not the person's", async () => {
    const s = await seedGmail("lostkey@example.com", { "1": KEY1 });
    const config = readConfig(testEnv({ ...VARS, TOKEN_KEYS: JSON.stringify({ "2": KEY2 }) }));
    await expect(
      connectorForScout({ env, config, db: testDb(), scoutId: s.scoutId, fetch: fetchFake }),
    ).rejects.toMatchObject({
      code: "needs_reauth",
    });
    expect((await connection(s.connectionId))?.needs_reauth).toBe(0);
  });

  it("refreshing without Google credentials fails clearly", async () => {
    const s = await seedGmail("nocreds@example.com");
    const config = readConfig(testEnv({ GMAIL_API_BASE: VARS.GMAIL_API_BASE }));
    const connector = await connectorForScout({
      env,
      config,
      db: testDb(),
      scoutId: s.scoutId,
      fetch: fetchFake,
    });
    await expect(connector.listNew({ cursor: "100" })).rejects.toMatchObject({
      code: "disabled",
      message: expect.stringContaining("GOOGLE_CLIENT_ID"),
    });
  });

  it("builds the demo connector for demo scouts and refuses unknown scouts", async () => {
    const config = readConfig(testEnv());
    await expect(connectorForScout({ env, config, db: testDb(), scoutId: "nope" })).rejects.toMatchObject({
      code: "not_found",
    });
    const user = await env.DB.prepare(
      "insert into users (id, email, created_at) values (?, ?, 0) returning id",
    )
      .bind(crypto.randomUUID(), "demo-conn@example.com")
      .first<{ id: string }>();
    const scoutId = crypto.randomUUID();
    await env.DB.prepare(
      "insert into scouts (id, user_id, kind, source_type, created_at) values (?, ?, 'cloud', 'demo', 0)",
    )
      .bind(scoutId, user!.id)
      .run();
    const demo = await connectorForScout({ env, config, db: testDb(), scoutId });
    expect(demo.source).toBe("demo");
    expect((await demo.listNew({ cursor: null })).refs).toEqual([]);
  });
});
