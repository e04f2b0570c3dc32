import { rm } from "node:fs/promises";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imapSuggestionId, parseImapRef } from "../../local-agent/accounts/imap-sync.ts";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { runCli } from "../../local-agent/cli/main.ts";
import { wakeSnoozes } from "../../local-agent/services/snooze.ts";
import { startCyrus, until } from "../support/cyrus.ts";
import { callAgent, directMail, startAccountAgent } from "../support/mail-account-fixture.ts";

type Cyrus = Awaited<ReturnType<typeof startCyrus>>;
const PASSWORD = "correct horse battery";

/**
 * Every action on an IMAP suggestion and its undo against a real Cyrus imapd, driven through the
 * agent's loopback API and its CLI (`act`, `undo`), each result checked by another IMAP client on
 * the server: archive, trash, move, mark read, flag, snooze with its wake-up, unsubscribe (which
 * an IMAP account can only hand back as a mailto), and actions on a message another client moved.
 */
describe("IMAP actions and their undo on a real Cyrus", () => {
  let cy: Cyrus;
  let home = "";
  let agent: RunningAgent;
  let token = "";
  let accountId = "";
  const api = (method: string, p: string, body?: unknown) => callAgent(agent, token, method, p, body);
  const act = (id: string, action: string, extra: Record<string, unknown> = {}) =>
    api("POST", `/suggestions/${id}/actions`, { action, confirmed: true, ...extra });
  /** The `scouts-agent` CLI in this process, talking to the running agent over loopback HTTP. */
  const cli = async (...args: string[]) => {
    let stdout = "";
    let stderr = "";
    const code = await runCli(args, {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
      env: { SCOUTS_HOME: home },
      cwd: home,
    });
    return { code, stdout, stderr };
  };
  /** Every place the message is on the server, seen by another client: folder, UID, flags. */
  const where = async (messageId: string) => {
    const c = await cy.imapClient("maya");
    try {
      const found: { folder: string; uid: number; flags: string[] }[] = [];
      for (const box of await c.list()) {
        const lock = await c.getMailboxLock(box.path, { readOnly: true });
        try {
          const uids = (await c.search({ header: { "message-id": messageId } }, { uid: true })) || [];
          for (const uid of uids) {
            const m = await c.fetchOne(String(uid), { flags: true, uid: true }, { uid: true });
            const flags = [...((m ? m.flags : undefined) ?? [])].filter((f) => f !== "\\Recent").sort();
            found.push({ folder: box.path, uid, flags });
          }
        } finally {
          lock.release();
        }
      }
      return found;
    } finally {
      await c.logout();
    }
  };
  const folders = async (messageId: string) => (await where(messageId)).map((x) => x.folder);
  const arrive = async (subject: string, raw?: (m: { messageId: string }) => string) => {
    const m = directMail("cyrus-action", subject);
    await cy.deliver("maya", raw ? raw(m) : m.raw);
    const id = imapSuggestionId(accountId, { messageId: m.messageId, folder: "", uidValidity: "", uid: 0 });
    const s: Suggestion = await until(`the suggestion for ${subject}`, () =>
      agent.ctx.stores.suggestions.get(id),
    );
    expect(s.status).toBe("new");
    return { s, messageId: m.messageId };
  };
  /** Another mail client moves the message from INBOX to `dest`. */
  const moveElsewhere = async (messageId: string, from: string, dest: string) => {
    const c = await cy.imapClient("maya");
    try {
      const lock = await c.getMailboxLock(from);
      try {
        const uids = (await c.search({ header: { "message-id": messageId } }, { uid: true })) || [];
        expect(uids).toHaveLength(1);
        expect(await c.messageMove(String(uids[0]), dest, { uid: true })).toBeTruthy();
      } finally {
        lock.release();
      }
    } finally {
      await c.logout();
    }
  };

  beforeAll(async () => {
    cy = await startCyrus({ users: { maya: PASSWORD }, imap: true });
    const c = await cy.imapClient("maya");
    try {
      await c.mailboxCreate("Projects");
    } finally {
      await c.logout();
    }
    ({ home, agent, accountId, token } = await startAccountAgent(
      "cyrus-imap-actions",
      (accounts) =>
        accounts.addImap({
          host: "127.0.0.1",
          port: cy.imapPort,
          user: "maya",
          password: PASSWORD,
          // Loopback only: the agent refuses plain IMAP anywhere else.
          tls: "off",
        }),
      { backoffMs: 100, maxBackoffMs: 400 },
    ));
  }, 60_000);
  afterAll(async () => {
    await agent?.stop();
    await cy?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  for (const [action, folder] of [
    ["archive", "Archive"],
    ["trash", "Trash"],
  ] as const) {
    it(`${action} moves the message to Cyrus' special-use ${folder}; undo moves it back by its COPYUID`, async () => {
      const { s, messageId } = await arrive(`${action} me`);
      const [before] = await where(messageId);
      expect(before?.folder).toBe("INBOX");
      const res = await act(s.id, action);
      expect(res.body).toMatchObject({ status: "applied" });
      const moved = await where(messageId);
      expect(moved.map((x) => x.folder)).toEqual([folder]);
      expect(await agent.ctx.stores.ledger.get(String(res.body.ledgerId))).toMatchObject({
        status: "applied",
        action,
        reversible: true,
        reversal: { imap: { to: { folder, uid: moved[0]!.uid } } },
      });
      const undone = await api("POST", `/ledger/${res.body.ledgerId}/undo`);
      expect(undone.body.undone, JSON.stringify(undone.body)).toEqual([res.body.ledgerId]);
      const back = await where(messageId);
      expect(back.map((x) => x.folder)).toEqual(["INBOX"]);
      expect(back[0]!.uid).not.toBe(before!.uid);
      const restored = await agent.ctx.stores.suggestions.get(s.id);
      expect(restored?.status).toBe("new");
      expect(parseImapRef(restored!.sourceMsgRef)).toMatchObject({ folder: "INBOX", uid: back[0]!.uid });
      // The watcher's next pass does not take the message that came back for new mail.
      await new Promise((r) => setTimeout(r, 500));
      expect(
        (await agent.ctx.stores.suggestions.all()).filter((x) => x.subject === `${action} me`),
      ).toHaveLength(1);
    }, 30_000);
  }

  it("move through the CLI (act … move --folder), undone through the CLI; a missing folder is refused", async () => {
    const { s, messageId } = await arrive("move me");
    const moved = await cli("act", s.id, "move", "--folder", "Projects", "--yes");
    expect(moved, moved.stderr).toMatchObject({ code: 0 });
    const ledgerId = /undo: scouts-agent undo (\S+)\)/.exec(moved.stdout)?.[1];
    expect(ledgerId, moved.stdout).toBeTruthy();
    expect(await folders(messageId)).toEqual(["Projects"]);
    expect(parseImapRef((await agent.ctx.stores.suggestions.get(s.id))!.sourceMsgRef)?.folder).toBe(
      "Projects",
    );
    const undone = await cli("undo", ledgerId!);
    expect(undone).toMatchObject({ code: 0, stdout: "undone: 1\n" });
    expect(await folders(messageId)).toEqual(["INBOX"]);
    expect((await agent.ctx.stores.suggestions.get(s.id))?.status).toBe("new");

    const missing = await cli("act", s.id, "move", "--folder", "Nowhere", "--yes");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no folder "Nowhere"');
    expect(await folders(messageId)).toEqual(["INBOX"]);
  }, 30_000);

  it("mark read sets \\Seen and undo clears it; a flag label sets \\Flagged and undo clears it", async () => {
    const { s, messageId } = await arrive("flags");
    const read = await act(s.id, "mark_read");
    expect(read.body).toMatchObject({ status: "applied" });
    expect((await where(messageId))[0]?.flags).toEqual(["\\Seen"]);
    const flagged = await act(s.id, "label", { label: "flagged" });
    expect(flagged.body).toMatchObject({ status: "applied" });
    expect((await where(messageId))[0]?.flags).toEqual(["\\Flagged", "\\Seen"]);
    expect((await api("POST", `/ledger/${read.body.ledgerId}/undo`)).body.undone).toEqual([
      read.body.ledgerId,
    ]);
    expect((await where(messageId))[0]?.flags).toEqual(["\\Flagged"]);
    expect((await api("POST", `/ledger/${flagged.body.ledgerId}/undo`)).body.undone).toEqual([
      flagged.body.ledgerId,
    ]);
    expect(await where(messageId)).toEqual([expect.objectContaining({ folder: "INBOX", flags: [] })]);
  }, 30_000);

  it("snooze parks the message in Snoozed (created on Cyrus); at its time the wake brings it back", async () => {
    const { s, messageId } = await arrive("snooze me");
    const wakeAt = Date.now() + 1_500;
    const res = await act(s.id, "snooze", { until: wakeAt });
    expect(res.body).toMatchObject({ status: "applied" });
    expect(await folders(messageId)).toEqual(["Snoozed"]);
    expect(await agent.ctx.stores.suggestions.get(s.id)).toMatchObject({
      status: "snoozed",
      snoozedUntil: wakeAt,
    });
    // Not due yet: nothing moves.
    expect(await wakeSnoozes(agent.ctx)).toEqual([]);
    await new Promise((r) => setTimeout(r, Math.max(0, wakeAt - Date.now()) + 100));
    expect((await wakeSnoozes(agent.ctx)).map((x) => x.id)).toEqual([s.id]);
    const back = await where(messageId);
    expect(back.map((x) => x.folder)).toEqual(["INBOX"]);
    const after = await agent.ctx.stores.suggestions.get(s.id);
    expect(after).toMatchObject({ status: "new", snoozedUntil: null });
    expect(parseImapRef(after!.sourceMsgRef)).toMatchObject({ folder: "INBOX", uid: back[0]!.uid });
    // Nothing more to wake, and the watcher makes no second suggestion of the message that came back.
    expect(await wakeSnoozes(agent.ctx)).toEqual([]);
    await new Promise((r) => setTimeout(r, 500));
    expect((await agent.ctx.stores.suggestions.all()).filter((x) => x.subject === "snooze me")).toHaveLength(
      1,
    );
  }, 30_000);

  it("a snooze undone before its time (CLI) brings the message back, and it never wakes", async () => {
    const { s, messageId } = await arrive("snooze then undo");
    const snoozed = await cli("act", s.id, "snooze", "--until", "2h", "--yes");
    expect(snoozed, snoozed.stderr).toMatchObject({ code: 0 });
    expect(await folders(messageId)).toEqual(["Snoozed"]);
    const ledgerId = /undo: scouts-agent undo (\S+)\)/.exec(snoozed.stdout)?.[1];
    expect(await cli("undo", ledgerId!)).toMatchObject({ code: 0, stdout: "undone: 1\n" });
    expect(await folders(messageId)).toEqual(["INBOX"]);
    expect(await agent.ctx.stores.suggestions.get(s.id)).toMatchObject({ status: "new", snoozedUntil: null });
    expect(await wakeSnoozes(agent.ctx)).toEqual([]);
  }, 30_000);

  it("unsubscribe from an IMAP account's list mail hands back the mailto and sends nothing", async () => {
    // One-click (RFC 8058) needs the receiving server's DKIM verdict; for an IMAP account the agent
    // trusts none, so a sender's own Authentication-Results (written before delivery) counts for nothing.
    const { s, messageId } = await arrive("reading group notes", (m) =>
      [
        "From: Reading Group <news@lists.example.org>",
        "To: Maya Lindqvist <maya@example.net>",
        "Subject: reading group notes",
        `Message-ID: ${m.messageId}`,
        "Date: Wed, 25 Nov 2026 10:00:00 +0000",
        "List-Unsubscribe: <https://lists.example.org/u/1>, <mailto:leave@lists.example.org>",
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
        "DKIM-Signature: v=1; a=rsa-sha256; d=lists.example.org; s=k; h=from:list-unsubscribe:list-unsubscribe-post; b=abc",
        "Authentication-Results: mx.example.net; dkim=pass header.d=lists.example.org header.b=abc",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Could you bring the book list to Thursday's meeting?",
        "",
      ].join("\r\n"),
    );
    const plan = await api("GET", `/suggestions/${s.id}/unsubscribe`);
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({
      method: "mailto",
      url: null,
      mailto: "mailto:leave@lists.example.org",
    });
    expect(plan.body.reasons).toContain("no receiving mail server is configured to vouch for DKIM");
    const res = await api("POST", `/suggestions/${s.id}/unsubscribe`, { confirmed: true });
    expect(res.body).toMatchObject({
      done: false,
      httpStatus: null,
      ledgerId: null,
      message: "send an email to mailto:leave@lists.example.org",
    });
    expect(await agent.ctx.stores.ledger.forSuggestion(s.id)).toEqual([]);
    expect(await where(messageId)).toEqual([expect.objectContaining({ folder: "INBOX", flags: [] })]);
  }, 30_000);

  it("an action on a message another client moved fails with why, changes nothing, and leaves no ghost", async () => {
    const a = await arrive("moved by the phone");
    const b = await arrive("archived on the phone");
    // The watcher paused (its connection closed): the agent has not seen the moves when the actions come.
    expect((await api("POST", `/mail-accounts/${accountId}/pause`)).status).toBe(200);
    try {
      await moveElsewhere(a.messageId, "INBOX", "Projects");
      await moveElsewhere(b.messageId, "INBOX", "Archive");
      const archive = await act(a.s.id, "archive");
      // A flag change at a UID that is gone would "succeed" on the server and change nothing.
      const read = await act(b.s.id, "mark_read");
      for (const res of [archive, read]) {
        expect(res.body).toMatchObject({ status: "refused" });
        expect(String(res.body.message)).toContain("no longer in INBOX (moved or deleted by another client)");
        expect(await agent.ctx.stores.ledger.get(String(res.body.ledgerId))).toMatchObject({
          status: "failed",
        });
      }
      // Nothing made or changed: each message is where the other client put it, once, unread.
      expect(await where(a.messageId)).toEqual([expect.objectContaining({ folder: "Projects", flags: [] })]);
      expect(await where(b.messageId)).toEqual([expect.objectContaining({ folder: "Archive", flags: [] })]);
      // No card left that nothing stands behind: each goes as the watcher's pass would take it.
      for (const { s } of [a, b])
        expect(await agent.ctx.stores.suggestions.get(s.id)).toMatchObject({
          status: "archived",
          labels: expect.arrayContaining(["left-inbox"]),
        });
    } finally {
      expect((await api("POST", `/mail-accounts/${accountId}/resume`)).status).toBe(200);
    }
  }, 30_000);

  it("undo of an archive whose message another client moved on fails with why; the entry stays applied", async () => {
    const { s, messageId } = await arrive("archived then moved");
    const res = await act(s.id, "archive");
    expect(res.body).toMatchObject({ status: "applied" });
    await moveElsewhere(messageId, "Archive", "Projects");
    const undone = await api("POST", `/ledger/${res.body.ledgerId}/undo`);
    expect(undone.body.undone).toEqual([]);
    expect(undone.body.skipped).toEqual([
      {
        id: res.body.ledgerId,
        reason: expect.stringContaining("no longer in Archive (moved or deleted by another client)"),
      },
    ]);
    expect(await agent.ctx.stores.ledger.get(String(res.body.ledgerId))).toMatchObject({ status: "applied" });
    expect(await folders(messageId)).toEqual(["Projects"]);
    expect((await agent.ctx.stores.suggestions.get(s.id))?.status).not.toBe("new");
  }, 30_000);
});
