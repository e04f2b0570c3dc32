import { describe, expect, it } from "vitest";
import { imapSuggestionId } from "../../local-agent/accounts/imap-sync.ts";
import { startImapLineFront } from "../support/imap-line-front.ts";
import { countPasses, watchedImap } from "../support/imap-watch-fixture.ts";
import { directMail, until } from "../support/mail-account-fixture.ts";

/**
 * An agent watching INBOX and Lists on a real Dovecot, through a line front (plain IMAP on
 * loopback) that can hide or refuse NOTIFY and shows what the watcher sent.
 */
function watched(front: Parameters<typeof startImapLineFront>[1], checkEveryMs: number) {
  const { t, health, read, idle } = watchedImap({
    name: "imap-notify",
    folders: ["INBOX", "Lists"],
    prepare: async (dv) => {
      const c = await dv.client("maya");
      await c.mailboxCreate("Lists");
      await c.logout();
    },
    front: (port) => startImapLineFront(port, front),
    mailWatch: { backoffMs: 100, maxBackoffMs: 400, checkEveryMs },
  });
  /** Delivers to `folder` and waits until the message is read; resolves to the milliseconds it took. */
  const arrival = async (folder: string, subject: string, ms = 10_000) => {
    const m = directMail("imap-notify", subject);
    const t0 = Date.now();
    await t.dv.deliver("maya", folder, m.raw);
    await until(`${subject} to be read`, () => read(m.messageId), ms);
    return Date.now() - t0;
  };
  return { t, health, arrival, idle };
}

const NOTIFY_SET =
  'NOTIFY SET (selected-delayed (MessageNew MessageExpunge FlagChange)) (mailboxes ("INBOX" "Lists") (MessageNew MessageExpunge))';

describe("IMAP watcher with NOTIFY (RFC 5465, real Dovecot)", () => {
  // Ten minutes: the periodic pass cannot be what reads Lists in this test.
  const { t, health, arrival, idle } = watched({}, 10 * 60_000);

  it("reads mail delivered to a watched folder other than INBOX at once, in one pass, then idles", async () => {
    await idle();
    expect(t.fx.sent()).toContain(NOTIFY_SET);
    const passes = countPasses(health);
    expect(await arrival("Lists", "the list digest")).toBeLessThan(5_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await passes.stop()).toBe(1);
    expect(health()).toMatchObject({ state: "watching", connected: true, lastError: null });
  }, 40_000);

  it("still reads INBOX by IDLE, and a second Lists message while idle", async () => {
    expect(await arrival("INBOX", "dinner saturday?")).toBeLessThan(5_000);
    await idle();
    expect(await arrival("Lists", "another digest")).toBeLessThan(5_000);
  }, 40_000);
});

describe("IMAP watcher with NOTIFY: a message another client moves between watched folders", () => {
  const { t, health, idle } = watched({}, 10 * 60_000);

  it("is marked as gone from INBOX, and not read again as a new message in Lists", async () => {
    await idle();
    const m = directMail("imap-notify", "moved to lists");
    await t.dv.deliver("maya", "INBOX", m.raw);
    const id = imapSuggestionId(t.accountId, { messageId: m.messageId, folder: "", uidValidity: "", uid: 0 });
    const s = await until("the suggestion", () => t.agent.ctx.stores.suggestions.get(id), 10_000);
    expect(s.status).toBe("new");
    await idle();
    const other = await t.dv.client("maya");
    try {
      const lock = await other.getMailboxLock("INBOX");
      try {
        const uids = (await other.search(
          { header: { "message-id": m.messageId } },
          { uid: true },
        )) as number[];
        await other.messageMove(String(uids[0]), "Lists", { uid: true });
      } finally {
        lock.release();
      }
    } finally {
      await other.logout();
    }
    const after = await until(
      "the suggestion to learn it left INBOX",
      async () => {
        const x = await t.agent.ctx.stores.suggestions.get(id);
        return x?.status === "archived" ? x : null;
      },
      10_000,
    );
    expect(after.labels).toContain("left-inbox");
    await idle();
    const all = await t.agent.ctx.stores.suggestions.list({ limit: 100 });
    expect(all.items.filter((x) => x.subject === "moved to lists")).toHaveLength(1);
    expect(health()).toMatchObject({ state: "watching", connected: true, lastError: null });
  }, 40_000);
});

describe("IMAP watcher on a server that does not offer NOTIFY", () => {
  const { t, health, arrival, idle } = watched(
    { toClient: (l) => (/CAPABILITY/.test(l) ? l.replace(/ NOTIFY(?=[ \]]|$)/g, "") : l) },
    3_000,
  );

  it("sends no NOTIFY, reads INBOX by IDLE and the other folder at the periodic pass", async () => {
    await idle();
    expect(await arrival("INBOX", "lunch tomorrow")).toBeLessThan(5_000);
    expect(await arrival("Lists", "a list digest", 15_000)).toBeGreaterThan(0);
    expect(t.fx.sent().some((l) => /NOTIFY/i.test(l))).toBe(false);
    // A periodic pass may be running: the account settles back to watching, never an error.
    await idle();
    expect(health()).toMatchObject({ connected: true, lastError: null });
  }, 40_000);
});

describe("IMAP watcher on a server that refuses NOTIFY", () => {
  // The front renames the command, so Dovecot itself answers BAD (unknown command).
  const { t, health, arrival, idle } = watched(
    { toServer: (l) => l.replace(/^(\S+) NOTIFY /, "$1 XNOTIFY ") },
    3_000,
  );

  it("keeps watching: INBOX by IDLE, the other folder at the periodic pass", async () => {
    await idle();
    expect(t.fx.sent()).toContain(NOTIFY_SET);
    expect(await arrival("INBOX", "budget question")).toBeLessThan(5_000);
    expect(await arrival("Lists", "a list digest", 15_000)).toBeGreaterThan(0);
    // A periodic pass may be running: the account settles back to watching, never an error.
    await idle();
    expect(health()).toMatchObject({ connected: true, lastError: null });
  }, 40_000);
});
