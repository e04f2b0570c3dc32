import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Seals account credentials with a 256-bit key kept in an owner-only file in the agent's home
 * (`keys/accounts.key`, mode 0600; a looser mode is refused). AES-256-GCM with the account id as
 * associated data, so a sealed secret cannot be moved to another account row.
 *
 * @example const box = openSecretBox(home); const s = box.seal("acc-1", "pw"); box.open("acc-1", s) // "pw"
 */
export function openSecretBox(home: string) {
  const file = path.join(home, "keys", "accounts.key");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  }
  if (process.platform !== "win32" && (statSync(file).mode & 0o077) !== 0) {
    throw new Error(`${file} is readable by other users: chmod 600 it (the agent will not use a shared key)`);
  }
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
  return {
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
export const restrictKeyFile = (home: string) => chmodSync(path.join(home, "keys", "accounts.key"), 0o600);
