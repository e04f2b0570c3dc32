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

/**
 * A pass that sends the server no command leaves the session's IDLE running; the watcher must then
 * wait on that IDLE, not treat "already idling" as a change. Before the fix, a message leaving INBOX
 * that no open suggestion pointed at started passes back to back (no command, so IDLE never ended),
 * with one more promise reaction per loop: 100 % CPU and memory growing until the agent stopped
 * answering (seen as an undo that never answered, and a test worker at 19 GB).
 */
describe("IMAP watcher on a quiet mailbox after a change that needs no command", () => {
  let dv: Awaited<ReturnType<typeof startDovecot>>;
  let home: string;
  let agent: RunningAgent;
  let accountId = "";
  const health = () => agent.ctx.mailWatch?.health().find((a) => a.id === accountId);

  beforeAll(async () => {
    dv = await startDovecot({ users: { maya: "correct horse battery" } });
    home = await mkdtemp(path.join(os.tmpdir(), "scouts-imap-quiet-"));
    const offline = await openOfflineAgent(home, { stage2: null });
    try {
      const acc = await offline.accounts.addImap({
        host: "127.0.0.1",
        port: dv.port,
        user: "maya",
        password: "correct horse battery",
        tls: "starttls",
        pinSha256: dv.certSha256,
        folders: ["INBOX"],
      });
      accountId = acc.id;
    } finally {
      offline.close();
    }
    agent = await startAgent(
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
    await agent?.stop();
    await dv?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("idles after a message it no longer tracks leaves INBOX (no back-to-back passes)", async () => {
    await until("the watcher to idle", async () => health()?.state === "watching");
    const m = directMail("imap-quiet", "dinner saturday?", "Are you free on Saturday evening?");
    await dv.deliver("maya", "INBOX", m.raw);
    const id = imapSuggestionId(accountId, {
      messageId: m.messageId,
      folder: "INBOX",
      uidValidity: "",
      uid: 0,
    });
    // Read (a suggestion, or screened by stage 1): either way no open suggestion tracks it after this.
    await until("the message to be read", async () => {
      const s = await agent.ctx.stores.suggestions.get(id);
      if (s && s.status === "new") await agent.ctx.stores.suggestions.update(id, { status: "approved" });
      return health()?.state === "watching" && health()?.lastChangeAt;
    });
    const other = await dv.client("maya");
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
