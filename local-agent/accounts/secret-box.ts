import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { findKeychain, type Keychain } from "./keychain.ts";

const keyFileOf = (home: string) => path.join(home, "keys", "accounts.key");
/** Says the key moved into the OS keychain: never make a new key silently when it cannot be read. */
const markerOf = (home: string) => path.join(home, "keys", "accounts.key.where");

function parseKey(b64: string, from: string): Buffer {
  const key = Buffer.from(b64.trim(), "base64");
  if (key.length !== 32) throw new Error(`${from} does not hold a 32-byte key`);
  return key;
}

/** Today's owner-only key file: made on first use, refused when others may read it. */
function fileKey(home: string, create: boolean): Buffer | null {
  const file = keyFileOf(home);
  if (!existsSync(file)) {
    if (!create) return null;
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  }
  if (process.platform !== "win32" && (statSync(file).mode & 0o077) !== 0) {
    throw new Error(`${file} is readable by other users: chmod 600 it (the agent will not use a shared key)`);
  }
  return parseKey(readFileSync(file, "utf8"), file);
}

/**
 * The key in the keychain. A key file left from before is moved in (stored, read back, then the
 * file removed), so accounts sealed with it open as before; a crash halfway is finished next time.
 */
function keychainKey(home: string, kc: Keychain): Buffer {
  const marker = markerOf(home);
  const stored = kc.get();
  const fromFile = fileKey(home, false);
  if (stored) {
    const key = parseKey(stored, `the ${kc.kind} entry`);
    if (fromFile && !fromFile.equals(key))
      throw new Error(
        `${keyFileOf(home)} and the ${kc.kind} hold different account keys: move the file away only if the accounts open without it`,
      );
    if (!existsSync(marker)) writeFileSync(marker, kc.kind, { mode: 0o600 });
    if (fromFile) unlinkSync(keyFileOf(home));
    return key;
  }
  if (existsSync(marker) && !fromFile)
    throw new Error(
      `the mail-account key is gone from the ${kc.kind}: re-add the accounts (scouts-agent accounts add) after removing ${marker}`,
    );
  const key = fromFile ?? randomBytes(32);
  kc.set(key.toString("base64"));
  if (kc.get()?.trim() !== key.toString("base64"))
    throw new Error(`the ${kc.kind} did not keep the account key (read back differs)`);
  mkdirSync(path.dirname(marker), { recursive: true, mode: 0o700 });
  writeFileSync(marker, kc.kind, { mode: 0o600 });
  if (fromFile) unlinkSync(keyFileOf(home));
  return key;
}

/**
 * Seals account credentials with a 256-bit key kept in the OS keychain where there is one
 * (`keychain.ts`: Secret Service, macOS Keychain, Windows DPAPI), else in an owner-only file in
 * the agent's home (`keys/accounts.key`, mode 0600; a looser mode is refused). AES-256-GCM with
 * the account id as associated data, so a sealed secret cannot be moved to another account row.
 * Once the key is in a keychain, a keychain that cannot be reached is an error, not a new key.
 *
 * @example const box = openSecretBox(home); const s = box.seal("acc-1", "pw"); box.open("acc-1", s) // "pw"
 */
export function openSecretBox(home: string, opts: { keychain?: Keychain | null } = {}) {
  const kc =
    opts.keychain !== undefined
      ? opts.keychain
      : findKeychain({ home, platform: process.platform, env: process.env });
  let key: Buffer;
  let where = "file";
  if (kc) {
    key = keychainKey(home, kc);
    where = kc.kind;
  } else {
    if (existsSync(markerOf(home)))
      throw new Error(
        `the mail-account key is in the ${readFileSync(markerOf(home), "utf8").trim()}, which cannot be reached here (no desktop session?): start the agent where it can`,
      );
    key = fileKey(home, true) as Buffer;
  }
  return {
    /** Where the key lives: "file" or the keychain's kind. */
    where,
    seal(accountId: string, plaintext: string): string {
      const iv = randomBytes(12);
      const c = createCipheriv("aes-256-gcm", key, iv);
      c.setAAD(Buffer.from(accountId));
      const body = Buffer.concat([c.update(plaintext, "utf8"), c.final()]);
      return `v1.${Buffer.concat([iv, c.getAuthTag(), body]).toString("base64url")}`;
    },
    open(accountId: string, sealed: string): string {
      if (!sealed.startsWith("v1.")) throw new Error("unknown sealed-secret format");
      const raw = Buffer.from(sealed.slice(3), "base64url");
      const d = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      d.setAAD(Buffer.from(accountId));
      d.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString("utf8");
    },
  };
}

/** Tightens a key file another tool loosened (used by `accounts doctor`-style repairs and tests). */
export const restrictKeyFile = (home: string) => chmodSync(keyFileOf(home), 0o600);
