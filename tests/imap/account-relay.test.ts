import { rm } from "node:fs/promises";
import type {
  AccountDecisionResultFrame,
  AccountFoldersFrame,
  AccountSuggestionsFrame,
} from "@scouts/core/protocol/account-relay";
import { HubToDeviceFrame } from "@scouts/core/protocol/frames";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAccountFolders } from "../../local-agent/accounts/account-folders.ts";
import { imapSuggestionId } from "../../local-agent/accounts/imap-sync.ts";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { createAccountRelay } from "../../local-agent/services/account-relay.ts";
import { startDovecot } from "../support/dovecot.ts";
import { directMail, startAccountAgent, until as untilEvery } from "../support/mail-account-fixture.ts";

type Dovecot = Awaited<ReturnType<typeof startDovecot>>;
type Sent = AccountSuggestionsFrame | AccountDecisionResultFrame | AccountFoldersFrame;

const until = <T>(what: string, fn: () => Promise<T | null | undefined | false>) =>
  untilEvery(what, fn, 10_000);

/**
 * The agent's side of the phone relay against a real Dovecot: what it sends is what the hub
 * accepts (checked with the hub's own frame schema), and a decision from the phone runs on the
 * IMAP server, undo included. The hub's part is `workers/device-hub/account-relay.workers.test.ts`.
 */
