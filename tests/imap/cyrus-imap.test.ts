import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { MailAccountList } from "@scouts/core/protocol/mail-accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openOfflineAgent } from "../../local-agent/accounts/accounts.ts";
import { imapSuggestionId, parseImapRef } from "../../local-agent/accounts/imap-sync.ts";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { startCyrus, until } from "../support/cyrus.ts";
import { callAgent, directMail, startAccountAgent } from "../support/mail-account-fixture.ts";

type Cyrus = Awaited<ReturnType<typeof startCyrus>>;

/**
 * The agent's IMAP account against a real Cyrus imapd (the IMAP tests otherwise run on Dovecot):
 * a first sync of mail already there, a UIDVALIDITY reset (the folder deleted and made again),
 * new mail during IDLE, and archive with its undo by the UID Cyrus gives in COPYUID.
 */
describe("IMAP accounts on a real Cyrus", () => {
  let cy: Cyrus;
  const users = { maya: "correct horse battery", kenji: "staple", lena: "hunter2 hunter2" };
  const imapInput = (user: keyof typeof users, folders: string[]) => ({
    host: "127.0.0.1",
    port: cy.imapPort,
    user,
    password: users[user],
    // Loopback only: the agent refuses plain IMAP anywhere else.
    tls: "off" as const,
    folders,
  });
  /** Where the message is now on the server, seen by another client: folder and UID. */
  const where = async (user: string, messageId: string) => {
    const c = await cy.imapClient(user);
    try {
      for (const folder of ["INBOX", "Archive"]) {
        const lock = await c.getMailboxLock(folder, { readOnly: true });
        try {
          const uids = (await c.search({ header: { "message-id": messageId } }, { uid: true })) || [];
          if (uids.length === 1) return { folder, uid: uids[0]! };
        } finally {
          lock.release();
        }
      }
      return null;
    } finally {
      await c.logout();
    }
  };

  beforeAll(async () => {
    cy = await startCyrus({ users, imap: true });
  }, 60_000);
  afterAll(async () => {
    await cy?.stop();
  });

  describe("sync without a running agent", () => {
    let home: string;
    let offline: Awaited<ReturnType<typeof openOfflineAgent>>;
    let id = "";
    const lists = directMail("cyrus-imap", "newsletter digest", "This week's notes from the reading group.");
    beforeAll(async () => {
      home = await mkdtemp(path.join(os.tmpdir(), "scouts-cyrus-imap-"));
      offline = await openOfflineAgent(home, { stage2: null });
    });
    afterAll(async () => {
      offline?.close();
      if (home) await rm(home, { recursive: true, force: true });
    });

    it("refuses a wrong password with a clear message and stores nothing", async () => {
      await expect(
        offline.accounts.addImap({ ...imapInput("kenji", ["INBOX"]), password: "not the password" }),
      ).rejects.toThrow("refused the user name or password for kenji");
      expect(await offline.accounts.list()).toEqual([]);
    }, 30_000);

    it("a first sync reads what is already in each folder once, and a second finds nothing new", async () => {
      const other = await cy.imapClient("kenji");
      try {
        await other.mailboxCreate("Lists");
        await other.append("Lists", lists.raw);
      } finally {
        await other.logout();
      }
      await cy.deliver("kenji", directMail("cyrus-imap", "budget sheet").raw);
      await cy.deliver("kenji", directMail("cyrus-imap", "dinner saturday?").raw);
      id = (await offline.accounts.addImap(imapInput("kenji", ["INBOX", "Lists"]))).id;
      const first = await offline.accounts.sync(offline.ctx, id);
      expect(first).toMatchObject({ seen: 3, new: 3 });
      const again = await offline.accounts.sync(offline.ctx, id);
      expect(again).toMatchObject({ seen: 0, new: 0, suggestions: 0 });
      expect((await offline.accounts.test(id)).folders).toEqual([
        { name: "INBOX", messages: 2 },
        { name: "Lists", messages: 1 },
      ]);
    }, 30_000);

    it("a folder deleted and made again (a new UIDVALIDITY) is read again without duplicates", async () => {
      const other = await cy.imapClient("kenji");
      const uidValidity = async () => {
        const st = await other.status("Lists", { uidValidity: true });
        if (!st || st.uidValidity === undefined) throw new Error("Cyrus gave no UIDVALIDITY for Lists");
        return st.uidValidity;
      };
      let before: bigint;
      let after: bigint;
      try {
        before = await uidValidity();
        await other.mailboxDelete("Lists");
        await other.mailboxCreate("Lists");
        await other.append("Lists", lists.raw);
        after = await uidValidity();
      } finally {
        await other.logout();
      }
      // Cyrus gives the new folder a new UIDVALIDITY: the case the sync must recognise.
      expect(after).not.toBe(before);
      const res = await offline.accounts.sync(offline.ctx, id);
      // Seen again under the new UIDVALIDITY, recognised by its Message-ID: nothing new.
      expect(res).toMatchObject({ seen: 1, new: 0, suggestions: 0 });
    }, 30_000);
  });

  describe("a running agent watching the account", () => {
    let home: string;
    let agent: RunningAgent;
    let token = "";
    let accountId = "";
    const health = () => agent.ctx.mailWatch?.health().find((a) => a.id === accountId);
    const suggestionFor = (messageId: string) =>
      agent.ctx.stores.suggestions.get(
        imapSuggestionId(accountId, { messageId, folder: "", uidValidity: "", uid: 0 }),
      );

    beforeAll(async () => {
      ({ home, agent, accountId, token } = await startAccountAgent(
        "cyrus-imap-watch",
        (accounts) => accounts.addImap(imapInput("maya", ["INBOX", "Archive"])),
        { backoffMs: 100, maxBackoffMs: 400, checkEveryMs: 30_000 },
      ));
    }, 60_000);
    afterAll(async () => {
      await agent?.stop();
      if (home) await rm(home, { recursive: true, force: true });
    });

    it("turns mail delivered during IDLE into a suggestion within seconds", async () => {
      await until("the watcher to idle", async () => health()?.state === "watching");
      const m = directMail("cyrus-imap", "numbers before Tuesday");
      const t0 = Date.now();
      await cy.deliver("maya", m.raw);
      // The watcher's timer is 30 s: a suggestion well before it came from IDLE (10 s leaves room for load).
      const s = await until("the suggestion", () => suggestionFor(m.messageId), 10_000);
      expect(Date.now() - t0).toBeLessThan(10_000);
      expect(s).toMatchObject({ subject: "numbers before Tuesday", source: "imap", status: "new" });
      await until("the pass to finish", async () => health()?.state === "watching");
      expect(health()).toMatchObject({ connected: true, lastError: null });
    }, 30_000);

    it("archive moves the message to Cyrus' \\Archive folder; undo moves it back by its COPYUID", async () => {
      const m = directMail("cyrus-imap", "archive me");
      await cy.deliver("maya", m.raw);
      const s = await until("the suggestion", () => suggestionFor(m.messageId));
      const before = await where("maya", m.messageId);
      expect(before?.folder).toBe("INBOX");

      const res = await callAgent(agent, token, "POST", `/suggestions/${s.id}/actions`, {
        action: "archive",
        confirmed: true,
      });
      expect(res.body).toMatchObject({ status: "applied" });
      const moved = await where("maya", m.messageId);
      expect(moved?.folder).toBe("Archive");
      const entry = await agent.ctx.stores.ledger.get(String(res.body.ledgerId));
      expect(entry).toMatchObject({ status: "applied", action: "archive", reversible: true });
      expect(entry?.reversal).toMatchObject({ imap: { to: { folder: "Archive", uid: moved!.uid } } });

      const undone = await callAgent(agent, token, "POST", `/ledger/${res.body.ledgerId}/undo`);
      expect(undone.status, JSON.stringify(undone.body)).toBe(200);
      const back = await where("maya", m.messageId);
      expect(back?.folder).toBe("INBOX");
      expect(back!.uid).not.toBe(before!.uid);
      const restored = await agent.ctx.stores.suggestions.get(s.id);
      expect(restored?.status).toBe("new");
      expect(parseImapRef(restored!.sourceMsgRef)).toMatchObject({ folder: "INBOX", uid: back!.uid });
    }, 30_000);
  });

  it("mail that arrives while a pass reads another folder is read at once, not at the next timer", async () => {
    // A pass long enough to deliver during it: the first one over a full Archive.
    const backlog = Array.from({ length: 150 }, (_, i) => directMail("cyrus-backlog", `old thread ${i}`).raw);
    await cy.deliverMany("lena+Archive", backlog);
    const a = await startAccountAgent(
      "cyrus-imap-race",
      (accounts) => accounts.addImap(imapInput("lena", ["INBOX", "Archive"])),
      { backoffMs: 100, maxBackoffMs: 400, checkEveryMs: 60_000 },
    );
    try {
      // Where the pass is, as the Accounts screen reads it.
      const at = async () =>
        MailAccountList.parse(
          (await callAgent(a.agent, a.token, "GET", "/mail-accounts")).body,
        ).accounts.find((x) => x.id === a.accountId)?.progress?.folder;
      await until("the pass to reach Archive", async () => (await at()) === "Archive");
      const m = directMail("cyrus-imap", "while you were in Archive");
      await cy.deliver("lena", m.raw);
      // The precondition of this test: INBOX was read already and the pass is still elsewhere.
      expect(await at()).toBe("Archive");
      const id = imapSuggestionId(a.accountId, {
        messageId: m.messageId,
        folder: "",
        uidValidity: "",
        uid: 0,
      });
      // The check timer is 60 s: within 20 s, it was the re-select of INBOX after the pass that saw it.
      const s = await until("the suggestion", () => a.agent.ctx.stores.suggestions.get(id), 20_000);
      expect(s).toMatchObject({ subject: "while you were in Archive", status: "new" });
    } finally {
      await a.agent.stop();
      await rm(a.home, { recursive: true, force: true });
    }
  }, 60_000);
});
