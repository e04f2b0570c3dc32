import { describe, expect, it } from "vitest";
import { startStallingFront } from "../support/imap-strip-proxy.ts";
import { watchedImap } from "../support/imap-watch-fixture.ts";
import { directMail, until } from "../support/mail-account-fixture.ts";

const DEADLINE_MS = 2_000;

/**
 * An agent watching INBOX on a real Dovecot behind a front that can stall (hold back everything the
 * server says, the connection left open), with a 2 s command deadline. `armed` runs after the
 * account is added and before the agent starts watching.
 */
function stalled(checkEveryMs: number, armed?: (px: Awaited<ReturnType<typeof startStallingFront>>) => void) {
  const { t, health, read } = watchedImap({
    name: "imap-deadline",
    folders: ["INBOX"],
    front: startStallingFront,
    ...(armed ? { armed } : {}),
    mailWatch: { backoffMs: 200, maxBackoffMs: 400, checkEveryMs, commandTimeoutMs: DEADLINE_MS },
  });
  const watching = () =>
    until("the watcher to watch", async () => health()?.state === "watching" && health()?.connected, 20_000);
  /** Waits for the drop the deadline causes; resolves to the health then (state and error). */
  const dropped = () =>
    until(
      "the deadline to drop the connection",
      async () => {
        const h = health();
        return h && !h.connected && h.lastError ? h : null;
      },
      10_000,
    );
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
    t.fx.stall();
    const t0 = Date.now();
    const h = await dropped();
    expect(Date.now() - t0).toBeLessThan(1_500 + DEADLINE_MS + 3_000);
    expect(h.state).toBe("retrying");
    expect(h.lastError).toMatch(/^127\.0\.0\.1:\d+ did not (answer|finish logging in) within 2 s/);
    t.fx.resume();
    await watching();
    const m = directMail("imap-deadline", "after the stall");
    await t.dv.deliver("maya", "INBOX", m.raw);
    await until("the message after the stall", () => read(m.messageId), 10_000);
  }, 60_000);
});

describe("IMAP watcher: a server that stops answering in the middle of a pass", () => {
  const { t, read, watching, dropped } = stalled(10 * 60_000);

  it("a FETCH left unanswered drops the connection; the message is read after the reconnect", async () => {
    await watching();
    t.fx.stallOn(/UID FETCH/);
    const m = directMail("imap-deadline", "during a stalled fetch");
    const t0 = Date.now();
    await t.dv.deliver("maya", "INBOX", m.raw);
    const h = await dropped();
    expect(Date.now() - t0).toBeLessThan(DEADLINE_MS + 5_000);
    expect(h.lastError).toMatch(/^127\.0\.0\.1:\d+ did not answer within 2 s: the connection was dropped/);
    expect(await read(m.messageId)).toBe(false);
    t.fx.resume();
    await until("the message after the reconnect", () => read(m.messageId), 15_000);
  }, 60_000);
});

describe("IMAP watcher: a server that greets but never answers the login", () => {
  const { t, watching, dropped } = stalled(10 * 60_000, (px) => px.stallOn(/ (LOGIN|AUTHENTICATE) /));

  it("gives up the login at the deadline and retries", async () => {
    const h = await dropped();
    expect(h.state).toBe("retrying");
    expect(h.lastError).toMatch(/did not finish logging in within 2 s/);
    t.fx.resume();
    await watching();
  }, 60_000);
});
