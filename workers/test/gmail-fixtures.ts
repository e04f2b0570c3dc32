import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import type { FetchLike } from "@scouts/core/ports";
import type { ScoutsDb } from "@scouts/db";
import { scoutConnections } from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { createFakeGmail, type FakeGmail } from "../../tests/fakes/gmail/index.ts";
import { createFakeGoogleOAuth, type FakeGoogleOAuth } from "../../tests/fakes/google-oauth.ts";
import { routeFakes, toFetch } from "../../tests/fakes/handler.ts";
import { type Env, readConfig } from "../env.ts";
import { sealTokens } from "../shared/token-store.ts";
import worker from "./entry.ts";
import { TEST_SECRETS, testEnv } from "./harness.ts";
import { seedConnectedScout } from "./records.ts";

/** Vars that point the real Gmail connector at the fakes below. */
export const GMAIL_FAKE_VARS = {
  GMAIL_API_BASE: "https://gmail.fake",
  GOOGLE_TOKEN_URL: "https://accounts.fake/token",
  GOOGLE_CLIENT_ID: "client-123",
  GOOGLE_CLIENT_SECRET: "client-secret-xyz",
  TOKEN_KEYS: TEST_SECRETS.TOKEN_KEYS,
};

export interface GmailWorld {
  gmail: FakeGmail;
  oauth: FakeGoogleOAuth;
  /** Routes the Gmail API and the token endpoint to the fakes. */
  fetch: FetchLike;
  /** A connected Gmail scout at cursor 100 whose access token is expired, so the first call refreshes it. */
  gmailScout(
    mailbox: string,
  ): Promise<Awaited<ReturnType<typeof seedConnectedScout>> & { refreshToken: string }>;
}

/**
 * The fake Gmail API and Google token endpoint behind the real connector, for workerd tests.
 * @example const world = gmailWorld(db); const s = await world.gmailScout("a@example.com");
 */
export function gmailWorld(db: ScoutsDb): GmailWorld {
  const gmail = createFakeGmail();
  const oauth = createFakeGoogleOAuth({
    clientId: GMAIL_FAKE_VARS.GOOGLE_CLIENT_ID,
    clientSecret: GMAIL_FAKE_VARS.GOOGLE_CLIENT_SECRET,
    onAccessToken: (t, email) => gmail.issueToken(email, t),
  });
  const fetch = toFetch(
    routeFakes([
      ["https://gmail.fake", gmail.handler],
      ["https://accounts.fake", oauth.handler],
    ]),
  );
  return {
    gmail,
    oauth,
    fetch,
    async gmailScout(mailbox) {
      gmail.addAccount(mailbox, { startHistoryId: "100" });
      const refreshToken = oauth.issueRefreshToken(mailbox);
      const s = await seedConnectedScout({
        email: `owner-${crypto.randomUUID()}@example.test`,
        sourceType: "gmail",
        accountRef: mailbox,
        historyCursor: "100",
      });
      await sealGmailTokens(db, s, refreshToken);
      return { ...s, refreshToken };
    },
  };
}

/**
 * Stores `refreshToken` and a lapsed access token on the scout's connection, sealed as the OAuth
 * callback seals them: the next Gmail call refreshes first (a revoked refresh token: needs_reauth).
 */
export async function sealGmailTokens(
  db: ScoutsDb,
  s: { userId: string; scoutId: string },
  refreshToken: string,
): Promise<void> {
  const sealed = await sealTokens(readConfig(testEnv(GMAIL_FAKE_VARS)), s.userId, {
    accessToken: "ya29.expired",
    refreshToken,
    expiresAt: Date.now() - 1000,
    scope: "https://www.googleapis.com/auth/gmail.modify",
  });
  await db
    .update(scoutConnections)
    .set({ tokenCiphertext: sealed.ciphertext, tokenKeyVersion: sealed.keyVersion })
    .where(eq(scoutConnections.scoutId, s.scoutId));
}

/**
 * Runs one poll-triggered sync job of `scoutId` through the Worker's queue handler, with the
 * fake vars and any bindings in `over`; returns what the handler did with the message.
 */
export async function runSyncJob(scoutId: string, over: Partial<Env> = {}) {
  const batch = createMessageBatch("scouts-jobs", [
    {
      id: crypto.randomUUID(),
      timestamp: new Date(),
      attempts: 1,
      body: { kind: "sync", scoutId, trigger: "poll" },
    },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...testEnv(GMAIL_FAKE_VARS), ...over }, ctx);
  return getQueueResult(batch, ctx);
}
