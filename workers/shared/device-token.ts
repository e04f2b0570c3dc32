import { encodeBase64Url } from "@scouts/core/auth/base64";
import { hashToken } from "@scouts/core/crypto/token-cipher";

/**
 * A fresh device bearer token and the hash stored for it. The `sdt_` prefix makes a leaked
 * token recognisable to secret scanners.
 * @example const { token, tokenHash } = await newDeviceToken();
 */
export async function newDeviceToken(): Promise<{ token: string; tokenHash: string }> {
  const token = `sdt_${encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)))}`;
  return { token, tokenHash: await hashToken(token) };
}

// No 0/O/1/I/L: codes are read off one screen and typed on another.
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** An 8-character pairing code (~39 bits; single use, 10 minutes) and its hash. */
export async function newPairingCode(): Promise<{ code: string; codeHash: string }> {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const code = Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
  return { code, codeHash: await hashPairingCode(code) };
}

/** Codes are compared case-insensitively and without separators people tend to type. */
export function hashPairingCode(code: string): Promise<string> {
  return hashToken(`pairing:${code.toUpperCase().replace(/[\s-]/g, "")}`);
}
