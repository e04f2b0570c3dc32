import { decodeBase64, encodeBase64Url, toHex, utf8 } from "../auth/base64.ts";
import { CoreError } from "../errors.ts";

/** The AES-GCM keys by version; the highest version encrypts, every version decrypts. */
export interface TokenKeyring {
  currentVersion: number;
  keys: ReadonlyMap<number, CryptoKey>;
}

export interface SealedToken {
  /** `v{version}.{base64url(iv ‖ ciphertext+tag)}`; self-describing so a stray row cannot pick the wrong key. */
  ciphertext: string;
  keyVersion: number;
}

/**
 * Builds the keyring from TOKEN_KEYS: JSON `{"<version>": "<base64 32-byte key>"}`.
 * @example const keyring = await loadTokenKeyring(env.TOKEN_KEYS);
 */
export async function loadTokenKeyring(source: string | Record<string, string>): Promise<TokenKeyring> {
  let entries: Record<string, unknown>;
  try {
    entries = typeof source === "string" ? JSON.parse(source) : source;
  } catch {
    throw new CoreError("bad_input", "TOKEN_KEYS is not JSON");
  }
  const keys = new Map<number, CryptoKey>();
  for (const [version, value] of Object.entries(entries ?? {})) {
    if (!/^[1-9]\d{0,5}$/.test(version))
      throw new CoreError("bad_input", `TOKEN_KEYS version "${version}" is not a positive integer`);
    const raw = typeof value === "string" ? decodeBase64(value) : null;
    if (raw?.length !== 32)
      throw new CoreError("bad_input", `TOKEN_KEYS[${version}] is not a base64 32-byte key`);
    keys.set(
      Number(version),
      await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]),
    );
  }
  if (keys.size === 0) throw new CoreError("bad_input", "TOKEN_KEYS holds no key");
  return { currentVersion: Math.max(...keys.keys()), keys };
}

function associatedData(userId: string, version: number): Uint8Array<ArrayBuffer> {
  return utf8.encode(`scouts-token|v${version}|${userId}`);
}

/**
 * Encrypts a token (e.g. the JSON of an OAuth token set) with the current key, a fresh 12-byte
 * IV and the user id as associated data.
 * @example const sealed = await encryptToken(keyring, { userId, plaintext: JSON.stringify(tokens) });
 */
export async function encryptToken(
  keyring: TokenKeyring,
  input: { userId: string; plaintext: string },
): Promise<SealedToken> {
  const version = keyring.currentVersion;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: associatedData(input.userId, version) },
    keyring.keys.get(version)!,
    utf8.encode(input.plaintext),
  );
  const out = new Uint8Array(12 + sealed.byteLength);
  out.set(iv, 0);
  out.set(new Uint8Array(sealed), 12);
  return { ciphertext: `v${version}.${encodeBase64Url(out)}`, keyVersion: version };
}

/**
 * Decrypts a sealed token for `userId`. A ciphertext from another user's row, a tampered one or
 * one whose key is gone fails with `needs_reauth` (the person must reconnect). `needsRewrap` says
 * it was sealed with an older key: re-encrypt it on the next write.
 * @example const { plaintext, needsRewrap } = await decryptToken(keyring, { userId, ciphertext });
 */
export async function decryptToken(
  keyring: TokenKeyring,
  input: { userId: string; ciphertext: string },
): Promise<{ plaintext: string; keyVersion: number; needsRewrap: boolean }> {
  const m = /^v(\d{1,6})\.([A-Za-z0-9_-]+)$/.exec(input.ciphertext);
  const version = m ? Number(m[1]) : Number.NaN;
  const bytes = m ? decodeBase64(m[2]!) : null;
  if (!bytes || bytes.length < 12 + 16) {
    throw new CoreError("needs_reauth", "stored token is malformed", {
      details: { reason: "token_malformed" },
    });
  }
  const key = keyring.keys.get(version);
  if (!key) {
    throw new CoreError("needs_reauth", `token key version ${version} is not configured`, {
      details: { reason: "token_key_missing", keyVersion: version },
    });
  }
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.subarray(0, 12), additionalData: associatedData(input.userId, version) },
      key,
      bytes.subarray(12),
    );
    return {
      plaintext: new TextDecoder().decode(plain),
      keyVersion: version,
      needsRewrap: version !== keyring.currentVersion,
    };
  } catch (cause) {
    throw new CoreError("needs_reauth", "stored token does not decrypt for this user", {
      details: { reason: "token_decrypt_failed" },
      cause,
    });
  }
}

/**
 * SHA-256 hex of a bearer token (device, pairing and webhook tokens are stored only hashed).
 * @example await hashToken("abc") // "ba7816bf…"
 */
export async function hashToken(token: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", utf8.encode(token)));
}
