import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imapSuggestionId } from "../../local-agent/accounts/imap-sync.ts";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { startDovecot } from "../support/dovecot.ts";
import { callAgent, directMail, startAccountAgent } from "../support/mail-account-fixture.ts";

type Dovecot = Awaited<ReturnType<typeof startDovecot>>;

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Issue 18 item 3 / issue 14 item 4: moving the only INBOX message away through the agent left
 * the watcher's IDLE running while its pass over the now empty INBOX sent no command; the next
 * `idle()` returned at once and the watcher looped on microtasks, so no timer, HTTP request or
 * IMAP socket of the agent was served again (the undo never answered). Each check here waits on a
 * timer: before the fix, this file hangs right after the move.
 */
describe("the watcher after INBOX becomes empty (real Dovecot)", () => {
  let dv: Dovecot;
  let home = "";
  let agent: RunningAgent;
  let token = "";
  let accountId = "";
  const api = (method: string, p: string, body?: unknown) => callAgent(agent, token, method, p, body);

  beforeAll(async () => {
    dv = await startDovecot({ users: { maya: "correct horse battery" } });
    ({ home, agent, accountId, token } = await startAccountAgent(
      "imap-empty-inbox",
      (accounts) =>
        accounts.addImap({
          host: "127.0.0.1",
          port: dv.port,
          user: "maya",
          password: "correct horse battery",
          tls: "starttls",
          pinSha256: dv.certSha256,
          folders: ["INBOX"],
        }),
      { backoffMs: 100, maxBackoffMs: 400, checkEveryMs: 30_000 },
    ));
  }, 60_000);
  afterAll(async () => {
    await agent?.stop();
    await dv?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("archiving the only INBOX message keeps the agent answering, and undo brings it back", async () => {
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
