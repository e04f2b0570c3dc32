import { rm } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openOfflineAgent } from "../../local-agent/accounts/accounts.ts";
import { runAccountsCli } from "../../local-agent/accounts/cli.ts";
import { imapSuggestionId } from "../../local-agent/accounts/imap-sync.ts";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { mailAccounts } from "../../local-agent/db/schema/accounts.ts";
import { startDovecot } from "../support/dovecot.ts";
import { startFakeOAuth } from "../support/fake-oauth.ts";
import { directMail, startAccountAgent, startAgentIn, until } from "../support/mail-account-fixture.ts";

type Dovecot = Awaited<ReturnType<typeof startDovecot>>;
type OAuth = Awaited<ReturnType<typeof startFakeOAuth>>;

/**
 * XOAUTH2 with token refresh against a real Dovecot whose oauth2 passdb checks each access token
 * at a loopback OAuth provider (RFC 7662 introspection), which also refreshes (RFC 6749 §6).
 */
describe("XOAUTH2 accounts refresh their access token (real Dovecot, loopback OAuth provider)", () => {
  let dv: Dovecot;
  let op: OAuth;
  let home: string;
  let agent: RunningAgent;
  let accountId = "";
  const health = () => agent.ctx.mailWatch?.health().find((a) => a.id === accountId);
  const arrive = async (subject: string) => {
    const m = directMail("imap-oauth", subject);
    await dv.deliver("maya", "INBOX", m.raw);
    const id = imapSuggestionId(accountId, { messageId: m.messageId, folder: "", uidValidity: "", uid: 0 });
    return until(`the suggestion for ${subject}`, () => agent.ctx.stores.suggestions.get(id), 30_000);
  };
  const watch = { backoffMs: 100, maxBackoffMs: 400 };
  const startIt = async () => {
    ({ agent } = await startAgentIn(home, watch));
  };
  const restartAgent = async () => {
    await agent.stop();
    await startIt();
  };
  const row = () => agent.ctx.db.select().from(mailAccounts).where(eq(mailAccounts.id, accountId)).get();

  beforeAll(async () => {
    op = await startFakeOAuth({ user: "maya", clientId: "scouts-test" });
    dv = await startDovecot({ users: { maya: "unused password" }, oauth2IntrospectUrl: op.introspectUrl });
    // Added with an access token that has already expired: the connection test refreshes it.
    ({ home, agent, accountId } = await startAccountAgent(
      "imap-oauth",
      async (accounts) => {
        const added = await accounts.addImap({
          host: "127.0.0.1",
          port: dv.port,
          user: "maya",
          password: op.issue(-1),
          tls: "off",
          auth: "xoauth2",
          oauth: { tokenUrl: op.tokenUrl, clientId: "scouts-test", refreshToken: op.refreshToken() },
        });
        expect(op.calls.refresh).toBe(1);
        return added;
      },
      watch,
    ));
  }, 60_000);
  afterAll(async () => {
    await agent?.stop();
    await dv?.stop();
    await op?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("keeps the tokens sealed, and mail arrives over XOAUTH2", async () => {
    const r = await row();
    expect(r?.server).toMatchObject({
      auth: "xoauth2",
      oauth: { tokenUrl: op.tokenUrl, clientId: "scouts-test" },
    });
    expect(r?.secret.startsWith("v1.")).toBe(true);
    expect(r?.secret).not.toContain(op.refreshToken());
    expect(JSON.stringify(r?.server)).not.toContain(op.refreshToken());
    expect((await arrive("over oauth")).source).toBe("imap");
  }, 40_000);

  it("the CLI adds an OAuth2 account with its refresh token from standard input (never argv)", async () => {
    const out = { stdout: "", stderr: "" };
    const io = {
      stdout: { write: (t: string) => (out.stdout += t) },
      stderr: { write: (t: string) => (out.stderr += t) },
      env: { SCOUTS_HOME: home },
      cwd: home,
    };
    const base = ["add", "imap", "--host", "127.0.0.1", "--port", String(dv.port), "--tls", "off"];
    const args = [...base, "--user", "maya", "--access-token-stdin", "--oauth-client-id", "scouts-test"];
    const code = await runAccountsCli([...args, "--oauth-token-url", op.tokenUrl], io, async () =>
      [op.issue(), op.refreshToken()].join("\n"),
    );
    expect(code, out.stderr).toBe(0);
    const added = out.stdout.trim();
    const stored = await agent.ctx.db.select().from(mailAccounts).where(eq(mailAccounts.id, added)).get();
    expect(stored?.server.oauth).toEqual({ tokenUrl: op.tokenUrl, clientId: "scouts-test" });
    expect(stored?.secret).not.toContain(op.refreshToken());
    // Without a token URL (and no preset that knows one) it says what is missing.
    const err = { stdout: "", stderr: "" };
    const bad = await runAccountsCli(
      args,
      { ...io, stderr: { write: (t: string) => (err.stderr += t) } },
      async () => [op.issue(), op.refreshToken()].join("\n"),
    );
    expect(bad).toBe(2);
    expect(err.stderr).toContain("--oauth-token-url");
    expect(await runAccountsCli(["remove", added], io)).toBe(0);
  }, 40_000);

  it("a refused (expired) access token is refreshed once and the session goes on; the rotated refresh token is kept", async () => {
    const before = op.calls.refresh;
    op.expireAll();
    // A new login (the restarted agent's) with the stored, now refused, access token.
    await restartAgent();
    expect((await arrive("after the refresh")).status).toBe("new");
    expect(op.calls.refresh).toBe(before + 1);
    expect(health()).toMatchObject({ connected: true, lastError: null });
    // The one-off sync of another process uses the stored (rotated) grant too.
    const offline = await openOfflineAgent(home, { stage2: null });
    try {
      expect((await offline.accounts.test(accountId)).folders[0]?.name).toBe("INBOX");
    } finally {
      offline.close();
    }
  }, 60_000);

  it("a revoked refresh token becomes a needs-re-auth notice, and the account stops retrying", async () => {
    op.revoke();
    await restartAgent();
    await until("needs_login", async () => health()?.state === "needs_login", 30_000);
    expect(health()?.lastError).toContain("invalid_grant");
    const notices = await agent.ctx.stores.notices.active();
    expect(notices).toEqual([
      expect.objectContaining({ kind: "needs_reauth", scoutId: `imap:${accountId}`, provider: "imap" }),
    ]);
    const refreshes = op.calls.refresh;
    await new Promise((r) => setTimeout(r, 1000));
    expect(op.calls.refresh).toBe(refreshes);
  }, 60_000);
});
