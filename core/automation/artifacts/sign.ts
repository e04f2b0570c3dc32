import { CoreError } from "../../errors.ts";

const enc = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function key(secret: string): Promise<CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.subtle.importKey(
      "raw",
      enc.encode(`scouts-artifacts|${secret}`),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    keys.set(secret, k);
  }
  return k;
}

function b64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function fromB64url(s: string): Uint8Array<ArrayBuffer> | null {
  try {
    const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * A download signature bound to one artifact of one run and an expiry (HMAC-SHA256).
 * @example const sig = await signArtifact(secret, { artifactId, runId, expiresAt });
 */
export async function signArtifact(
  secret: string,
  input: { artifactId: string; runId: string; expiresAt: number },
): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await key(secret),
    enc.encode(`${input.artifactId}|${input.runId}|${input.expiresAt}`),
  );
  return b64url(mac);
}

/** Throws `forbidden` unless `sig` signs exactly this artifact, run and expiry, and it has not expired. */
export async function verifyArtifactSignature(
  secret: string,
  input: { artifactId: string; runId: string; expiresAt: number; sig: string; now: number },
): Promise<void> {
  if (!Number.isSafeInteger(input.expiresAt) || input.expiresAt < input.now)
    throw new CoreError("forbidden", "the link has expired");
  const sig = fromB64url(input.sig);
  const ok =
    sig !== null &&
    (await crypto.subtle.verify(
      "HMAC",
      await key(secret),
      sig,
      enc.encode(`${input.artifactId}|${input.runId}|${input.expiresAt}`),
    ));
  if (!ok) throw new CoreError("forbidden", "the link is not valid for this artifact");
}
