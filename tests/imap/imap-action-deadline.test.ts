import type { LedgerEntry } from "@scouts/core/protocol/local-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imapActions } from "../../local-agent/accounts/imap-actions.ts";
import { AccountError, openImap, withImapDeadline } from "../../local-agent/accounts/imap-client.ts";
import type { mailAccounts } from "../../local-agent/db/schema/accounts.ts";
import type { AgentCtx } from "../../local-agent/services/context.ts";
import { startDovecot } from "../support/dovecot.ts";
import { startStallingFront } from "../support/imap-strip-proxy.ts";

type Dovecot = Awaited<ReturnType<typeof startDovecot>>;
type Row = typeof mailAccounts.$inferSelect;
const PASSWORD = "correct horse battery";

/**
 * A server that stops answering mid-action (issue 18 item 3: an undo that never answered) must
 * fail the action with a clear error in bounded time, not hold the request until imapflow's
 * five-minute socket timeout.
 */
describe("IMAP actions have a deadline (real Dovecot behind a front that stalls)", () => {
  let dv: Dovecot;
  beforeAll(async () => {
    dv = await startDovecot({ users: { maya: PASSWORD } });
    await dv.deliver("maya", "INBOX", "Subject: hi\r\nMessage-ID: <deadline-1@example.org>\r\n\r\nhello\r\n");
  }, 60_000);
  afterAll(async () => {
    await dv?.stop();
  });
  const loginVia = (port: number) => ({
    server: { host: "127.0.0.1", port, tls: "off" as const },
    username: "maya",
    password: PASSWORD,
  });

  it("answers normally while the server answers, and fails with unreachable when it stops", async () => {
    const px = await startStallingFront(dv.port);
    try {
      const c = await openImap(loginVia(px.port));
      const list = await withImapDeadline(c, "127.0.0.1", 2_000, (x) => x.list());
      expect(list.map((m) => m.path)).toContain("INBOX");
      px.stall();
      const t0 = Date.now();
      const err = await withImapDeadline(c, "127.0.0.1", 500, (x) => x.list()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AccountError);
      expect((err as AccountError).code).toBe("unreachable");
      expect((err as AccountError).message).toMatch(/did not answer within 0\.5 s/);
      expect(Date.now() - t0).toBeLessThan(5_000);
      expect(c.usable).toBe(false);
    } finally {
      await px.stop();
    }
  }, 30_000);

  it("an undo (move back to INBOX) on a stalled server fails in bounded time with a clear error", async () => {
    const px = await startStallingFront(dv.port);
    const row = { id: "acct1", server: loginVia(px.port).server, username: "maya" } as unknown as Row;
    const actions = imapActions(
      {} as AgentCtx,
      {
        rows: async () => [row],
        openSession: async () => {
          const c = await openImap(loginVia(px.port));
          px.stall();
          return c;
        },
        recordError: async (_id, e) => e as AccountError,
      },
      { timeoutMs: 700 },
    );
    const entry = {
      suggestionId: null,
      scoutId: "imap:acct1",
      reversal: {
        action: "move",
        imap: {
          from: { folder: "INBOX", uidValidity: "1", uid: 1 },
          to: { folder: "Archive", uidValidity: "1", uid: 1 },
        },
      },
    } as unknown as LedgerEntry;
    try {
      const t0 = Date.now();
      const err = await actions.reverse(entry).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AccountError);
      expect((err as AccountError).code).toBe("unreachable");
      expect((err as AccountError).message).toMatch(/127\.0\.0\.1 did not answer within 0\.7 s/);
      expect(Date.now() - t0).toBeLessThan(7_000);
    } finally {
      await px.stop();
    }
  }, 30_000);
});
