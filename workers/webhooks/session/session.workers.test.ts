import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { callApp, cookieFrom, devEnv, devUser, jsonInit, LOCAL, testEnv } from "../../test/harness.ts";

const base = "https://scouts.example.com";
const me = (cookie: string) => callApp({ env: testEnv() }, `${base}/api/v1/me`, { headers: { cookie } });
const post = (path: string, cookie: string) =>
  callApp({ env: testEnv() }, `${base}${path}`, { method: "POST", headers: { cookie } });

async function secondSession(email: string): Promise<string> {
  const res = await callApp({ env: devEnv() }, `${LOCAL}/api/v1/dev/signin`, jsonInit("POST", { email }));
  expect(res.status).toBe(200);
  return cookieFrom(res, "scouts_session");
}

describe("sessions end on the server", () => {
  it("sign-out revokes the session: a kept copy of the cookie no longer works", async () => {
    const a = await devUser("session-out@example.com");
    expect((await me(a.cookie)).status).toBe(200);
    const out = await post("/api/v1/signout", a.cookie);
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().find((c) => c.startsWith("scouts_session="))).toMatch(/Max-Age=0/);
    const after = await me(a.cookie);
    expect(after.status).toBe(401);
    expect(await after.text()).toContain("session has ended");
  });

  it("signing out one session leaves the person's other sessions working", async () => {
    const a = await devUser("session-one@example.com");
    const other = await secondSession("session-one@example.com");
    await post("/api/v1/signout", a.cookie);
    expect((await me(other)).status).toBe(200);
  });

  it("sign out everywhere ends every session of that person only", async () => {
    const a = await devUser("session-all@example.com");
    const laptop = await secondSession("session-all@example.com");
    const b = await devUser("session-all-b@example.com");
    const res = await post("/api/v1/signout/everywhere", laptop);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 2 });
    expect((await me(a.cookie)).status).toBe(401);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(b.cookie)).status).toBe(200);
    // Device tokens are not sessions: the paired device still works until revoked.
    const device = await callApp({ env: testEnv() }, `${base}/api/v1/me`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(device.status).toBe(200);
  });

  it("an expired session row or a deleted user fails even with a valid signature", async () => {
    const a = await devUser("session-exp@example.com");
    await env.DB.prepare("update sessions set expires_at = 1 where user_id = ?").bind(a.userId).run();
    expect((await me(a.cookie)).status).toBe(401);
    const b = await devUser("session-gone@example.com");
    await env.DB.prepare("delete from users where id = ?").bind(b.userId).run();
    expect((await me(b.cookie)).status).toBe(401);
  });

  it("sign out everywhere needs a live session", async () => {
    const a = await devUser("session-need@example.com");
    await post("/api/v1/signout", a.cookie);
    expect((await post("/api/v1/signout/everywhere", a.cookie)).status).toBe(401);
  });
});
