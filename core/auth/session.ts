import { z } from "zod";
import { decodeBase64, encodeBase64Url, utf8 } from "./base64.ts";

/** What a session cookie carries: the user id, the server-side session it names, its lifetime. */
export interface SessionClaims {
  sub: string;
  /** The session row's id: sign-out revokes the row, so the signed cookie stops working. */
  sid: string;
  /** Issued at, epoch seconds. */
  iat: number;
  /** Expires at, epoch seconds. */
  exp: number;
}

export type SessionFailure = "malformed" | "bad_signature" | "expired";

export type SessionResult = { ok: true; claims: SessionClaims } | { ok: false; reason: SessionFailure };

const Claims = z.object({
  sub: z.string().min(1).max(128),
  sid: z.string().min(16).max(64),
  iat: z.int(),
  exp: z.int(),
});

const keys = new Map<string, Promise<CryptoKey>>();

function sessionKey(secret: string): Promise<CryptoKey> {
  if (secret.length < 32) throw new Error("SESSION_SECRET must be at least 32 characters");
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      utf8.encode(`scouts-session-v1:${secret}`),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    if (keys.size > 8) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/**
 * Signs a compact session token `base64url(claims).base64url(HMAC-SHA256)` for the session cookie.
 * @example const token = await signSession({ secret, userId: "u1", sessionId, ttlSeconds: 30 * 86400, nowMs: Date.now() });
 */
export async function signSession(input: {
  secret: string;
  userId: string;
  sessionId: string;
  ttlSeconds: number;
  nowMs: number;
}): Promise<string> {
  const iat = Math.floor(input.nowMs / 1000);
  const claims: SessionClaims = { sub: input.userId, sid: input.sessionId, iat, exp: iat + input.ttlSeconds };
  const body = encodeBase64Url(utf8.encode(JSON.stringify(claims)));
  const mac = await crypto.subtle.sign("HMAC", await sessionKey(input.secret), utf8.encode(body));
  return `${body}.${encodeBase64Url(new Uint8Array(mac))}`;
}

/**
 * Verifies a session token in constant time and checks expiry.
 * @example const r = await verifySession({ secret, token, nowMs: Date.now() }); if (r.ok) r.claims.sub;
 */
export async function verifySession(input: {
  secret: string;
  token: string | null | undefined;
  nowMs: number;
}): Promise<SessionResult> {
  const parts = (input.token ?? "").split(".");
  if (parts.length !== 2 || !parts[0] || !parts[1] || input.token!.length > 2048) {
    return { ok: false, reason: "malformed" };
  }
  const mac = decodeBase64(parts[1]);
  if (!mac) return { ok: false, reason: "malformed" };
  const valid = await crypto.subtle.verify(
    "HMAC",
    await sessionKey(input.secret),
    mac,
    utf8.encode(parts[0]),
  );
  if (!valid) return { ok: false, reason: "bad_signature" };
  const json = decodeBase64(parts[0]);
  let claims: SessionClaims;
  try {
    claims = Claims.parse(JSON.parse(new TextDecoder().decode(json!)));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (claims.exp <= Math.floor(input.nowMs / 1000)) return { ok: false, reason: "expired" };
  return { ok: true, claims };
}
