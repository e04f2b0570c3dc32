import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { callApp, cookieFrom, devEnv, jsonInit, LOCAL, testEnv } from "../../test/harness.ts";

const signin = (email: string) => jsonInit("POST", { email });

describe("dev-only routes", () => {
  it("sign in on loopback in dev mode: sets an http-only session cookie and creates a demo scout", async () => {
    const res = await callApp({ env: devEnv() }, `${LOCAL}/api/v1/dev/signin`, signin("dev-a@example.com"));
    expect(res.status).toBe(200);
    const { userId } = (await res.json()) as { userId: string };
    const line = res.headers.getSetCookie().find((c) => c.startsWith("scouts_session="))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).not.toMatch(/Secure/); // loopback: plain http
    const me = await callApp({ env: devEnv() }, `${LOCAL}/api/v1/me`, {
      headers: { cookie: cookieFrom(res, "scouts_session") },
    });
    const body = (await me.json()) as { user: { id: string }; scouts: { sourceType: string }[] };
    expect(body.user.id).toBe(userId);
    expect(body.scouts.map((s) => s.sourceType)).toEqual(["demo"]);
  });

  it("signing in twice keeps one user and one demo scout", async () => {
    const a = await callApp({ env: devEnv() }, `${LOCAL}/api/v1/dev/signin`, signin("dev-twice@example.com"));
    const b = await callApp({ env: devEnv() }, `${LOCAL}/api/v1/dev/signin`, signin("DEV-twice@example.com"));
    const ids = [
      ((await a.json()) as { userId: string }).userId,
      ((await b.json()) as { userId: string }).userId,
    ];
    expect(ids[0]).toBe(ids[1]);
    const scouts = await env.DB.prepare(
      "select count(*) as n from scouts where user_id = ? and source_type = 'demo'",
    )
      .bind(ids[0])
      .first<{ n: number }>();
    expect(scouts?.n).toBe(1);
  });

  it("after Google sign-in adopted the dev account, dev sign-in lands on that account, not a new empty one", async () => {
    const email = "dev-adopted@example.com";
    const first = await callApp({ env: devEnv() }, `${LOCAL}/api/v1/dev/signin`, signin(email));
    const { userId } = (await first.json()) as { userId: string };
    // What the loopback OAuth callback does (adoptDevAccountForGoogle) when Gmail is connected.
    await env.DB.prepare("update users set google_sub = 'sub-dev-adopted' where id = ?").bind(userId).run();
    const again = await callApp({ env: devEnv() }, `${LOCAL}/api/v1/dev/signin`, signin(email));
    expect(((await again.json()) as { userId: string }).userId).toBe(userId);
    const pair = await callApp(
      { env: devEnv() },
      `${LOCAL}/api/v1/dev/pair`,
      jsonInit("POST", { email, deviceName: "laptop", kind: "agent" }),
    );
    expect(((await pair.json()) as { userId: string }).userId).toBe(userId);
    const n = await env.DB.prepare("select count(*) as n from users where email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(n?.n).toBe(1);
  });

  it("dev pair returns a device token that is stored only hashed", async () => {
    const res = await callApp(
      { env: devEnv() },
      `${LOCAL}/api/v1/dev/pair`,
      jsonInit("POST", { email: "dev-pair@example.com", deviceName: "laptop", kind: "agent" }),
    );
    expect(res.status).toBe(201);
    const { token, deviceId } = (await res.json()) as { token: string; deviceId: string };
    expect(token).toMatch(/^sdt_[A-Za-z0-9_-]{43}$/);
    const row = await env.DB.prepare("select token_hash from devices where id = ?")
      .bind(deviceId)
      .first<{ token_hash: string }>();
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toContain(token);
  });

  it.each([
    ["a public host", devEnv(), "https://scouts.example.com"],
    ["a loopback-looking subdomain", devEnv(), "http://127.0.0.1.example.com"],
    ["SCOUTS_ENV=production", devEnv({ SCOUTS_ENV: "production" }), LOCAL],
    ["SCOUTS_ENV=test", devEnv({ SCOUTS_ENV: "test" }), LOCAL],
    ["dev mode off", devEnv({ SCOUTS_DEV_MODE: "false" }), LOCAL],
    ["dev mode unset", testEnv({ SCOUTS_ENV: "development", SCOUTS_DEV_MODE: undefined }), LOCAL],
  ])("refuses with 404 on %s", async (_name, e, origin) => {
    for (const path of ["/api/v1/dev/signin", "/api/v1/dev/pair"]) {
      const res = await callApp({ env: e }, `${origin}${path}`, signin("nobody@example.com"));
      expect(res.status).toBe(404);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const row = await env.DB.prepare("select id from users where email = 'nobody@example.com'").first();
    expect(row).toBeNull();
  });

  it("[::1] and localhost count as loopback", async () => {
    for (const origin of ["http://[::1]:8787", "http://localhost:8787"]) {
      const res = await callApp(
        { env: devEnv() },
        `${origin}/api/v1/dev/signin`,
        signin("dev-v6@example.com"),
      );
      expect(res.status).toBe(200);
    }
  });

  it("the real Worker entry outside dev mode refuses them", async () => {
    const res = await exports.default.fetch(`${LOCAL}/api/v1/dev/signin`, signin("deployed@example.com"));
    expect(res.status).toBe(404);
  });

  it("names the failing field in a bad request", async () => {
    const res = await callApp(
      { env: devEnv() },
      `${LOCAL}/api/v1/dev/pair`,
      jsonInit("POST", { email: "x" }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { code: string; message: string; details: { issues: { path: string }[] } };
    };
    expect(body.error.code).toBe("bad_input");
    expect(body.error.details.issues.map((i) => i.path).sort()).toEqual(["deviceName", "email", "kind"]);
  });
});
