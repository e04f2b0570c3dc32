import { rm } from "node:fs/promises";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openOfflineAgent } from "../../local-agent/accounts/accounts.ts";
import { imapSuggestionId, parseImapRef } from "../../local-agent/accounts/imap-sync.ts";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { wakeSnoozes } from "../../local-agent/services/snooze.ts";
import { startDovecot } from "../support/dovecot.ts";
import { startCopyUidStripper } from "../support/imap-strip-proxy.ts";
import {
  callAgent,
  directMail,
  startAccountAgent,
  startAgentIn,
  until,
} from "../support/mail-account-fixture.ts";
import { moveSnoozeScenario } from "../support/move-snooze-scenario.ts";

type Dovecot = Awaited<ReturnType<typeof startDovecot>>;
const PASSWORD = "correct horse battery";
const HOUR = 3_600_000;

/**
 * One agent on one Dovecot account (`port`/`tls` may point at a front), with a clock the test moves
 * forward, restartable on the same home. `where` asks the server as another client would.
 */
function harness(opts: { capability?: string; viaStripper?: boolean }) {
  const h = {
    dv: null as unknown as Dovecot,
    stripper: null as Awaited<ReturnType<typeof startCopyUidStripper>> | null,
    home: "",
    agent: null as unknown as RunningAgent,
    token: "",
    accountId: "",
    offset: 0,
  };
  const clock = { now: () => Date.now() + h.offset };
  const watch = { backoffMs: 100, maxBackoffMs: 400 };
  const start = async () => {
    ({ agent: h.agent, token: h.token } = await startAgentIn(h.home, watch, clock));
  };
  const api = (method: string, p: string, body?: unknown) => callAgent(h.agent, h.token, method, p, body);
  const where = async (messageId: string) => {
    const c = await h.dv.client("maya");
    try {
      const found: { folder: string; uid: number }[] = [];
      for (const m of await c.list()) {
        const lock = await c.getMailboxLock(m.path, { readOnly: true });
        try {
          const uids = (await c.search({ header: { "message-id": messageId } }, { uid: true })) || [];
          for (const uid of uids) found.push({ folder: m.path, uid });
        } finally {
          lock.release();
        }
      }
      return found;
    } finally {
      await c.logout();
    }
  };
  const arrive = async (subject: string): Promise<{ s: Suggestion; messageId: string }> => {
    const m = directMail("imap-move", subject);
    await h.dv.deliver("maya", "INBOX", m.raw);
    const id = imapSuggestionId(h.accountId, { messageId: m.messageId, folder: "", uidValidity: "", uid: 0 });
    const s = await until(`the suggestion for ${subject}`, () => h.agent.ctx.stores.suggestions.get(id));
    expect(s.status).toBe("new");
    return { s, messageId: m.messageId };
  };
  const act = (id: string, action: string, extra: Record<string, unknown> = {}) =>
    api("POST", `/suggestions/${id}/actions`, { action, confirmed: true, ...extra });
  beforeAll(async () => {
    h.dv = await startDovecot({
      users: { maya: PASSWORD },
      ...(opts.capability ? { capability: opts.capability } : {}),
    });
    if (opts.viaStripper) h.stripper = await startCopyUidStripper(h.dv.port);
    const c = await h.dv.client("maya");
    await c.mailboxCreate("Projects");
    await c.logout();
    ({
      home: h.home,
      agent: h.agent,
      token: h.token,
      accountId: h.accountId,
    } = await startAccountAgent(
      "imap-move",
      (accounts) =>
        accounts.addImap({
          host: "127.0.0.1",
          port: h.stripper?.port ?? h.dv.port,
          user: "maya",
          password: PASSWORD,
          // The front rewrites plain text; loopback may go without TLS.
          ...(h.stripper
            ? { tls: "off" as const }
            : { tls: "starttls" as const, pinSha256: h.dv.certSha256 }),
        }),
      watch,
      clock,
    ));
  }, 60_000);
  afterAll(async () => {
    await h.agent?.stop();
    await h.stripper?.stop();
    await h.dv?.stop();
    if (h.home) await rm(h.home, { recursive: true, force: true });
  });
  return { h, api, where, arrive, act, start };
}

