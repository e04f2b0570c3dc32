import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imapSuggestionId, LEFT_INBOX_LABEL } from "../../local-agent/accounts/imap-sync.ts";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { startCyrus, until } from "../support/cyrus.ts";
import { startCountingFront } from "../support/imap-strip-proxy.ts";
import { directMail, startAccountAgent } from "../support/mail-account-fixture.ts";

type Cyrus = Awaited<ReturnType<typeof startCyrus>>;
const PASSWORD = "correct horse battery";

/**
 * The running agent watching an IMAP account on a real Cyrus imapd, with and without CONDSTORE
 * (Cyrus' own `suppress_capabilities`): mail during IDLE, a message another client moves out of
 * INBOX, the server side of the connection killed (mail that came meanwhile read once), Cyrus
 * restarted, and a revoked password (one refused login, a notice, no retries). The agent reaches
 * Cyrus through a pass-through front that counts logins and can refuse new connections for a while.
 */
function watchSuite(name: string, suppress: string[]) {
  describe(name, () => {
    let cy: Cyrus;
    let front: Awaited<ReturnType<typeof startCountingFront>>;
    let home = "";
    let agent: RunningAgent;
    let accountId = "";
    const health = () => agent.ctx.mailWatch?.health().find((a) => a.id === accountId);
    const suggestionFor = (messageId: string) =>
      agent.ctx.stores.suggestions.get(
        imapSuggestionId(accountId, { messageId, folder: "", uidValidity: "", uid: 0 }),
      );
    /** How many suggestions carry this subject: a message read twice would make two. */
    const withSubject = async (subject: string) =>
      (await agent.ctx.stores.suggestions.all()).filter((s) => s.subject === subject).length;
    const arrive = async (subject: string) => {
      const m = directMail("cyrus-watch", subject);
      await cy.deliver("maya", m.raw);
      return { ...m, s: await until(`the suggestion for ${subject}`, () => suggestionFor(m.messageId)) };
    };

    beforeAll(async () => {
      cy = await startCyrus({ users: { maya: PASSWORD }, imap: true, suppressCapabilities: suppress });
      front = await startCountingFront(cy.imapPort);
      ({ home, agent, accountId } = await startAccountAgent(
        "cyrus-imap-watch",
        (accounts) =>
          accounts.addImap({
            host: "127.0.0.1",
            port: front.port,
            user: "maya",
            password: PASSWORD,
            // Loopback only: the agent refuses plain IMAP anywhere else.
            tls: "off",
            folders: ["INBOX", "Archive"],
          }),
        { backoffMs: 100, maxBackoffMs: 400, checkEveryMs: 30_000 },
      ));
    }, 60_000);
    afterAll(async () => {
      await agent?.stop();
      await front?.stop();
      await cy?.stop();
      if (home) await rm(home, { recursive: true, force: true });
    });

    it(`Cyrus ${suppress.length ? "leaves out" : "offers"} CONDSTORE, and the agent enables it only when offered`, async () => {
      const other = await cy.imapClient("maya");
      try {
        expect(other.capabilities.has("CONDSTORE")).toBe(suppress.length === 0);
        expect(other.capabilities.has("QRESYNC")).toBe(suppress.length === 0);
      } finally {
        await other.logout();
      }
      await until("the watcher to idle", async () => health()?.state === "watching");
      // What the agent's sessions asked of the server (imapflow sends ENABLE CONDSTORE when offered).
      const used = front.commands().filter((l) => /CONDSTORE|QRESYNC|CHANGEDSINCE/i.test(l));
      if (suppress.length) expect(used).toEqual([]);
      else expect(used).toContainEqual(expect.stringMatching(/^\S+ ENABLE CONDSTORE/));
    }, 30_000);

    it("turns mail delivered during IDLE into a suggestion within seconds", async () => {
      await until("the watcher to idle", async () => health()?.state === "watching");
      const t0 = Date.now();
      const { s } = await arrive("numbers before Tuesday");
      // The check timer is 30 s: well before it, IDLE told the watcher (10 s leaves room for load).
      expect(Date.now() - t0).toBeLessThan(10_000);
      expect(s).toMatchObject({ source: "imap", status: "new" });
      await until("the pass to finish", async () => health()?.state === "watching");
      expect(health()).toMatchObject({ connected: true, lastError: null });
    }, 30_000);

    it("a message another client moves out of INBOX takes its suggestion away (left-inbox)", async () => {
      const { s, messageId } = await arrive("handled on the phone");
      const other = await cy.imapClient("maya");
      try {
        const lock = await other.getMailboxLock("INBOX");
        try {
          const uids = (await other.search({ header: { "message-id": messageId } }, { uid: true })) || [];
          expect(uids).toHaveLength(1);
          expect(await other.messageMove(String(uids[0]), "Archive", { uid: true })).toBeTruthy();
        } finally {
          lock.release();
        }
      } finally {
        await other.logout();
      }
      const after = await until("the suggestion to learn it left", async () => {
        const x = await agent.ctx.stores.suggestions.get(s.id);
        return x?.status === "archived" ? x : null;
      });
      expect(after.labels).toContain(LEFT_INBOX_LABEL);
      // Archive is watched too: the message found there is not a new suggestion.
      expect(await withSubject("handled on the phone")).toBe(1);
    }, 30_000);

    it("the server side of the connection killed: reconnects with backoff, reads what came meanwhile once", async () => {
      await until("the watcher to idle", async () => health()?.state === "watching");
      const before = (await agent.ctx.stores.suggestions.all()).length;
      const connections = front.connections();
      // New connections fail until the mail below is in: it surely arrives while the agent is away.
      front.refuse(true);
      expect(cy.dropImapSessions("maya")).toBeGreaterThan(0);
      await until("the drop to be seen", async () => health()?.state === "retrying");
      expect(health()).toMatchObject({ connected: false, lastError: expect.any(String) });
      const m = directMail("cyrus-watch", "sent while you were away");
      await cy.deliver("maya", m.raw);
      // Several attempts while refused, each after a growing delay (100 ms base, 400 ms cap).
      await until("a few refused attempts", async () => front.connections() >= connections + 3);
      expect(await suggestionFor(m.messageId)).toBeNull();
      front.refuse(false);
      const s = await until("the mail that came meanwhile", () => suggestionFor(m.messageId));
      expect(s).toMatchObject({ subject: "sent while you were away", status: "new" });
      await until("the pass to finish", async () => health()?.state === "watching");
      expect(health()).toMatchObject({ connected: true, lastError: null });
      // Read once, and nothing read before the drop became a second suggestion.
      expect((await agent.ctx.stores.suggestions.all()).length).toBe(before + 1);
    }, 40_000);

    it("reconnects after Cyrus restarts and keeps delivering, without duplicates", async () => {
      await until("the watcher to idle", async () => health()?.state === "watching");
      const before = (await agent.ctx.stores.suggestions.all()).length;
      await cy.restart();
      await until("the reconnect", async () => health()?.state === "watching" && health()?.connected, 20_000);
      const { s } = await arrive("lunch after the restart");
      expect(s.status).toBe("new");
      await until("the pass to finish", async () => health()?.state === "watching");
      expect((await agent.ctx.stores.suggestions.all()).length).toBe(before + 1);
    }, 60_000);

    it("a revoked password: one refused login, a needs_reauth notice, and no retries", async () => {
      await until("the watcher to idle", async () => health()?.state === "watching");
      cy.setPassword("maya", "a new app password");
      const logins = front.logins();
      // Cyrus keeps a session that logged in before; the agent meets the new password on reconnecting.
      expect(cy.dropImapSessions("maya")).toBeGreaterThan(0);
      await until("the login to be refused", async () => health()?.state === "needs_login", 20_000);
      expect(health()?.lastError).toContain("refused the user name or password for maya");
      expect(await agent.ctx.stores.notices.active()).toEqual([
        expect.objectContaining({ kind: "needs_reauth", scoutId: `imap:${accountId}`, provider: "imap" }),
      ]);
      expect(front.logins()).toBe(logins + 1);
      // Many backoff periods later (cap 400 ms, and Cyrus answers a refusal at once): still one.
      await new Promise((r) => setTimeout(r, 2_000));
      expect(front.logins()).toBe(logins + 1);
      expect(health()).toMatchObject({ state: "needs_login", connected: false });
    }, 40_000);
  });
}

watchSuite("a watched IMAP account on a real Cyrus (CONDSTORE, QRESYNC)", []);
watchSuite("a watched IMAP account on a real Cyrus without CONDSTORE", ["CONDSTORE", "QRESYNC"]);
