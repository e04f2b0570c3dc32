import { CoreError } from "@scouts/core/errors";
import type { LedgerEntry, Suggestion } from "@scouts/core/protocol/local-api";
import type { mailAccounts } from "../db/schema/accounts.ts";
import type { AgentCtx } from "../services/context.ts";
import type { mailAccountService } from "./accounts.ts";
import { AccountError, MessageGoneError } from "./imap-client.ts";
import { markLeftInbox } from "./imap-sync.ts";
import type { JmapSession } from "./jmap-client.ts";
import { mailboxRoles, parseJmapRef } from "./jmap-sync.ts";

type Row = typeof mailAccounts.$inferSelect;
type Service = Pick<ReturnType<typeof mailAccountService>, "rows" | "openJmapSession" | "recordError">;

/** The actions a JMAP suggestion supports on the server (RFC 8621 `Email/set`). */
export const JMAP_ACTIONS = ["archive", "trash", "mark_read", "label", "move", "snooze"] as const;

/** Where a snoozed email waits until its wake-up: the `snoozed` role, else a mailbox of this name. */
const SNOOZED_NAME = "Snoozed";

type Mailbox = { id: string; name: string; role: string | null };
async function mailboxes(session: JmapSession): Promise<Mailbox[]> {
  const [res] = await session.call<{ list: Mailbox[] }>([["Mailbox/get", { properties: ["name", "role"] }]]);
  return res?.list ?? [];
}

/** The mailbox a person named ("INBOX" means the inbox role), or a bad_input listing what there is. */
async function namedMailbox(session: JmapSession, name: string): Promise<string> {
  const list = await mailboxes(session);
  const found =
    list.find((m) => m.name === name) ??
    (name.toUpperCase() === "INBOX" ? list.find((m) => m.role === "inbox") : undefined);
  if (!found)
    throw new CoreError(
      "bad_input",
      `no mailbox ${JSON.stringify(name)} on the server (it has ${list.map((m) => m.name).join(", ")})`,
    );
  return found.id;
}

/** The Snoozed mailbox, created (RFC 8621 §2.5 `Mailbox/set`) when the server has none. */
async function snoozedMailbox(session: JmapSession): Promise<string> {
  const list = await mailboxes(session);
  const found = list.find((m) => m.role === "snoozed") ?? list.find((m) => m.name === SNOOZED_NAME);
  if (found) return found.id;
  const [res] = await session.call<{
    created?: Record<string, { id: string }> | null;
    notCreated?: Record<string, { type: string; description?: string }> | null;
  }>([["Mailbox/set", { create: { snoozed: { name: SNOOZED_NAME, parentId: null } } }]]);
  const id = res?.created?.snoozed?.id;
  if (!id)
    throw new AccountError(
      "protocol",
      `the server did not create a ${SNOOZED_NAME} mailbox (${res?.notCreated?.snoozed?.type ?? "no answer"})`,
    );
  return id;
}

const FLAG_LABELS = new Set(["flagged", "flag", "starred", "\\flagged", "$flagged"]);
/** A label as a JMAP keyword: `$flagged` for a flag, else the label (RFC 8621 §4.1.1 keyword rules). */
function keywordFor(label: string | undefined): string {
  const l = (label ?? "").trim();
  if (FLAG_LABELS.has(l.toLowerCase())) return "$flagged";
  if (!/^[A-Za-z0-9$_.+-]{1,64}$/.test(l))
    throw new CoreError(
      "bad_input",
      `label ${JSON.stringify(l)} is not a valid JMAP keyword (letters, digits, $_.+-)`,
    );
  return l.toLowerCase();
}

/** The mailboxes an email is in now. */
async function mailboxesOf(session: JmapSession, emailId: string): Promise<string[]> {
  const [got] = await session.call<{ list: { id: string; mailboxIds: Record<string, boolean> }[] }>([
    ["Email/get", { ids: [emailId], properties: ["mailboxIds"] }],
  ]);
  const before = got?.list?.[0]?.mailboxIds;
  if (!before) throw new MessageGoneError(null);
  return Object.keys(before);
}

/** Updates one email; the server's `notUpdated` (e.g. the message is gone) is an error that says so. */
async function update(session: JmapSession, emailId: string, patch: Record<string, unknown>) {
  const [res] = await session.call<{
    updated?: Record<string, unknown> | null;
    notUpdated?: Record<string, { type: string; description?: string }> | null;
  }>([["Email/set", { update: { [emailId]: patch } }]]);
  const failed = res?.notUpdated?.[emailId];
  if (failed?.type === "notFound") throw new MessageGoneError(null);
  if (failed)
    throw new AccountError(
      "protocol",
      `the server refused the change (${failed.type}${failed.description ? `: ${failed.description}` : ""})`,
    );
  if (!res?.updated || !(emailId in res.updated))
    throw new AccountError("protocol", "the server did not confirm the change");
}

