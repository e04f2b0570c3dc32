import { rm } from "node:fs/promises";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openOfflineAgent } from "../../local-agent/accounts/accounts.ts";
import { imapSuggestionId, parseImapRef } from "../../local-agent/accounts/imap-sync.ts";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { startDovecot } from "../support/dovecot.ts";
import { callAgent, directMail, startAccountAgent } from "../support/mail-account-fixture.ts";

type Dovecot = Awaited<ReturnType<typeof startDovecot>>;

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Actions on IMAP suggestions run on the account's own server (a real Dovecot) through the agent's
 * usual action and undo endpoints, each recorded in the ledger with a reversal that puts the
 * mailbox back: moves are undone with the UID the server gave in COPYUID.
 */
describe("IMAP actions and their undo (real Dovecot)", () => {
  let dv: Dovecot;
  let home: string;
  let agent: RunningAgent;
  let token = "";
  let accountId = "";
  const api = (method: string, p: string, body?: unknown) => callAgent(agent, token, method, p, body);
  /** Where the message is now on the server, seen by another client: folder, UID and flags. */
  const where = async (messageId: string) => {
    const c = await dv.client("maya");
    try {
      for (const folder of ["INBOX", "Archive", "Trash"]) {
        const lock = await c.getMailboxLock(folder, { readOnly: true });
        try {
          const uids = (await c.search({ header: { "message-id": messageId } }, { uid: true })) || [];
          if (uids.length === 1) {
            const m = await c.fetchOne(String(uids[0]), { flags: true, uid: true }, { uid: true });
            // \Recent depends on which session looked first: not ours to assert.
            return {
              folder,
              uid: uids[0]!,
              flags: [...((m ? m.flags : undefined) ?? [])].filter((f) => f !== "\\Recent").sort(),
            };
          }
        } finally {
          lock.release();
        }
      }
      return null;
    } finally {
      await c.logout();
    }
  };
  const arrive = async (subject: string): Promise<{ s: Suggestion; messageId: string }> => {
    const m = directMail("imap-action", subject);
    await dv.deliver("maya", "INBOX", m.raw);
    const id = imapSuggestionId(accountId, { messageId: m.messageId, folder: "", uidValidity: "", uid: 0 });
    const s = await until(`the suggestion for ${subject}`, () => agent.ctx.stores.suggestions.get(id));
    expect(s.status).toBe("new");
    return { s, messageId: m.messageId };
  };
  const act = (id: string, action: string, extra: Record<string, unknown> = {}) =>
    api("POST", `/suggestions/${id}/actions`, { action, confirmed: true, ...extra });

  beforeAll(async () => {
    dv = await startDovecot({ users: { maya: "correct horse battery" } });
    ({ home, agent, accountId, token } = await startAccountAgent(
      "imap-actions",
      (accounts) =>
        accounts.addImap({
          host: "127.0.0.1",
          port: dv.port,
          user: "maya",
          password: "correct horse battery",
          tls: "starttls",
          pinSha256: dv.certSha256,
        }),
      { backoffMs: 100, maxBackoffMs: 400 },
    ));
  }, 60_000);
  afterAll(async () => {
    await agent?.stop();
    await dv?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  for (const [action, folder] of [
    ["archive", "Archive"],
    ["trash", "Trash"],
  ] as const) {
    it(`${action} moves the message to the special-use folder; undo moves it back by its COPYUID`, async () => {
      const { s, messageId } = await arrive(`${action} me`);
      const before = await where(messageId);
      expect(before?.folder).toBe("INBOX");

      const res = await act(s.id, action);
      expect(res.body).toMatchObject({ status: "applied" });
      const moved = await where(messageId);
      expect(moved?.folder).toBe(folder);
      const after = await agent.ctx.stores.suggestions.get(s.id);
      // The suggestion follows its message, so a second action or the undo finds it.
      expect(parseImapRef(after!.sourceMsgRef)).toMatchObject({ folder, uid: moved!.uid });
      const entry = await agent.ctx.stores.ledger.get(String(res.body.ledgerId));
      expect(entry).toMatchObject({ status: "applied", action, reversible: true });
      expect(entry?.reversal).toMatchObject({ imap: { to: { folder, uid: moved!.uid } } });

      const undone = await api("POST", `/ledger/${res.body.ledgerId}/undo`);
      expect(undone.status, JSON.stringify(undone.body)).toBe(200);
      expect(undone.body.undone).toEqual([res.body.ledgerId]);
      const back = await where(messageId);
      expect(back?.folder).toBe("INBOX");
      expect(back!.uid).not.toBe(before!.uid);
      const restored = await agent.ctx.stores.suggestions.get(s.id);
      expect(restored?.status).toBe("new");
      expect(parseImapRef(restored!.sourceMsgRef)).toMatchObject({ folder: "INBOX", uid: back!.uid });
      // The watcher's next pass does not take the message that came back for new mail.
      expect(
        (await agent.ctx.stores.suggestions.all()).filter((x) => x.subject === `${action} me`),
      ).toHaveLength(1);
    }, 30_000);
  }

  it("mark read sets \\Seen and undo clears it; a flag label sets \\Flagged and undo clears it", async () => {
    const { s, messageId } = await arrive("flags");
    const read = await act(s.id, "mark_read");
    expect(read.body).toMatchObject({ status: "applied" });
    expect((await where(messageId))?.flags).toEqual(["\\Seen"]);
    const flagged = await act(s.id, "label", { label: "flagged" });
    expect(flagged.body).toMatchObject({ status: "applied" });
    expect((await where(messageId))?.flags).toEqual(["\\Flagged", "\\Seen"]);
    expect((await api("POST", `/ledger/${read.body.ledgerId}/undo`)).body.undone).toEqual([
      read.body.ledgerId,
    ]);
    expect((await where(messageId))?.flags).toEqual(["\\Flagged"]);
    expect((await api("POST", `/ledger/${flagged.body.ledgerId}/undo`)).body.undone).toEqual([
      flagged.body.ledgerId,
    ]);
    expect((await where(messageId))?.flags).toEqual([]);
  }, 30_000);

  it("refuses what IMAP cannot do or a label that is no keyword, recording the failure and changing nothing", async () => {
    const { s, messageId } = await arrive("refusals");
    const bad = await act(s.id, "label", { label: "two words" });
    expect(bad.body).toMatchObject({ status: "refused" });
    expect(String(bad.body.message)).toContain("not a valid IMAP keyword");
    expect(await agent.ctx.stores.ledger.get(String(bad.body.ledgerId))).toMatchObject({ status: "failed" });
    const block = await act(s.id, "block");
    expect(block.body).toMatchObject({ status: "refused" });
    expect(String(block.body.message)).toContain("not available for IMAP");
    expect(await where(messageId)).toMatchObject({ folder: "INBOX", flags: [] });
    expect((await agent.ctx.stores.suggestions.get(s.id))?.status).toBe("new");
  }, 30_000);

  it("an action whose account was removed fails clearly instead of pretending", async () => {
    const { s, messageId } = await arrive("orphan");
    const offline = await openOfflineAgent(home, { stage2: null });
    try {
      await offline.accounts.remove(accountId);
    } finally {
      offline.close();
    }
    const res = await act(s.id, "archive");
    expect(res.body).toMatchObject({ status: "refused" });
    expect(String(res.body.message)).toContain("mail account of this suggestion was removed");
    expect((await where(messageId))?.folder).toBe("INBOX");
    expect((await agent.ctx.stores.suggestions.get(s.id))?.status).toBe("new");
  }, 30_000);
});
