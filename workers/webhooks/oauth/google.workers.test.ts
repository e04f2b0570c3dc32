import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createFakeGmail, type FakeGmail } from "../../../tests/fakes/gmail/index.ts";
import { createFakeGoogleOAuth, type FakeGoogleOAuth } from "../../../tests/fakes/google-oauth.ts";
import { routeFakes, toFetch } from "../../../tests/fakes/handler.ts";
import type { Env } from "../../env.ts";
import { callApp, cookieFrom, testEnv } from "../../test/harness.ts";

const ORIGIN = "https://scouts.test";
const PERSON = "person@example.com";
const GOOGLE_VARS = {
  GOOGLE_CLIENT_ID: "client-123.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "client-secret-xyz",
  GOOGLE_AUTH_URL: "https://accounts.fake/o/oauth2/v2/auth",
  GOOGLE_TOKEN_URL: "https://accounts.fake/token",
  GOOGLE_USERINFO_URL: "https://accounts.fake/oauth2/v3/userinfo",
  GMAIL_API_BASE: "https://gmail.fake",
  GMAIL_PUBSUB_TOPIC: "projects/scouts-test/topics/gmail",
};

let oauth: FakeGoogleOAuth;
let gmail: FakeGmail;
let fetchFake: ReturnType<typeof toFetch>;
let e: Env;

beforeEach(() => {
  gmail = createFakeGmail();
  oauth = createFakeGoogleOAuth({
    clientId: GOOGLE_VARS.GOOGLE_CLIENT_ID,
    clientSecret: GOOGLE_VARS.GOOGLE_CLIENT_SECRET,
    consentEmail: PERSON,
    onAccessToken: (token, email) => gmail.issueToken(email, token),
  });
  gmail.addAccount(PERSON, { startHistoryId: "4242" });
  fetchFake = toFetch(
    routeFakes([
      ["https://accounts.fake", oauth.handler],
      ["https://gmail.fake", gmail.handler],
    ]),
  );
  e = testEnv(GOOGLE_VARS);
});

const call = (path: string, init?: RequestInit, clock?: { now(): number }) =>
  callApp({ env: e, options: { fetch: fetchFake, ...(clock ? { clock } : {}) } }, `${ORIGIN}${path}`, init);

/** Start → the fake's consent redirect → the callback URL the browser would follow. */
async function consent(returnTo = "/inbox") {
  const start = await call(`/oauth/google/start?returnTo=${encodeURIComponent(returnTo)}`);
  expect(start.status).toBe(302);
  const authUrl = new URL(start.headers.get("location")!);
  const stateCookie = cookieFrom(start, "scouts_oauth_google");
  const back = await fetchFake(authUrl.toString(), { redirect: "manual" });
  return { authUrl, stateCookie, callback: new URL(back.headers.get("location")!) };
}