describe("IMAP move and snooze, and their undo (real Dovecot)", () => {
  const { h, api, where, arrive, act, start } = harness({});

  moveSnoozeScenario({
    agent: () => h.agent,
    api,
    arrive: async (subject) => {
      const { s, messageId } = await arrive(subject);
      return { s, key: messageId };
    },
    folders: async (_s, messageId) => (await where(messageId)).map((x) => x.folder),
    setOffset: (ms) => {
      h.offset = ms;
    },
    makeDue: async (ms) => {
      // The wake-up after a restart: what is due is read from the device's store, not memory.
      await h.agent.stop();
      h.offset = ms;
      await start();
    },
    missingFolder: 'no folder "Nowhere"',
    wakeReversal: { imap: { to: { folder: "INBOX" } } },
    afterMove: async (s, messageId, ledgerId) => {
      // The move is undone by its COPYUID: the ref and the ledger name the moved copy.
      const moved = await where(messageId);
      expect(moved).toEqual([{ folder: "Projects", uid: expect.any(Number) }]);
      expect(parseImapRef((await h.agent.ctx.stores.suggestions.get(s.id))!.sourceMsgRef)).toMatchObject({
        folder: "Projects",
        uid: moved[0]!.uid,
      });
      const entry = await h.agent.ctx.stores.ledger.get(ledgerId);
      expect(entry).toMatchObject({ status: "applied", action: "move", reversible: true });
      expect(entry?.reversal).toMatchObject({
        action: "unmove",
        imap: { from: { folder: "INBOX" }, to: { folder: "Projects", uid: moved[0]!.uid, messageId } },
      });
    },
    afterWake: async (s, messageId) => {
      const back = await where(messageId);
      const after = await h.agent.ctx.stores.suggestions.get(s.id);
      expect(parseImapRef(after!.sourceMsgRef)).toMatchObject({ folder: "INBOX", uid: back[0]!.uid });
    },
  });

  it("a wake whose server is down stays due and happens on a later tick", async () => {
    const { s, messageId } = await arrive("snooze through an outage");
    await act(s.id, "snooze", { until: Date.now() + HOUR });
    h.offset = 2 * HOUR;
    // The server refuses the agent meanwhile (its password changed): the wake waits.
    h.dv.setPassword("maya", "changed");
    await h.dv.restart();
    expect(await wakeSnoozes(h.agent.ctx)).toEqual([]);
    expect((await h.agent.ctx.stores.suggestions.get(s.id))?.status).toBe("snoozed");
    expect((await where(messageId)).map((x) => x.folder)).toEqual(["Snoozed"]);
    h.dv.setPassword("maya", PASSWORD);
    await h.dv.restart();
    expect((await wakeSnoozes(h.agent.ctx)).map((x) => x.id)).toEqual([s.id]);
    expect((await where(messageId)).map((x) => x.folder)).toEqual(["INBOX"]);
    h.offset = 0;
  }, 60_000);
  it("a snooze whose account was removed still wakes on the device", async () => {
    const { s } = await arrive("snoozed then account removed");
    await act(s.id, "snooze", { until: Date.now() + HOUR });
    const offline = await openOfflineAgent(h.home, { stage2: null });
    try {
      await offline.accounts.remove(h.accountId);
    } finally {
      offline.close();
    }
    h.offset = 2 * HOUR;
    expect((await wakeSnoozes(h.agent.ctx)).map((x) => x.id)).toEqual([s.id]);
    expect((await h.agent.ctx.stores.suggestions.get(s.id))?.status).toBe("new");
    h.offset = 0;
  }, 60_000);
});

describe("IMAP move on a server without MOVE that gives no COPYUID (real Dovecot behind a front)", () => {
  const { h, api, where, arrive, act } = harness({
    viaStripper: true,
    capability:
      "IMAP4rev1 LITERAL+ SASL-IR LOGIN-REFERRALS ID ENABLE IDLE SORT THREAD=REFERENCES MULTIAPPEND UNSELECT CHILDREN NAMESPACE UIDPLUS LIST-EXTENDED I18NLEVEL=1 CONDSTORE QRESYNC ESEARCH ESORT SEARCHRES WITHIN CONTEXT=SEARCH LIST-STATUS BINARY SPECIAL-USE",
  });

  it("moves by COPY, \\Deleted and UID EXPUNGE, finds the copy by Message-ID, and undo puts it back", async () => {
    const { s, messageId } = await arrive("copy and expunge");
    const before = h.stripper!.stripped();
    const res = await act(s.id, "move", { folder: "Projects" });
    expect(res.body).toMatchObject({ status: "applied" });
    expect(h.stripper!.stripped()).toBeGreaterThan(before);
    const moved = await where(messageId);
    expect(moved).toEqual([{ folder: "Projects", uid: expect.any(Number) }]);
    const entry = await h.agent.ctx.stores.ledger.get(String(res.body.ledgerId));
    expect(entry?.reversal).toMatchObject({ imap: { to: { folder: "Projects", uid: moved[0]!.uid } } });
    const undone = await api("POST", `/ledger/${res.body.ledgerId}/undo`);
    expect(undone.body.undone).toEqual([res.body.ledgerId]);
    expect((await where(messageId)).map((x) => x.folder)).toEqual(["INBOX"]);
  }, 60_000);
});
