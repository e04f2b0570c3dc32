import { env } from "cloudflare:test";
import { createFakeGmail } from "../../tests/fakes/gmail/index.ts";
import { createFakeGoogleOAuth } from "../../tests/fakes/google-oauth.ts";
import { type FakeHandler, routeFakes, toFetch } from "../../tests/fakes/handler.ts";
import { readConfig } from "../env.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import { sealTokens } from "../shared/token-store.ts";
import { devEnv, devUser } from "./harness.ts";
import { seedConnectedScout } from "./records.ts";
import { captureConsole } from "./storage-dump.ts";

/** The Worker's Google settings pointed at the fakes. */
export const GMAIL_VARS = {
  GOOGLE_CLIENT_ID: "client-123",
  GOOGLE_CLIENT_SECRET: "client-secret-xyz",
  GOOGLE_TOKEN_URL: "https://accounts.fake/token",
  GMAIL_API_BASE: "https://gmail.fake",
};

/** DNS over HTTPS: `publicHost` is public, intranet.shop.example points inside. */
const dohFake =
  (publicHost: string): FakeHandler =>
  async (req) => {
    const u = new URL(req.url);
    const name = u.searchParams.get("name");
    const a = u.searchParams.get("type") === "A";
    const data = name === publicHost ? "93.184.216.34" : name === "intranet.shop.example" ? "10.0.0.7" : null;
    return Response.json({ Status: 0, Answer: a && data ? [{ name, type: 1, data }] : [] });
  };

/** Fake Google OAuth and Gmail (tokens the OAuth fake issues are the ones Gmail accepts) behind one fetch. */
export function fakeGoogle(more: [string, FakeHandler][] = []) {
  const gmail = createFakeGmail();
  const oauth = createFakeGoogleOAuth({
    clientId: GMAIL_VARS.GOOGLE_CLIENT_ID,
    clientSecret: GMAIL_VARS.GOOGLE_CLIENT_SECRET,
    onAccessToken: (t, email) => gmail.issueToken(email, t),
  });
  const fetchFake = toFetch(
    routeFakes([["https://accounts.fake", oauth.handler], ["https://gmail.fake", gmail.handler], ...more]),
  );
  return { gmail, oauth, fetchFake };
}
type FakeGoogle = Pick<ReturnType<typeof fakeGoogle>, "gmail" | "oauth">;

/**
 * One test's outside world: fake Google OAuth and Gmail, DNS over HTTPS that knows `publicHost`,
 * and `server` answering for it and for intranet.shop.example; the console is captured. Call in
 * `beforeEach` (and `vi.restoreAllMocks()` after each).
 */
export function gmailWorld(publicHost: string, server: FakeHandler) {
  const google = fakeGoogle([
    ["https://cloudflare-dns.com", dohFake(publicHost)],
    [`https://${publicHost}`, server],
    ["https://intranet.shop.example", server],
  ]);
  return { ...google, logger: createMemoryLogger(), consoleLines: captureConsole() };
}

/**
 * A paired device (a fresh user `tag-…@example.com`) whose Gmail scout is connected to the fake
 * mailbox `box-<email>`, its access token expired so the first call refreshes it.
 */
export async function seedGmailScout(google: FakeGoogle, tag: string, opts: { historyCursor?: string } = {}) {
  const email = `${tag}-${crypto.randomUUID()}@example.com`;
  const device = await devUser(email);
  const mailbox = `box-${email}`;
  google.gmail.addAccount(mailbox, { startHistoryId: "100" });
  const seeded = await seedConnectedScout({ email, sourceType: "gmail", accountRef: mailbox, ...opts });
  const sealed = await sealTokens(readConfig(devEnv(GMAIL_VARS)), seeded.userId, {
    accessToken: "ya29.expired",
    refreshToken: google.oauth.issueRefreshToken(mailbox),
    expiresAt: Date.now() - 1000,
    scope: "gmail",
  });
  await env.DB.prepare(
    "update scout_connections set token_ciphertext = ?, token_key_version = ? where id = ?",
  )
    .bind(sealed.ciphertext, sealed.keyVersion, seeded.connectionId)
    .run();
  return { device, mailbox, ...seeded };
}

/** `raw` delivered to the scout's fake mailbox, with a proposal for it (`acked`: on the device). */
export async function seedProposal(
  google: FakeGoogle,
  scout: { userId: string; scoutId: string; mailbox: string },
  raw: string,
  status: "acked" | "queued" = "acked",
) {
  const msg = google.gmail.addMessage(scout.mailbox, { raw });
  const proposalId = crypto.randomUUID();
  await env.DB.prepare(
    "insert into scout_triage_queue (id, user_id, scout_id, source_msg_ref, thread_ref, verdict, reason, confidence, status, created_at, expires_at) values (?, ?, ?, ?, ?, 'relevant', 't0', 0.9, ?, ?, ?)",
  )
    .bind(
      proposalId,
      scout.userId,
      scout.scoutId,
      msg.id,
      msg.threadId,
      status,
      Date.now(),
      Date.now() + 86_400_000,
    )
    .run();
  return { msg, proposalId };
}

/** A paired device whose Gmail scout (as `seedGmailScout`) has one acked proposal for `raw`. */
export async function seedGmailProposal(world: ReturnType<typeof gmailWorld>, tag: string, raw: string) {
  const scout = await seedGmailScout(world, tag);
  const { msg, proposalId } = await seedProposal(world, scout, raw);
  return { device: scout.device, mailbox: scout.mailbox, msg, proposalId };
}
