import type { TLSSocket } from "node:tls";
import { ImapFlow } from "imapflow";
import type { MailServer } from "../db/schema/accounts.ts";

export interface ImapLogin {
  server: MailServer;
  username: string;
  password: string;
}

/** What went wrong, in the words a person needs ("wrong password", not "NO [AUTHENTICATIONFAILED]"). */
export type AccountErrorCode =
  | "auth_failed"
  | "certificate_changed"
  | "tls_failed"
  | "unreachable"
  | "protocol";
export class AccountError extends Error {
  readonly code: AccountErrorCode;
  constructor(code: AccountErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * The message an action names is not there: another client moved or deleted it. `folder` is where
 * it was (IMAP), null when it is gone from the server (JMAP ids survive moves).
 */
export class MessageGoneError extends AccountError {
  readonly folder: string | null;
  constructor(folder: string | null) {
    super(
      "protocol",
      folder
        ? `the message is no longer in ${folder} (moved or deleted by another client)`
        : "the message is no longer on the server",
    );
    this.folder = folder;
  }
}

function explain(e: unknown, login: ImapLogin): AccountError {
  const err = e as { authenticationFailed?: boolean; code?: string; message?: string; responseText?: string };
  const where = `${login.server.host}:${login.server.port}`;
  if (err instanceof AccountError) return err;
  if (login.server.auth === "xoauth2" && /unsupported authentication mechanism/i.test(err.message ?? "")) {
    return new AccountError(
      "auth_failed",
      `${where} does not offer OAuth2 sign-in (no AUTH=XOAUTH2 or OAUTHBEARER): use a password or app password with --password-stdin`,
    );
  }
  if (
    err.authenticationFailed ||
    /AUTHENTICATIONFAILED|authentication failed|invalid credentials/i.test(
      `${err.responseText ?? ""} ${err.message ?? ""}`,
    )
  ) {
    return new AccountError(
      "auth_failed",
      login.server.auth === "xoauth2"
        ? `${where} refused the access token for ${login.username} (expired or revoked?)`
        : `${where} refused the user name or password for ${login.username}`,
    );
  }
  if (
    err.code === "ECONNREFUSED" ||
    err.code === "ENOTFOUND" ||
    err.code === "ETIMEDOUT" ||
    err.code === "EHOSTUNREACH"
  ) {
    return new AccountError("unreachable", `cannot reach ${where} (${err.code})`);
  }
  if (
    /certificate|self[- ]signed|TLS|SSL/i.test(err.message ?? "") ||
    String(err.code ?? "").startsWith("ERR_TLS")
  ) {
    return new AccountError("tls_failed", `TLS with ${where} failed: ${err.message ?? err.code}`);
  }
  return new AccountError("protocol", `${where}: ${err.message ?? String(e)}`);
}

/**
 * Opens an authenticated IMAP session. `tls`: "on" (implicit TLS), "starttls" (required upgrade,
 * never silently plain), "off" (loopback only: Proton Bridge and tests). A pinned certificate
 * (`pinSha256`) is trusted even when self-signed, and any other certificate is refused.
 */
export async function openImap(login: ImapLogin): Promise<ImapFlow> {
  const { host, port, tls = "on", pinSha256 } = login.server;
  if (!host || !port) throw new AccountError("protocol", "the account has no host and port");
  if (tls === "off" && !["127.0.0.1", "::1", "localhost"].includes(host)) {
    throw new AccountError(
      "tls_failed",
      `refusing to send a password to ${host} without TLS (only loopback may use --tls off)`,
    );
  }
  const client = new ImapFlow({
    host,
    port,
    secure: tls === "on",
    doSTARTTLS: tls === "starttls" ? true : tls === "off" ? false : undefined,
    auth:
      login.server.auth === "xoauth2"
        ? { user: login.username, accessToken: login.password }
        : { user: login.username, pass: login.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    tls: pinSha256 ? { rejectUnauthorized: false } : {},
  });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (e) {
    throw explain(e, login);
  }
  if (pinSha256 && tls !== "off") {
    const socket = (client as unknown as { socket?: TLSSocket }).socket;
    const fp = socket?.getPeerCertificate?.()?.fingerprint256?.replace(/:/g, "").toLowerCase();
    if (fp !== pinSha256.toLowerCase()) {
      await client.logout().catch(() => {});
      throw new AccountError(
        "certificate_changed",
        `the certificate of ${host}:${port} is not the one pinned for this account (was it regenerated? re-add the account to trust the new one)`,
      );
    }
  }
  return client;
}

/** The longest one action's IMAP work (a move, its undo, a flag) may take before it is abandoned. */
export const IMAP_ACTION_TIMEOUT_MS = 30_000;

/**
 * Runs `fn` on an open session, but never longer than `ms`: past it the session is closed (which
 * fails its pending commands) and the caller gets an `unreachable` error saying so, instead of a
 * request that never answers (imapflow's own socket timeout is five minutes of silence).
 */
export async function withImapDeadline<T>(
  client: ImapFlow,
  where: string,
  ms: number,
  fn: (c: ImapFlow) => Promise<T>,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      client.close();
      reject(
        new AccountError(
          "unreachable",
          `${where} did not answer within ${Math.round(ms / 100) / 10} s: the action was abandoned (check the message's folder in your mail app)`,
        ),
      );
    }, ms);
  });
  const work = fn(client);
  // Once the deadline won, the closed session's rejection has nobody left to hear it.
  work.catch(() => {});
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

export { explain as explainImapError };
