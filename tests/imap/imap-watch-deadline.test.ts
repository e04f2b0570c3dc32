import { rm } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imapSuggestionId } from "../../local-agent/accounts/imap-sync.ts";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { mailScreened } from "../../local-agent/db/schema/accounts.ts";
import { startDovecot } from "../support/dovecot.ts";
import { startStallingFront } from "../support/imap-strip-proxy.ts";
import { directMail, startAccountAgent } from "../support/mail-account-fixture.ts";

const PASSWORD = "correct horse battery";
const DEADLINE_MS = 2_000;

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
 * An agent watching INBOX on a real Dovecot behind a front that can stall (hold back everything the
 * server says, the connection left open), with a 2 s command deadline. `armed` runs after the
 * account is added and before the agent starts watching.
 */
function stalled(checkEveryMs: number, armed?: (px: Awaited<ReturnType<typeof startStallingFront>>) => void) {
  const t = {} as {
    dv: Awaited<ReturnType<typeof startDovecot>>;
    px: Awaited<ReturnType<typeof startStallingFront>>;
    agent: RunningAgent;
    accountId: string;
    home: string;
  };
  beforeAll(async () => {
    t.dv = await startDovecot({ users: { maya: PASSWORD } });
    t.px = await startStallingFront(t.dv.port);
    const a = await startAccountAgent(
      "imap-deadline",
      async (acc) => {
        const added = await acc.addImap({
          host: "127.0.0.1",
          port: t.px.port,
          user: "maya",
          password: PASSWORD,
          tls: "off",
          folders: ["INBOX"],
        });
        armed?.(t.px);
        return added;
      },
      { backoffMs: 200, maxBackoffMs: 400, checkEveryMs, commandTimeoutMs: DEADLINE_MS },
    );
    Object.assign(t, { agent: a.agent, accountId: a.accountId, home: a.home });
  }, 60_000);
  afterAll(async () => {
    await t.agent?.stop();
    await t.px?.stop();
    await t.dv?.stop();
    if (t.home) await rm(t.home, { recursive: true, force: true });
  });
  const health = () => t.agent.ctx.mailWatch?.health().find((a) => a.id === t.accountId);
  const read = async (messageId: string) => {
    const id = imapSuggestionId(t.accountId, { messageId, folder: "INBOX", uidValidity: "", uid: 0 });
    if (await t.agent.ctx.stores.suggestions.get(id)) return true;
    return Boolean(await t.agent.ctx.db.select().from(mailScreened).where(eq(mailScreened.id, id)).get());
  };
  const watching = () =>
    until("the watcher to watch", async () => health()?.state === "watching" && health()?.connected, 20_000);
  /** Waits for the drop the deadline causes; resolves to the health then (state and error). */
  const dropped = () =>
    until("the deadline to drop the connection", async () => {
      const h = health();
      return h && !h.connected && h.lastError ? h : null;
    });
  return { t, health, read, watching, dropped };
}

/**
 * The watcher's own commands have a deadline (issue 18): a server that stops answering is dropped
 * after it, the account shows why, and the normal reconnect with backoff takes over; nothing waits
 * for imapflow's five-minute socket timeout.
 */
describe("IMAP watcher: a server that stops answering while the watcher idles", () => {
  // A short check timer: its NOOP (ending IDLE) is the command left unanswered.
  const { t, read, watching, dropped } = stalled(1_500);

  it("drops the connection at the deadline, says so, and reconnects once the server answers", async () => {
    await watching();
    t.px.stall();
    const t0 = Date.now();
    const h = await dropped();
    expect(Date.now() - t0).toBeLessThan(1_500 + DEADLINE_MS + 3_000);
    expect(h.state).toBe("retrying");
    expect(h.lastError).toMatch(/^127\.0\.0\.1:\d+ did not (answer|finish logging in) within 2 s/);
    t.px.resume();
    await watching();
    const m = directMail("imap-deadline", "after the stall");
    await t.dv.deliver("maya", "INBOX", m.raw);
    await until("the message after the stall", () => read(m.messageId));
  }, 60_000);
});

describe("IMAP watcher: a server that stops answering in the middle of a pass", () => {
  const { t, read, watching, dropped } = stalled(10 * 60_000);

  it("a FETCH left unanswered drops the connection; the message is read after the reconnect", async () => {
    await watching();
    t.px.stallOn(/UID FETCH/);
    const m = directMail("imap-deadline", "during a stalled fetch");
    const t0 = Date.now();
    await t.dv.deliver("maya", "INBOX", m.raw);
    const h = await dropped();
    expect(Date.now() - t0).toBeLessThan(DEADLINE_MS + 5_000);
    expect(h.lastError).toMatch(/^127\.0\.0\.1:\d+ did not answer within 2 s: the connection was dropped/);
    expect(await read(m.messageId)).toBe(false);
    t.px.resume();
    await until("the message after the reconnect", () => read(m.messageId), 15_000);
  }, 60_000);
});

describe("IMAP watcher: a server that greets but never answers the login", () => {
  const { t, watching, dropped } = stalled(10 * 60_000, (px) => px.stallOn(/ (LOGIN|AUTHENTICATE) /));

  it("gives up the login at the deadline and retries", async () => {
    const h = await dropped();
    expect(h.state).toBe("retrying");
    expect(h.lastError).toMatch(/did not finish logging in within 2 s/);
    t.px.resume();
    await watching();
  }, 60_000);
});
