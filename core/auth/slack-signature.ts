import { fromHex, toHex, utf8 } from "./base64.ts";

export type SlackSignatureFailure = "missing_header" | "stale_timestamp" | "bad_signature";

export type SlackSignatureResult = { ok: true } | { ok: false; reason: SlackSignatureFailure };

export interface SlackSignatureInput {
  signingSecret: string;
  /** `X-Slack-Request-Timestamp` (seconds). */
  timestamp: string | null | undefined;
  /** `X-Slack-Signature` (`v0=` + hex). */
  signature: string | null | undefined;
  /** The raw request body, exactly as received (verify before parsing). */
  rawBody: string | Uint8Array;
  nowMs: number;
  windowSeconds?: number;
}

const keyCache = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", utf8.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    if (keyCache.size > 16) keyCache.clear();
    keyCache.set(secret, key);
  }
  return key;
}

function baseString(timestamp: string, rawBody: string | Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = utf8.encode(`v0:${timestamp}:`);
  const body = typeof rawBody === "string" ? utf8.encode(rawBody) : rawBody;
  const out = new Uint8Array(prefix.length + body.length);
  out.set(prefix, 0);
  out.set(body, prefix.length);
  return out;
}

/**
 * Verifies a Slack request: `v0=` HMAC-SHA256 over `v0:{ts}:{raw body}`, compared in constant
 * time (WebCrypto `verify`), timestamp within 300 s of now.
 * @example await verifySlackSignature({ signingSecret, timestamp, signature, rawBody, nowMs: Date.now() })
 */
export async function verifySlackSignature(input: SlackSignatureInput): Promise<SlackSignatureResult> {
  const { timestamp, signature } = input;
  if (!timestamp || !signature) return { ok: false, reason: "missing_header" };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "stale_timestamp" };
  const window = input.windowSeconds ?? 300;
  if (Math.abs(input.nowMs / 1000 - Number(timestamp)) > window)
    return { ok: false, reason: "stale_timestamp" };
  const mac = signature.startsWith("v0=") ? fromHex(signature.slice(3)) : null;
  if (mac?.length !== 32) return { ok: false, reason: "bad_signature" };
  const ok = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(input.signingSecret),
    mac,
    baseString(timestamp, input.rawBody),
  );
  return ok ? { ok: true } : { ok: false, reason: "bad_signature" };
}

/**
 * Signs a body the way Slack does (tests and the fake Slack use it).
 * @example await signSlackRequest({ signingSecret, timestamp: "1531420618", rawBody }) // "v0=a211…"
 */
export async function signSlackRequest(input: {
  signingSecret: string;
  timestamp: string;
  rawBody: string | Uint8Array;
}): Promise<string> {
  const sig = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(input.signingSecret),
    baseString(input.timestamp, input.rawBody),
  );
  return `v0=${toHex(sig)}`;
}