describe("Google sign-in", () => {
  it("asks for offline, consented, least-privilege access with state and PKCE", async () => {
    const { authUrl } = await consent();
    const p = authUrl.searchParams;
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(GOOGLE_VARS.GOOGLE_AUTH_URL);
    expect(p.get("access_type")).toBe("offline");
    expect(p.get("prompt")).toBe("consent");
    expect(p.get("response_type")).toBe("code");
    expect(p.get("scope")?.split(" ").sort()).toEqual(
      [
        "email",
        "openid",
        "https://www.googleapis.com/auth/gmail.modify",
        "https://www.googleapis.com/auth/gmail.readonly",
      ].sort(),
    );
    expect(p.get("redirect_uri")).toBe(`${ORIGIN}/oauth/google/callback`);
    expect(p.get("code_challenge_method")).toBe("S256");
    expect(p.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get("state")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("callback signs the person in, connects Gmail with sealed tokens and sets the watch", async () => {
    const { stateCookie, callback } = await consent("/inbox");
    const res = await call(`${callback.pathname}${callback.search}`, { headers: { cookie: stateCookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/inbox");
    const session = res.headers.getSetCookie().find((c) => c.startsWith("scouts_session="))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/Secure/);
    expect(session).toMatch(/SameSite=Lax/);

    const me = await call("/api/v1/me", { headers: { cookie: cookieFrom(res, "scouts_session") } });
    const body = (await me.json()) as {
      user: { email: string };
      scouts: { id: string; sourceType: string; accountRef: string }[];
    };
    expect(body.user.email).toBe(PERSON);
    expect(body.scouts).toEqual([
      expect.objectContaining({ sourceType: "gmail", accountRef: PERSON, needsReauth: false }),
    ]);

    const row = await env.DB.prepare(
      "select token_ciphertext, token_key_version, watch_expiration, history_cursor, scopes from scout_connections where scout_id = ?",
    )
      .bind(body.scouts[0]!.id)
      .first<{
        token_ciphertext: string;
        token_key_version: number;
        watch_expiration: number;
        history_cursor: string;
        scopes: string;
      }>();
    expect(row?.token_ciphertext).toMatch(/^v1\./);
    expect(row?.token_ciphertext).not.toMatch(/ya29|1\/\//);
    expect(row?.token_key_version).toBe(1);
    expect(row?.watch_expiration).toBeGreaterThan(Date.now());
    expect(row?.history_cursor).toBe("4242");
    expect(gmail.calls.map((c) => c.call)).toContain("watch");
  });

  it("signing in again reuses the user and scout and clears needs_reauth", async () => {
    const first = await consent();
    await call(`${first.callback.pathname}${first.callback.search}`, {
      headers: { cookie: first.stateCookie },
    });
    await env.DB.prepare("update scout_connections set needs_reauth = 1 where account_ref = ?; ")
      .bind(PERSON)
      .run();
    const second = await consent();
    const res = await call(`${second.callback.pathname}${second.callback.search}`, {
      headers: { cookie: second.stateCookie },
    });
    expect(res.status).toBe(302);
    const rows = await env.DB.prepare(
      "select s.id, c.needs_reauth from scouts s join scout_connections c on c.scout_id = s.id join users u on u.id = s.user_id where u.email = ?",
    )
      .bind(PERSON)
      .all<{ id: string; needs_reauth: number }>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]!.needs_reauth).toBe(0);
  });

  it.each([
    ["no state cookie", async (cb: URL) => call(`${cb.pathname}${cb.search}`)],
    [
      "a state from another browser",
      async (cb: URL, cookie: string) => {
        const other = await consent();
        return call(
          `${cb.pathname}?code=${cb.searchParams.get("code")}&state=${other.callback.searchParams.get("state")}`,
          {
            headers: { cookie },
          },
        );
      },
    ],
    [
      "a forged state cookie",
      async (cb: URL, cookie: string) => {
        const [name, value] = cookie.split("=");
        const forged = `${name}=${encodeURIComponent(JSON.stringify({ s: cb.searchParams.get("state"), v: "x", r: "/", exp: 9e15 }))}.${value!.split(".").pop()}`;
        return call(`${cb.pathname}${cb.search}`, { headers: { cookie: forged } });
      },
    ],
    [
      "a state older than 10 minutes",
      async (cb: URL, cookie: string) =>
        call(`${cb.pathname}${cb.search}`, { headers: { cookie } }, { now: () => Date.now() + 11 * 60_000 }),
    ],
  ])("refuses the callback with %s (403) and creates no session", async (_name, attempt) => {
    const { stateCookie, callback } = await consent();
    const res = await attempt(callback, stateCookie);
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("scouts_session="))).toBe(false);
  });

  it("reports a denied consent and a grant without the Gmail scopes", async () => {
    const { stateCookie } = await consent();
    const denied = await call("/oauth/google/callback?error=access_denied&state=x", {
      headers: { cookie: stateCookie },
    });
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { error: { message: string } }).error.message).toContain(
      "access_denied",
    );

    const again = await consent();
    const narrow = oauth.authorizationCode(PERSON, `${ORIGIN}/oauth/google/callback`, "openid email");
    const res = await call(
      `/oauth/google/callback?code=${narrow}&state=${again.callback.searchParams.get("state")}`,
      {
        headers: { cookie: again.stateCookie },
      },
    );
    expect(res.status).toBe(403);
    expect(
      ((await res.json()) as { error: { details: { missing: string[] } } }).error.details.missing,
    ).toHaveLength(2);
  });

  it("refuses to start without Google credentials, naming them", async () => {
    e = testEnv();
    const res = await call("/oauth/google/start");
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /GOOGLE_CLIENT_ID.*GOOGLE_CLIENT_SECRET/,
    );
  });

  it("never redirects off-site after sign-in", async () => {
    const { stateCookie, callback } = await consent("//evil.example/x");
    const res = await call(`${callback.pathname}${callback.search}`, { headers: { cookie: stateCookie } });
    expect(res.headers.get("location")).toBe("/");
  });
});
