import { describe, expect, it } from "vitest";
import { signSession, verifySession } from "./session.ts";

const secret = "a-session-secret-of-at-least-32-chars!!";
const nowMs = 1_800_000_000_000;
const sid = "s-0123456789abcdef";

describe("session tokens", () => {
  it("round-trips the user id until expiry", async () => {
    const token = await signSession({ secret, userId: "user-1", sessionId: sid, ttlSeconds: 60, nowMs });
    expect(await verifySession({ secret, token, nowMs: nowMs + 59_000 })).toEqual({
      ok: true,
      claims: { sub: "user-1", sid, iat: nowMs / 1000, exp: nowMs / 1000 + 60 },
    });
    expect(await verifySession({ secret, token, nowMs: nowMs + 60_000 })).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuses another secret, a swapped payload and garbage", async () => {
    const token = await signSession({ secret, userId: "user-1", sessionId: sid, ttlSeconds: 60, nowMs });
    const other = await signSession({ secret, userId: "user-2", sessionId: sid, ttlSeconds: 60, nowMs });
    const swapped = `${other.split(".")[0]}.${token.split(".")[1]}`;
    expect(await verifySession({ secret: `${secret}x`, token, nowMs })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(await verifySession({ secret, token: swapped, nowMs })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    for (const bad of [undefined, "", "abc", "a.b.c", "%%.%%"]) {
      expect((await verifySession({ secret, token: bad, nowMs })).ok).toBe(false);
    }
  });

  it("refuses a token without a session id (the stateless tokens issued before server-side sessions)", async () => {
    const { encodeBase64Url, utf8 } = await import("./base64.ts");
    const body = encodeBase64Url(utf8.encode(JSON.stringify({ sub: "user-1", iat: 1, exp: 2e9 })));
    const key = await crypto.subtle.importKey(
      "raw",
      utf8.encode(`scouts-session-v1:${secret}`),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, utf8.encode(body)));
    const legacy = `${body}.${encodeBase64Url(mac)}`;
    expect(await verifySession({ secret, token: legacy, nowMs })).toEqual({ ok: false, reason: "malformed" });
  });

  it("refuses a short secret", async () => {
    await expect(
      signSession({ secret: "short", userId: "u", sessionId: sid, ttlSeconds: 1, nowMs }),
    ).rejects.toThrow(/32/);
  });
});