/** One action on the server; returns what its ledger entry needs to undo it. */
async function act(
  session: JmapSession,
  emailId: string,
  action: string,
  keyword: string | null,
  params: { folder?: string },
): Promise<Record<string, unknown>> {
  if (keyword) {
    await update(session, emailId, { [`keywords/${keyword}`]: true });
    return { jmap: { emailId, keyword } };
  }
  let target: string | undefined;
  if (action === "move") target = await namedMailbox(session, params.folder ?? "");
  else if (action === "snooze") target = await snoozedMailbox(session);
  else {
    const role = action === "archive" ? "archive" : "trash";
    target = (await mailboxRoles(session)).get(role);
    if (!target) throw new AccountError("protocol", `the server has no ${role} mailbox (role ${role})`);
  }
  const before = await mailboxesOf(session, emailId);
  if (before.length === 1 && before[0] === target)
    throw new CoreError("bad_input", "the message is already there");
  await update(session, emailId, { mailboxIds: { [target]: true } });
  return { jmap: { emailId, from: before, to: target } };
}

/**
 * Runs suggestions' actions on the account's own JMAP server and their reversals. The Email id
 * does not change when a message moves, so archive, trash, move and snooze record the mailboxes
 * it was in and undo puts exactly those back; mark read and labels set or clear `$seen`, `$flagged` or a keyword.
 */
export function jmapActions(ctx: AgentCtx, service: Service) {
  const accountOf = async (s: { scoutId: string | null }): Promise<Row> => {
    const id = s.scoutId?.startsWith("jmap:") ? s.scoutId.slice(5) : "";
    const row = (await service.rows()).find((r) => r.id === id);
    if (!row) throw new CoreError("not_found", "the mail account of this suggestion was removed");
    return row;
  };
  const open = async (row: Row) => {
    try {
      return await service.openJmapSession(row);
    } catch (e) {
      throw await service.recordError(row.id, e);
    }
  };
  return {
    async run(
      s: Suggestion,
      action: string,
      params: { label?: string; folder?: string },
    ): Promise<Record<string, unknown>> {
      if (!(JMAP_ACTIONS as readonly string[]).includes(action))
        throw new CoreError(
          "bad_input",
          `${action} is not available for JMAP mail yet (${JMAP_ACTIONS.join(", ")})`,
        );
      const emailId = parseJmapRef(s.sourceMsgRef);
      if (!emailId) throw new CoreError("bad_input", "this suggestion does not name its JMAP email");
      const keyword = action === "mark_read" ? "$seen" : action === "label" ? keywordFor(params.label) : null;
      const session = await open(await accountOf(s));
      // Deleted by another client before the watcher saw it: the suggestion goes as the watcher
      // would take it, not left new with nothing behind it.
      return act(session, emailId, action, keyword, params).catch(async (e: unknown) => {
        if (e instanceof MessageGoneError) await markLeftInbox(ctx, s.id);
        throw e;
      });
    },
    /** A snooze's wake-up: the email goes back to the inbox; null when it is no longer on the server. */
    async wake(s: Suggestion): Promise<Record<string, unknown> | null> {
      const emailId = parseJmapRef(s.sourceMsgRef);
      if (!emailId) throw new CoreError("bad_input", "this suggestion does not name its JMAP email");
      const session = await open(await accountOf(s));
      const inbox = (await mailboxRoles(session)).get("inbox");
      if (!inbox) throw new AccountError("protocol", "the server has no inbox mailbox (role inbox)");
      let before: string[];
      try {
        before = await mailboxesOf(session, emailId);
      } catch (e) {
        if (e instanceof MessageGoneError) return null;
        throw e;
      }
      // Already back (a wake that stopped after this, or another client): nothing to move.
      if (before.length === 1 && before[0] === inbox) return { jmap: { emailId, from: before, to: inbox } };
      await update(session, emailId, { mailboxIds: { [inbox]: true } });
      return { jmap: { emailId, from: before, to: inbox } };
    },
    async reverse(entry: LedgerEntry): Promise<void> {
      const r = entry.reversal as {
        jmap?: { emailId?: string; from?: string[]; to?: string; keyword?: string };
      } | null;
      const j = r?.jmap;
      if (!j?.emailId) throw new CoreError("bad_input", "this entry has no JMAP reversal");
      const s = entry.suggestionId ? await ctx.stores.suggestions.get(entry.suggestionId) : null;
      const session = await open(await accountOf(s ?? { scoutId: entry.scoutId }));
      if (j.keyword) await update(session, j.emailId, { [`keywords/${j.keyword}`]: null });
      else if (j.from?.length)
        await update(session, j.emailId, { mailboxIds: Object.fromEntries(j.from.map((m) => [m, true])) });
      else throw new CoreError("bad_input", "this entry's JMAP reversal is incomplete");
    },
  };
}
