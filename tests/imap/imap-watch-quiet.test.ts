import { describe, expect, it } from "vitest";
import { imapSuggestionId } from "../../local-agent/accounts/imap-sync.ts";
import { countPasses, watchedImap } from "../support/imap-watch-fixture.ts";
import { directMail, until } from "../support/mail-account-fixture.ts";

/** A running agent watching `folders` of a fresh account on a real Dovecot. */
function watchedAccount(folders: string[]) {
  const { t, health } = watchedImap({
    name: "imap-quiet",
    folders,
    mailWatch: { backoffMs: 100, maxBackoffMs: 400, checkEveryMs: 30_000 },
  });
  return { t, health };
}

/**
 * A pass that sends the server no command leaves the session's IDLE running; the watcher must then
 * wait on that IDLE, not treat "already idling" as a change. Before the fix, a message leaving INBOX
 * that no open suggestion pointed at started passes back to back (no command, so IDLE never ended),
 * with one more promise reaction per loop: 100 % CPU and memory growing until the agent stopped
 * answering (seen as an undo that never answered, and a test worker at 19 GB).
 */
describe("IMAP watcher on a quiet mailbox after a change that needs no command", () => {
  const { t, health } = watchedAccount(["INBOX"]);

  it("idles after a message it no longer tracks leaves INBOX (no back-to-back passes)", async () => {
    await until("the watcher to idle", async () => health()?.state === "watching", 10_000);
    const m = directMail("imap-quiet", "dinner saturday?", "Are you free on Saturday evening?");
    await t.dv.deliver("maya", "INBOX", m.raw);
    const id = imapSuggestionId(t.accountId, {
      messageId: m.messageId,
      folder: "INBOX",
      uidValidity: "",
      uid: 0,
    });
    // Read (a suggestion, or screened by stage 1): either way no open suggestion tracks it after this.
    await until(
      "the message to be read",
      async () => {
        const s = await t.agent.ctx.stores.suggestions.get(id);
        if (s && s.status === "new") await t.agent.ctx.stores.suggestions.update(id, { status: "approved" });
        return health()?.state === "watching" && health()?.lastChangeAt;
      },
      10_000,
    );
    const other = await t.dv.client("maya");
    try {
      const lock = await other.getMailboxLock("INBOX");
      try {
        const uids = (await other.search(
          { header: { "message-id": m.messageId } },
          { uid: true },
        )) as number[];
        expect(uids).toHaveLength(1);
        await other.messageDelete(String(uids[0]), { uid: true });
      } finally {
        lock.release();
      }
    } finally {
      await other.logout();
    }
    // The expunge starts one pass; then the watcher idles again.
    await new Promise((r) => setTimeout(r, 1_000));
    const last = health()?.lastSyncAt;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(health()?.lastSyncAt).toBe(last);
    expect(health()?.state).toBe("watching");
  }, 40_000);
});

/**
 * With a second folder the pass ends outside INBOX, so the watcher re-selects INBOX and compares it
 * with INBOX as the pass left it. A snapshot taken only at SELECT went stale when INBOX was already
 * selected (IDLE), and every new message then cost a second, needless pass.
 */
describe("IMAP watcher over INBOX and another folder", () => {
  const { t, health } = watchedAccount(["INBOX", "Archive"]);

  it("reads mail delivered during IDLE in one pass, then idles", async () => {
    await until(
      "the watcher to idle",
      async () => health()?.state === "watching" && health()?.lastSyncAt,
      10_000,
    );
    const passes = countPasses(health);
    const m = directMail("imap-quiet", "lunch tomorrow", "Lunch tomorrow at 12:30? I'm near your office.");
    await t.dv.deliver("maya", "INBOX", m.raw);
    await until("the pass", async () => passes.size() > 0, 10_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await passes.stop()).toBe(1);
    expect(health()?.state).toBe("watching");
  }, 40_000);
});
