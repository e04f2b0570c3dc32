import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { silentLogger } from "@scouts/core/ports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openOfflineAgent } from "../../local-agent/accounts/accounts.ts";
import { imapSuggestionId } from "../../local-agent/accounts/imap-sync.ts";
import { type RunningAgent, startAgent } from "../../local-agent/agent.ts";
import { readAgentConfig } from "../../local-agent/config.ts";
import { startDovecot } from "../support/dovecot.ts";
import { directMail } from "../support/mail-account-fixture.ts";

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A running agent watching `folders` of a fresh account on a real Dovecot. */
function watchedAccount(folders: string[]) {
  const t = {} as { dv: Awaited<ReturnType<typeof startDovecot>>; agent: RunningAgent; accountId: string };
  let home = "";
  beforeAll(async () => {
    t.dv = await startDovecot({ users: { maya: "correct horse battery" } });
    home = await mkdtemp(path.join(os.tmpdir(), "scouts-imap-quiet-"));
    const offline = await openOfflineAgent(home, { stage2: null });
    try {
      const acc = await offline.accounts.addImap({
        host: "127.0.0.1",
        port: t.dv.port,
        user: "maya",
        password: "correct horse battery",
        tls: "starttls",
        pinSha256: t.dv.certSha256,
        folders,
      });
      t.accountId = acc.id;
    } finally {
      offline.close();
    }
    t.agent = await startAgent(
      readAgentConfig({ SCOUTS_HOME: home, SCOUTS_AGENT_PORT: "0", SCOUTS_CLOUD_URL: "http://127.0.0.1:9" }),
      {
        logger: silentLogger,
        stage2: null,
        connect: false,
        mailWatch: { backoffMs: 100, maxBackoffMs: 400, checkEveryMs: 30_000 },
      },
    );
  }, 60_000);
  afterAll(async () => {
    await t.agent?.stop();
    await t.dv?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });
  return {
    t,
    health: () => t.agent.ctx.mailWatch?.health().find((a) => a.id === t.accountId),
  };
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
    await until("the watcher to idle", async () => health()?.state === "watching");
    const m = directMail("imap-quiet", "dinner saturday?", "Are you free on Saturday evening?");
    await t.dv.deliver("maya", "INBOX", m.raw);
    const id = imapSuggestionId(t.accountId, {
      messageId: m.messageId,
      folder: "INBOX",
      uidValidity: "",
      uid: 0,
    });
    // Read (a suggestion, or screened by stage 1): either way no open suggestion tracks it after this.
    await until("the message to be read", async () => {
      const s = await t.agent.ctx.stores.suggestions.get(id);
      if (s && s.status === "new") await t.agent.ctx.stores.suggestions.update(id, { status: "approved" });
      return health()?.state === "watching" && health()?.lastChangeAt;
    });
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
    await until("the watcher to idle", async () => health()?.state === "watching" && health()?.lastSyncAt);
    const before = health()?.lastSyncAt;
    const passes = new Set<number>();
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const at = health()?.lastSyncAt;
        if (at && at !== before) passes.add(at);
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    const m = directMail("imap-quiet", "lunch tomorrow", "Lunch tomorrow at 12:30? I'm near your office.");
    await t.dv.deliver("maya", "INBOX", m.raw);
    await until("the pass", async () => passes.size > 0);
    await new Promise((r) => setTimeout(r, 1_500));
    polling = false;
    await poll;
    expect(passes.size).toBe(1);
    expect(health()?.state).toBe("watching");
  }, 40_000);
});
