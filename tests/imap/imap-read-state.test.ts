import { rm } from "node:fs/promises";
import { rankSenders } from "@scouts/core/assistant/cleanup";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imapSuggestionId } from "../../local-agent/accounts/imap-sync.ts";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { startDovecot } from "../support/dovecot.ts";
import { directMail, startAccountAgent } from "../support/mail-account-fixture.ts";

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
 * The clean-up screen's read rate counts mail read in any mail app: a message another IMAP client
 * marks `\Seen` on a real Dovecot becomes opened on the device, and unread again when cleared.
 */
describe("IMAP read state feeds the clean-up read rate (real Dovecot)", () => {
  let dv: Dovecot;
  let home: string;
  let agent: RunningAgent;
  let accountId = "";

  /** Sets or clears `\Seen` as another mail app would. */
  const setSeen = async (messageId: string, seen: boolean) => {
    const c = await dv.client("maya");
    try {
      const lock = await c.getMailboxLock("INBOX");
      try {
        const uids = (await c.search({ header: { "message-id": messageId } }, { uid: true })) || [];
        expect(uids).toHaveLength(1);
        if (seen) await c.messageFlagsAdd(String(uids[0]), ["\\Seen"], { uid: true });
        else await c.messageFlagsRemove(String(uids[0]), ["\\Seen"], { uid: true });
      } finally {
        lock.release();
      }
    } finally {
      await c.logout();
    }
  };
  const arrive = async (subject: string): Promise<{ s: Suggestion; messageId: string }> => {
    const m = directMail("read-state", subject);
    await dv.deliver("maya", "INBOX", m.raw);
    const id = imapSuggestionId(accountId, { messageId: m.messageId, folder: "", uidValidity: "", uid: 0 });
    const s = await until(`the suggestion for ${subject}`, () => agent.ctx.stores.suggestions.get(id));
    return { s, messageId: m.messageId };
  };
  const readRate = async () => {
    const all = await agent.ctx.stores.suggestions.all();
    return rankSenders({ input: { suggestions: all, now: Date.now(), days: 7 } }).find(
      (v) => v.address === "ana.souza@example.org",
    );
  };

  beforeAll(async () => {
    dv = await startDovecot({ users: { maya: "correct horse battery" } });
    // The check timer is far off: only the server's own FLAGS notice under IDLE can bring the change.
    ({ home, agent, accountId } = await startAccountAgent(
      "imap-read-state",
      (accounts) =>
        accounts.addImap({
          host: "127.0.0.1",
          port: dv.port,
          user: "maya",
          password: "correct horse battery",
          tls: "starttls",
          pinSha256: dv.certSha256,
        }),
      { backoffMs: 100, maxBackoffMs: 400, checkEveryMs: 120_000 },
    ));
  }, 60_000);
  afterAll(async () => {
    await agent?.stop();
    await dv?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("a message marked \\Seen in another client counts as opened; cleared, it is unread again", async () => {
    const first = await arrive("daily digest 1");
    const second = await arrive("daily digest 2");
    expect(first.s.unread).toBe(true);
    expect(first.s.openedAt ?? null).toBeNull();
    expect(await readRate()).toMatchObject({ count: 2, opened: 0, readRate: 0 });

    await setSeen(first.messageId, true);
    await until(
      "the \\Seen flag on the device",
      async () => (await agent.ctx.stores.suggestions.get(first.s.id))?.unread === false,
    );
    expect(await readRate()).toMatchObject({ count: 2, opened: 1, readRate: 0.5 });
    // The agent's own fetch of the message (read-only, BODY.PEEK) never marks it read.
    expect((await agent.ctx.stores.suggestions.get(second.s.id))?.unread).toBe(true);

    await setSeen(first.messageId, false);
    await until(
      "the cleared flag on the device",
      async () => (await agent.ctx.stores.suggestions.get(first.s.id))?.unread === true,
    );
    expect(await readRate()).toMatchObject({ count: 2, opened: 0, readRate: 0 });
  }, 60_000);

  it("a message already \\Seen when first synced arrives as opened", async () => {
    const m = directMail("read-state", "read before sync");
    const c = await dv.client("maya");
    try {
      await c.append("INBOX", m.raw, ["\\Seen"]);
    } finally {
      await c.logout();
    }
    const id = imapSuggestionId(accountId, { messageId: m.messageId, folder: "", uidValidity: "", uid: 0 });
    const s = await until("the suggestion", async () => {
      const x = await agent.ctx.stores.suggestions.get(id);
      return x?.unread === false ? x : null;
    });
    expect(s.unread).toBe(false);
  }, 60_000);
});
