import {
  decryptToken,
  encryptToken,
  loadTokenKeyring,
  type TokenKeyring,
} from "@scouts/core/crypto/token-cipher";
import type { Config } from "../env.ts";
import { requireConfig } from "./require-config.ts";

const keyrings = new WeakMap<Config, Promise<TokenKeyring>>();

/** The AES-GCM keyring from TOKEN_KEYS, imported once per isolate (config is parsed once too). */
export function tokenKeyring(config: Config): Promise<TokenKeyring> {
  let ring = keyrings.get(config);
  if (!ring) {
    const { TOKEN_KEYS } = requireConfig(config, "Token storage", ["TOKEN_KEYS"]);
    ring = loadTokenKeyring(TOKEN_KEYS);
    keyrings.set(config, ring);
  }
  return ring;
}

/**
 * Seals a provider token set (JSON) for `userId` under the current key version.
 * @example const { ciphertext, keyVersion } = await sealTokens(config, userId, { accessToken, refreshToken });
 */
export async function sealTokens(config: Config, userId: string, tokens: object) {
  return encryptToken(await tokenKeyring(config), { userId, plaintext: JSON.stringify(tokens) });
}

/** Opens a sealed token set for `userId`; fails with `needs_reauth` if it belongs to another row. */
export async function openTokens(
  config: Config,
  userId: string,
  ciphertext: string,
): Promise<{ tokens: unknown; needsRewrap: boolean }> {
  const opened = await decryptToken(await tokenKeyring(config), { userId, ciphertext });
  return { tokens: JSON.parse(opened.plaintext) as unknown, needsRewrap: opened.needsRewrap };
}
