import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env } from "../../env.ts";
import { callApp, devEnv, devUser, jsonInit, LOCAL, testEnv } from "../../test/harness.ts";

const base = "https://scouts.example.com";

async function pairingCode(cookie: string) {
  const res = await callApp({ env: testEnv() }, `${base}/api/v1/devices/pairing-codes`, {
    method: "POST",
    headers: { cookie },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { code: string; expiresAt: number };
}

const pair = (code: string, e: Env = testEnv(), from = "192.0.2.1") =>
  callApp(
    { env: e },
    `${base}/api/v1/devices/pair`,
    jsonInit("POST", { code, name: "phone", kind: "pwa" }, { "cf-connecting-ip": from }),
  );

describe("device pairing", () => {
  it("a signed-in person gets a code; a device spends it once for a token that works", async () => {
    const a = await devUser("pair-a@example.com");
    const { code, expiresAt } = await pairingCode(a.cookie);
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(expiresAt).toBeGreaterThan(Date.now());
    const first = await pair(code.toLowerCase());
    expect(first.status).toBe(201);
    const { token, deviceId } = (await first.json()) as { token: string; deviceId: string };
    const me = await callApp({ env: testEnv() }, `${base}/api/v1/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { id: a.userId }, auth: { via: "device", deviceId } });
    const again = await pair(code);
    expect(again.status).toBe(403);
  });

  it("refuses an expired code and an unknown code", async () => {
    const a = await devUser("pair-exp@example.com");
    const { code } = await pairingCode(a.cookie);
    await env.DB.prepare("update device_pairings set expires_at = ? where user_id = ?")
      .bind(Date.now() - 1, a.userId)
      .run();
    expect((await pair(code)).status).toBe(403);
    expect((await pair("ZZZZZZZZ")).status).toBe(403);
  });

  it("limits pairing attempts per address: the 11th guess in a minute is 429 even with a good code", async () => {
    const a = await devUser("pair-guess@example.com");
    const { code } = await pairingCode(a.cookie);
    const guesser = "198.51.100.7";
    for (let i = 0; i < 10; i++) expect((await pair(`WRONG${i}ZZZ`, testEnv(), guesser)).status).toBe(403);
    const blocked = await pair(code, testEnv(), guesser);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe("60");
    // The code was not spent by the refused attempt; another address can still use it.
    expect((await pair(code, testEnv(), "203.0.113.9")).status).toBe(201);
  });

  it("requires a session to create a code (a device token is not enough)", async () => {
    const a = await devUser("pair-dev@example.com");
    const res = await callApp({ env: testEnv() }, `${base}/api/v1/devices/pairing-codes`, {
      method: "POST",
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(res.status).toBe(401);
  });

  it("two devices racing with one code: exactly one wins", async () => {
    const a = await devUser("pair-race@example.com");
    const { code } = await pairingCode(a.cookie);
    const results = await Promise.all([pair(code), pair(code), pair(code)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403]);
  });
});

describe("authentication", () => {
  it("refuses tokens in query strings even when valid", async () => {
    const a = await devUser("query@example.com");
    for (const param of ["token", "access_token", "TOKEN"]) {
      const res = await callApp({ env: testEnv() }, `${base}/api/v1/me?${param}=${a.token}`, {
        headers: { authorization: `Bearer ${a.token}` },
      });
      expect(res.status).toBe(400);
      expect(await res.text()).not.toContain(a.token);
    }
  });

  it("refuses a bad bearer token without falling back to the cookie", async () => {
    const a = await devUser("badbearer@example.com");
    const res = await callApp({ env: testEnv() }, `${base}/api/v1/me`, {
      headers: { authorization: "Bearer sdt_not-a-real-token-0000000000", cookie: a.cookie },
    });
    expect(res.status).toBe(401);
  });

  it("refuses a revoked device, a tampered cookie and a cookie signed with another secret", async () => {
    const a = await devUser("revoked@example.com");
    await env.DB.prepare("update devices set revoked_at = 1 where id = ?").bind(a.deviceId).run();
    const revoked = await callApp({ env: testEnv() }, `${base}/api/v1/me`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(revoked.status).toBe(401);
    const tampered = `${a.cookie.slice(0, -2)}xx`;
    expect(
      (await callApp({ env: testEnv() }, `${base}/api/v1/me`, { headers: { cookie: tampered } })).status,
    ).toBe(401);
    const otherSecret = testEnv({ SESSION_SECRET: "a-completely-different-secret-of-length-40" });
    expect(
      (await callApp({ env: otherSecret }, `${base}/api/v1/me`, { headers: { cookie: a.cookie } })).status,
    ).toBe(401);
  });

  it("sessions need SESSION_SECRET: without it sign-in fails clearly", async () => {
    const res = await callApp(
      { env: devEnv({ SESSION_SECRET: undefined }) },
      `${LOCAL}/api/v1/dev/signin`,
      jsonInit("POST", { email: "nosecret@example.com" }),
    );
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("SESSION_SECRET");
  });
});

describe("DELETE /api/v1/devices/:id", () => {
  it("revokes the caller's own device at once; another user's device reads as missing", async () => {
    const a = await devUser("revoke-a@example.com");
    const b = await devUser("revoke-b@example.com");
    const del = (id: string, auth: Record<string, string>) =>
      callApp({ env: testEnv() }, `${base}/api/v1/devices/${id}`, { method: "DELETE", headers: auth });
    expect((await del(b.deviceId, { cookie: a.cookie })).status).toBe(404);
    const bMe = await callApp({ env: testEnv() }, `${base}/api/v1/me`, {
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(bMe.status).toBe(200);
    const listed = (await (
      await callApp({ env: testEnv() }, `${base}/api/v1/me`, { headers: { cookie: a.cookie } })
    ).json()) as {
      devices: { id: string }[];
    };
    expect(listed.devices.map((d) => d.id)).toEqual([a.deviceId]);
    expect((await del(a.deviceId, { cookie: a.cookie })).status).toBe(204);
    const after = await callApp({ env: testEnv() }, `${base}/api/v1/me`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(after.status).toBe(401);
  });
});
