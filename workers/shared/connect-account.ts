import { CoreError } from "@scouts/core/errors";
import type { ScoutsDb } from "@scouts/db";
import {
  findConnectionOfPerson,
  findUserConnection,
  type Provider,
  upsertConnection,
} from "@scouts/db/repos/connections";
import { findScoutById, insertScout, setScoutPausedReason } from "@scouts/db/repos/scouts";
import type { Config } from "../env.ts";
import { GoogleTokens } from "./google-tokens.ts";
import { openTokens, sealTokens } from "./token-store.ts";

const sourceOf = { google: "gmail", slack: "slack" } as const;

/**
 * Connects (or reconnects) a provider account as the user's cloud scout: one scout per
 * (user, provider, account), tokens sealed for this user, `needs_reauth` and its pause cleared.
 * A Google grant without a refresh token keeps the one stored before.
 * @example const { scoutId } = await connectAccount({ db, config, now }, { userId, provider: "google", accountRef: email, tokens, scopes });
 */
export async function connectAccount(
  ctx: { db: ScoutsDb; config: Config; now: number },
  input: {
    userId: string;
    provider: Exclude<Provider, "demo">;
    accountRef: string;
    /** The provider's id of the person connecting (Slack `authed_user.id`): one Scouts account each. */
    providerUserId?: string;
    tokens: object;
    scopes: string;
  },
): Promise<{ scoutId: string; connectionId: string; created: boolean }> {
  const { db, config, now } = ctx;
  if (input.providerUserId) {
    const holder = await findConnectionOfPerson(db, {
      provider: input.provider,
      accountRef: input.accountRef,
      providerUserId: input.providerUserId,
    });
    if (holder && holder.userId !== input.userId)
      throw new CoreError("conflict", "this Slack account is already connected to another Scouts account");
  }
  const existing = await findUserConnection(db, input);
  let tokens = input.tokens;
  if (existing?.tokenCiphertext && input.provider === "google")
    tokens = await keepRefreshToken(config, input.userId, existing.tokenCiphertext, tokens);
  const scoutId =
    existing?.scoutId ??
    (
      await insertScout(db, {
        id: crypto.randomUUID(),
        userId: input.userId,
        kind: "cloud",
        sourceType: sourceOf[input.provider],
        now,
      })
    ).id;
  const sealed = await sealTokens(config, input.userId, tokens);
  const row = await upsertConnection(db, {
    id: existing?.id ?? crypto.randomUUID(),
    scoutId,
    userId: input.userId,
    provider: input.provider,
    accountRef: input.accountRef,
    providerUserId: input.providerUserId ?? null,
    tokenCiphertext: sealed.ciphertext,
    tokenKeyVersion: sealed.keyVersion,
    scopes: input.scopes,
    now,
  });
  const scout = await findScoutById(db, scoutId);
  if (scout?.pausedReason === "needs_reauth") await setScoutPausedReason(db, scoutId, null);
  return { scoutId, connectionId: row.id, created: !existing };
}

async function keepRefreshToken(
  config: Config,
  userId: string,
  ciphertext: string,
  fresh: object,
): Promise<object> {
  const next = GoogleTokens.safeParse(fresh);
  if (!next.success || next.data.refreshToken) return fresh;
  try {
    const old = GoogleTokens.safeParse((await openTokens(config, userId, ciphertext)).tokens);
    return old.success ? { ...next.data, refreshToken: old.data.refreshToken } : fresh;
  } catch {
    return fresh; // the old row is unreadable: the new grant stands alone
  }
}
