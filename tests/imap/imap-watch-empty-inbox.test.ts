import { describe, expect, it } from "vitest";
import { imapSuggestionId } from "../../local-agent/accounts/imap-sync.ts";
import { watchedImap } from "../support/imap-watch-fixture.ts";
import { callAgent, directMail, until } from "../support/mail-account-fixture.ts";

/**
 * Issue 18 item 3 / issue 14 item 4: moving the only INBOX message away through the agent left
 * the watcher's IDLE running while its pass over the now empty INBOX sent no command; the next
 * `idle()` returned at once and the watcher looped on microtasks, so no timer, HTTP request or
 * IMAP socket of the agent was served again (the undo never answered). Each check here waits on a
 * timer: before the fix, this file hangs right after the move.
 */
describe("the watcher after INBOX becomes empty (real Dovecot)", () => {
  const { t } = watchedImap({
    name: "imap-empty-inbox",
    folders: ["INBOX"],
    mailWatch: { backoffMs: 100, maxBackoffMs: 400, checkEveryMs: 30_000 },
  });
  const api = (method: string, p: string, body?: unknown) => callAgent(t.agent, t.token, method, p, body);

  it("archiving the only INBOX message keeps the agent answering, and undo brings it back", async () => {
    const { dv, agent, accountId } = t;
    const m = directMail("empty-inbox", "the only one");
    await dv.deliver("maya", "INBOX", m.raw);
    const id = imapSuggestionId(accountId, { messageId: m.messageId, folder: "", uidValidity: "", uid: 0 });
    await until("the suggestion", () => agent.ctx.stores.suggestions.get(id));
    const health = () => agent.ctx.mailWatch?.health().find((a) => a.id === accountId);
    await until("the watcher to idle", async () => health()?.state === "watching");

    const done = await api("POST", `/suggestions/${id}/actions`, { action: "archive", confirmed: true });
    expect(done.status).toBe(200);
    // The watcher sees the EXPUNGE under IDLE and runs a pass over the empty INBOX. A timer must
    // still fire on time and the API still answer.
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(Date.now() - t0).toBeLessThan(3_000);
    const ledger = await api("GET", "/ledger");
    expect(ledger.status).toBe(200);

    const undone = await api("POST", `/ledger/${done.body.ledgerId}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body.undone).toEqual([done.body.ledgerId]);
    const c = await dv.client("maya");
    try {
      const lock = await c.getMailboxLock("INBOX", { readOnly: true });
      try {
        const uids = (await c.search({ header: { "message-id": m.messageId } }, { uid: true })) || [];
        expect(uids).toHaveLength(1);
      } finally {
        lock.release();
      }
    } finally {
      await c.logout();
    }
    // And the watcher goes on: new mail is still read.
    const next = directMail("empty-inbox", "after the undo");
    await dv.deliver("maya", "INBOX", next.raw);
    const nextId = imapSuggestionId(accountId, {
      messageId: next.messageId,
      folder: "",
      uidValidity: "",
      uid: 0,
    });
    await until("the next suggestion", () => agent.ctx.stores.suggestions.get(nextId), 10_000);
  }, 60_000);
});
