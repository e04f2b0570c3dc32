import { describe, expect, it } from "vitest";
import { CoreError } from "../errors.ts";
import { decryptToken, encryptToken, hashToken, loadTokenKeyring } from "./token-cipher.ts";

const key = (fill: number) => Buffer.alloc(32, fill).toString("base64");

describe("token cipher", () => {
  it("encrypts with a fresh IV each time and decrypts for the same user", async () => {
    const keyring = await loadTokenKeyring(JSON.stringify({ "1": key(1) }));
    const a = await encryptToken(keyring, { userId: "u1", plaintext: "refresh-token-secret" });
    const b = await encryptToken(keyring, { userId: "u1", plaintext: "refresh-token-secret" });
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(a.ciphertext).not.toContain("refresh-token-secret");
    expect(a.keyVersion).toBe(1);
    expect(await decryptToken(keyring, { userId: "u1", ciphertext: a.ciphertext })).toEqual({
      plaintext: "refresh-token-secret",
      keyVersion: 1,
      needsRewrap: false,
    });
  });

  it("fails when the ciphertext is moved to another user's row or tampered", async () => {
    const keyring = await loadTokenKeyring({ "1": key(1) });
    const { ciphertext } = await encryptToken(keyring, { userId: "u1", plaintext: "t" });
    await expect(decryptToken(keyring, { userId: "u2", ciphertext })).rejects.toMatchObject({
      code: "needs_reauth",
    });
    const flipped = `${ciphertext.slice(0, -2)}${ciphertext.endsWith("A") ? "B" : "A"}${ciphertext.slice(-1)}`;
    await expect(decryptToken(keyring, { userId: "u1", ciphertext: flipped })).rejects.toBeInstanceOf(
      CoreError,
    );
    await expect(decryptToken(keyring, { userId: "u1", ciphertext: "v1.AAAA" })).rejects.toMatchObject({
      code: "needs_reauth",
    });
  });

  it("rotates: the highest version encrypts, old versions decrypt and ask for a rewrap", async () => {
    const old = await loadTokenKeyring({ "1": key(1) });
    const sealedOld = await encryptToken(old, { userId: "u1", plaintext: "t" });
    const rotated = await loadTokenKeyring({ "1": key(1), "2": key(2) });
    expect(await decryptToken(rotated, { userId: "u1", ciphertext: sealedOld.ciphertext })).toMatchObject({
      plaintext: "t",
      keyVersion: 1,
      needsRewrap: true,
    });
    const sealedNew = await encryptToken(rotated, { userId: "u1", plaintext: "t" });
    expect(sealedNew.keyVersion).toBe(2);
    const retired = await loadTokenKeyring({ "2": key(2) });
    await expect(
      decryptToken(retired, { userId: "u1", ciphertext: sealedOld.ciphertext }),
    ).rejects.toMatchObject({
      code: "needs_reauth",
      details: { reason: "token_key_missing" },
    });
  });

  it("refuses bad key material with a clear error", async () => {
    await expect(loadTokenKeyring("not json")).rejects.toThrow(/not JSON/);
    await expect(loadTokenKeyring({ "1": Buffer.alloc(16).toString("base64") })).rejects.toThrow(/32-byte/);
    await expect(loadTokenKeyring({ x: key(1) })).rejects.toThrow(/positive integer/);
    await expect(loadTokenKeyring({})).rejects.toThrow(/no key/);
  });

  it("hashes tokens as SHA-256 hex", async () => {
    expect(await hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