describe("account-suggestion relay in the agent (real Dovecot)", () => {
  let dv: Dovecot;
  let home: string;
  let agent: RunningAgent;
  let accountId = "";
  const sent: Sent[] = [];
  let relay: ReturnType<typeof createAccountRelay>;
  const resultFor = (requestId: string) =>
    until(`result ${requestId}`, async () =>
      sent.find(
        (f): f is AccountDecisionResultFrame =>
          f.type === "account_decision_result" && f.requestId === requestId,
      ),
    );
  const folderOf = async (messageId: string) => {
    const c = await dv.client("maya");
    try {
      for (const folder of ["INBOX", "Archive", "Trash"]) {
        const lock = await c.getMailboxLock(folder, { readOnly: true });
        try {
          const uids = (await c.search({ header: { "message-id": messageId } }, { uid: true })) || [];
          if (uids.length === 1) return folder;
        } finally {
          lock.release();
        }
      }
      return null;
    } finally {
      await c.logout();
    }
  };
  const arrive = async (subject: string) => {
    const m = directMail("relay", subject, "The minutes from Tuesday are in the shared folder.");
    await dv.deliver("maya", "INBOX", m.raw);
    const id = imapSuggestionId(accountId, { messageId: m.messageId, folder: "", uidValidity: "", uid: 0 });
    await until(`the suggestion for ${subject}`, () => agent.ctx.stores.suggestions.get(id));
    return { id, messageId: m.messageId };
  };

  beforeAll(async () => {
    dv = await startDovecot({ users: { maya: "correct horse battery" } });
    ({ home, agent, accountId } = await startAccountAgent(
      "account-relay",
      (accounts) =>
        accounts.addImap({
          host: "127.0.0.1",
          port: dv.port,
          user: "maya",
          password: "correct horse battery",
          tls: "starttls",
          pinSha256: dv.certSha256,
        }),
      { backoffMs: 100, maxBackoffMs: 400 },
    ));
    relay = createAccountRelay(
      agent.ctx,
      (f) => {
        // Every frame must pass the hub's schema, as the link checks before sending.
        sent.push(HubToDeviceFrame.parse(f) as Sent);
        return true;
      },
      200,
      (id) => listAccountFolders(agent.mailAccounts, id),
    );
  }, 60_000);
  afterAll(async () => {
    await agent?.stop();
    await dv?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("lists new IMAP suggestions for the phone; Approve archives on the server and Undo brings it back", async () => {
    const { id, messageId } = await arrive("Minutes from Tuesday");
    await relay.handle({ type: "account_suggestions_request", from: "phone-1" });
    const list = sent.find((f): f is AccountSuggestionsFrame => f.type === "account_suggestions");
    expect(list).toMatchObject({ to: "phone-1", full: true });
    const card = list?.items.find((x) => x.id === id);
    expect(card).toMatchObject({ source: "imap", subject: "Minutes from Tuesday", status: "new" });
    expect(card?.from).toContain("ana.souza@example.org");
    expect(card?.proposal).not.toBeNull();

    await relay.handle({
      type: "account_decision",
      from: "phone-1",
      requestId: "q1",
      suggestionId: id,
      op: "approve",
      action: { kind: "archive" },
    });
    const approved = await resultFor("q1");
    expect(approved, JSON.stringify(approved)).toMatchObject({ ok: true, to: "phone-1" });
    expect(approved.item?.status).toBe("approved");
    expect(await folderOf(messageId)).toBe("Archive");

    await relay.handle({
      type: "account_decision",
      from: "phone-1",
      requestId: "q2",
      suggestionId: id,
      op: "undo",
      ledgerId: approved.ledgerId ?? "",
    });
    const undone = await resultFor("q2");
    expect(undone, JSON.stringify(undone)).toMatchObject({ ok: true, item: { status: "new" } });
    expect(await folderOf(messageId)).toBe("INBOX");
  }, 30_000);

  it("an answer lost while the hub link is down is given again when the phone repeats the request; nothing is done twice", async () => {
    const { id, messageId } = await arrive("Lost answer");
    let linkUp = false;
    const mine: Sent[] = [];
    const flaky = createAccountRelay(agent.ctx, (f) => {
      if (!linkUp) return false;
      mine.push(HubToDeviceFrame.parse(f) as Sent);
      return true;
    });
    const answers = (requestId: string) =>
      mine.filter(
        (f): f is AccountDecisionResultFrame =>
          f.type === "account_decision_result" && f.requestId === requestId,
      );
    const approve = {
      type: "account_decision",
      from: "phone-2",
      requestId: "lost-1",
      suggestionId: id,
      op: "approve",
      action: { kind: "archive" },
    } as const;
    // The archive runs while the agent's link is reconnecting: its answer cannot be sent.
    await flaky.handle(approve);
    expect(mine).toHaveLength(0);
    expect(await folderOf(messageId)).toBe("Archive");
    linkUp = true;
    // The phone, not having heard, sends the same request again (twice, racing).
    await Promise.all([flaky.handle(approve), flaky.handle(approve)]);
    const [first, second] = answers("lost-1");
    expect(first, JSON.stringify(mine)).toMatchObject({
      ok: true,
      to: "phone-2",
      item: { status: "approved" },
    });
    expect(second).toEqual(first);
    const ledger = await agent.ctx.stores.ledger.forSuggestion(id);
    expect(ledger.filter((e) => e.actor !== "undo")).toHaveLength(1);

    // The undo's answer is lost too; repeated, it says Undone (not "nothing to undo"), and the message is back.
    const undoIt = {
      type: "account_decision",
      from: "phone-2",
      requestId: "lost-2",
      suggestionId: id,
      op: "undo",
      ledgerId: first?.ledgerId ?? "",
    } as const;
    linkUp = false;
    await flaky.handle(undoIt);
    linkUp = true;
    await flaky.handle(undoIt);
    expect(answers("lost-2")).toMatchObject([{ ok: true, message: "Undone", item: { status: "new" } }]);
    expect(await folderOf(messageId)).toBe("INBOX");
    // The same request id from another device is another request.
    await flaky.handle({ ...undoIt, from: "phone-3" });
    expect(answers("lost-2")[1]).toMatchObject({ ok: false, to: "phone-3" });
    flaky.stop();
  }, 30_000);

  it("changes go out in batches: many suggestions in one frame, other sources never", async () => {
    const a = await arrive("Batch one");
    const b = await arrive("Batch two");
    const before = sent.length;
    const got = await Promise.all([a.id, b.id].map((id) => agent.ctx.stores.suggestions.get(id)));
    for (const s of got) await relay.changed(s!);
    await relay.changed({ ...got[0]!, id: "gmail-1", source: "gmail" });
    await relay.changed(got[0]!);
    await until("the batch", async () => sent.length > before);
    await new Promise((r) => setTimeout(r, 300));
    const frames = sent.slice(before);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ type: "account_suggestions", full: false });
    expect((frames[0] as AccountSuggestionsFrame).items.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
  }, 30_000);

  it("reject marks it rejected and leaves the mailbox alone", async () => {
    const { id, messageId } = await arrive("Reject me");
    await relay.handle({ type: "account_decision", requestId: "r1", suggestionId: id, op: "reject" });
    expect(await resultFor("r1")).toMatchObject({ ok: true, item: { status: "rejected" } });
    expect(await folderOf(messageId)).toBe("INBOX");
  }, 30_000);

  it("refuses what is not a mail-account suggestion, another suggestion's ledger entry, and a second approve", async () => {
    const a = await arrive("First");
    const b = await arrive("Second");
    await relay.handle({
      type: "account_decision",
      requestId: "x1",
      suggestionId: "gmail-prop-1",
      op: "approve",
    });
    expect(await resultFor("x1")).toMatchObject({ ok: false, error: "no such mail-account suggestion" });

    await relay.handle({
      type: "account_decision",
      requestId: "x2",
      suggestionId: a.id,
      op: "approve",
      action: { kind: "archive" },
    });
    const ok = await resultFor("x2");
    expect(ok.ok).toBe(true);
    // Undo of A's entry named under B's id: refused, A stays archived.
    await relay.handle({
      type: "account_decision",
      requestId: "x3",
      suggestionId: b.id,
      op: "undo",
      ledgerId: ok.ledgerId ?? "",
    });
    expect(await resultFor("x3")).toMatchObject({ ok: false, error: "no such action on this suggestion" });
    expect(await folderOf(a.messageId)).toBe("Archive");
    await relay.handle({ type: "account_decision", requestId: "x4", suggestionId: a.id, op: "approve" });
    expect(await resultFor("x4")).toMatchObject({ ok: false, error: "already approved" });
    // An undo without a ledger entry says what is missing.
    await relay.handle({ type: "account_decision", requestId: "x5", suggestionId: b.id, op: "undo" });
    expect((await resultFor("x5")).error).toMatch(/ledgerId/);
    // Drafts and unsubscribe need the computer.
    await relay.handle({
      type: "account_decision",
      requestId: "x6",
      suggestionId: b.id,
      op: "approve",
      action: { kind: "unsubscribe" },
    });
    expect((await resultFor("x6")).error).toMatch(/needs your computer/);
    expect(await folderOf(b.messageId)).toBe("INBOX");
  }, 30_000);

  it("lists the account's folders for the phone; Move into one runs on the server and Undo puts it back", async () => {
    const c = await dv.client("maya");
    await c.mailboxCreate("Projects").catch(() => {});
    await c.logout();
    const { id, messageId } = await arrive("Move me from the phone");
    await relay.handle({ type: "account_suggestions_request", from: "phone-m" });
    const list = sent.findLast((f): f is AccountSuggestionsFrame => f.type === "account_suggestions");
    expect(list?.items.find((x) => x.id === id)).toMatchObject({ account: accountId, folder: "INBOX" });

    await relay.handle({ type: "account_folders_request", from: "phone-m", requestId: "f1", accountId });
    const folders = sent.find(
      (f): f is AccountFoldersFrame => f.type === "account_folders" && f.requestId === "f1",
    );
    expect(folders).toMatchObject({ ok: true, to: "phone-m" });
    const paths = folders?.folders?.map((f) => f.path) ?? [];
    expect(paths[0]).toBe("INBOX");
    expect(paths).toEqual(expect.arrayContaining(["Archive", "Projects"]));
    // An account this agent does not have: a clear refusal, no folders.
    await relay.handle({ type: "account_folders_request", requestId: "f2", accountId: "imap-nobody" });
    const unknown = sent.find(
      (f): f is AccountFoldersFrame => f.type === "account_folders" && f.requestId === "f2",
    );
    expect(unknown).toEqual({
      type: "account_folders",
      requestId: "f2",
      ok: false,
      error: "no account imap-nobody",
    });

    await relay.handle({
      type: "account_decision",
      from: "phone-m",
      requestId: "m1",
      suggestionId: id,
      op: "approve",
      action: { kind: "move", folder: "Projects" },
    });
    const moved = await resultFor("m1");
    expect(moved, JSON.stringify(moved)).toMatchObject({ ok: true, item: { status: "approved" } });
    const inProjects = async () => {
      const p = await dv.client("maya");
      try {
        const lock = await p.getMailboxLock("Projects", { readOnly: true });
        try {
          return ((await p.search({ header: { "message-id": messageId } }, { uid: true })) || []).length;
        } finally {
          lock.release();
        }
      } finally {
        await p.logout();
      }
    };
    expect(await inProjects()).toBe(1);
    expect(await folderOf(messageId)).toBeNull();
    await relay.handle({
      type: "account_decision",
      from: "phone-m",
      requestId: "m2",
      suggestionId: id,
      op: "undo",
      ledgerId: moved.ledgerId ?? "",
    });
    expect(await resultFor("m2")).toMatchObject({ ok: true, item: { status: "new" } });
    expect(await folderOf(messageId)).toBe("INBOX");
    expect(await inProjects()).toBe(0);
  }, 30_000);

  it("Snooze picked on the phone moves the message to Snoozed with its wake-up, and Undo puts it back", async () => {
    const { id, messageId } = await arrive("Snooze me from the phone");
    const until = Date.now() + 3 * 3_600_000;
    await relay.handle({
      type: "account_decision",
      from: "phone-s",
      requestId: "s1",
      suggestionId: id,
      op: "approve",
      action: { kind: "snooze", until },
    });
    const snoozed = await resultFor("s1");
    expect(snoozed, JSON.stringify(snoozed)).toMatchObject({
      ok: true,
      item: { status: "snoozed", folder: "Snoozed" },
    });
    expect(await folderOf(messageId)).toBeNull();
    const entry = await agent.ctx.stores.ledger.get(snoozed.ledgerId ?? "");
    expect(entry).toMatchObject({ suggestionId: id });
    expect(JSON.stringify(entry)).toContain(String(until));
    await relay.handle({
      type: "account_decision",
      from: "phone-s",
      requestId: "s2",
      suggestionId: id,
      op: "undo",
      ledgerId: snoozed.ledgerId ?? "",
    });
    expect(await resultFor("s2")).toMatchObject({ ok: true, item: { status: "new" } });
    expect(await folderOf(messageId)).toBe("INBOX");
  }, 30_000);
});
