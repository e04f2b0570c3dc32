import { CoreError } from "@scouts/core/errors";
import type { LedgerEntry, Suggestion } from "@scouts/core/protocol/local-api";
import type { ImapFlow } from "imapflow";
import type { mailAccounts } from "../db/schema/accounts.ts";
import type { AgentCtx } from "../services/context.ts";
import type { mailAccountService } from "./accounts.ts";
import { AccountError, IMAP_ACTION_TIMEOUT_MS, MessageGoneError, withImapDeadline } from "./imap-client.ts";
import { imapRef, markLeftInbox, parseImapRef } from "./imap-sync.ts";

type Row = typeof mailAccounts.$inferSelect;
type Service = Pick<ReturnType<typeof mailAccountService>, "rows" | "openSession" | "recordError">;
type At = { folder: string; uidValidity: string; uid: number };
/** Where a move put a message, with its Message-ID (found again by it when a UID is lost). */
type Placed = At & { messageId?: string };

/** The actions an IMAP suggestion supports on the server, and what each records to undo it. */
export const IMAP_ACTIONS = ["archive", "trash", "mark_read", "label", "move", "snooze"] as const;

/** Where a snoozed message waits on the server until its wake-up (created when missing). */
export const SNOOZED_FOLDER = "Snoozed";

/** A label that means the IMAP \Flagged flag; any other label becomes a keyword. */
const FLAG_LABELS = new Set(["flagged", "flag", "starred", "\\flagged"]);
function flagFor(label: string | undefined): string {
  const l = (label ?? "").trim();
  if (FLAG_LABELS.has(l.toLowerCase())) return "\\Flagged";
  // An IMAP keyword is an atom: no spaces, parentheses, wildcards, quotes or backslashes.
  if (!/^[A-Za-z0-9$_.+-]{1,64}$/.test(l))
    throw new CoreError(
      "bad_input",
      `label ${JSON.stringify(l)} is not a valid IMAP keyword (letters, digits, $_.+-)`,
    );
  return l;
}

async function specialFolder(client: ImapFlow, use: "\\Archive" | "\\Trash"): Promise<string> {
  const found = (await client.list()).find((m) => m.specialUse === use);
  if (!found) throw new AccountError("protocol", `the server has no ${use} folder (special-use)`);
  return found.path;
}

/** A folder the person named: it must exist and hold messages (not a \Noselect parent). */
async function namedFolder(client: ImapFlow, name: string): Promise<string> {
  const list = await client.list();
  const found =
    list.find((m) => m.path === name) ??
    (name.toUpperCase() === "INBOX" ? list.find((m) => m.path.toUpperCase() === "INBOX") : undefined);
  if (!found)
    throw new CoreError(
      "bad_input",
      `no folder ${JSON.stringify(name)} on the server (it has ${list.map((m) => m.path).join(", ")})`,
    );
  if (found.flags.has("\\Noselect") || found.flags.has("\\NonExistent"))
    throw new CoreError("bad_input", `${found.path} cannot hold messages (\\Noselect)`);
  return found.path;
}

/** The Snoozed folder: an existing one (by name, at any namespace prefix), else created now. */
async function snoozedFolder(client: ImapFlow): Promise<string> {
  const found = (await client.list()).find(
    (m) => m.path === SNOOZED_FOLDER || m.name === SNOOZED_FOLDER || m.specialUse === "\\Snoozed",
  );
  if (found) return found.path;
  const made = await client.mailboxCreate(SNOOZED_FOLDER);
  return made.path;
}

const resetError = (folder: string) =>
  new AccountError("protocol", `${folder} was reset on the server (UIDVALIDITY changed): sync first`);

/** The newest message in `folder` with this Message-ID (the copy a move just made), or null. */
async function findByMessageId(client: ImapFlow, folder: string, messageId: string): Promise<At | null> {
  const lock = await client.getMailboxLock(folder);
  try {
    const uids = (await client.search({ header: { "message-id": messageId } }, { uid: true })) || [];
    const mb = client.mailbox;
    if (!uids.length || !mb) return null;
    return { folder, uidValidity: String(mb.uidValidity), uid: Math.max(...uids) };
  } finally {
    lock.release();
  }
}

/**
 * Moves one message and says where it went, which undo needs: from UIDPLUS COPYUID, else by
 * searching the destination for its Message-ID. MOVE (RFC 6851) when offered, else COPY, STORE
 * \Deleted and UID EXPUNGE; without MOVE or UIDPLUS it refuses, since a plain EXPUNGE would also
 * remove other messages someone marked deleted.
 */
export async function move(client: ImapFlow, at: At, dest: string): Promise<Placed> {
  if (dest === at.folder) throw new CoreError("bad_input", `the message is already in ${dest}`);
  const caps = client.capabilities;
  if (!caps.has("MOVE") && !caps.has("UIDPLUS"))
    throw new AccountError(
      "protocol",
      "the server offers neither MOVE nor UIDPLUS: moving would also expunge other messages marked deleted",
    );
  let messageId: string | undefined;
  const lock = await client.getMailboxLock(at.folder);
  try {
    const mb = client.mailbox;
    if (!mb || String(mb.uidValidity) !== at.uidValidity) throw resetError(at.folder);
    const msg = await client.fetchOne(String(at.uid), { envelope: true, uid: true }, { uid: true });
    if (!msg) throw new MessageGoneError(at.folder);
    messageId = msg.envelope?.messageId;
    if (!messageId && !caps.has("UIDPLUS"))
      throw new AccountError(
        "protocol",
        "the server has no UIDPLUS and the message no Message-ID: the move could not be undone",
      );
    const res = await client.messageMove(String(at.uid), dest, { uid: true });
    if (!res) throw new AccountError("protocol", `the server refused to move the message to ${dest}`);
    const uid = res.uidMap?.get(at.uid);
    if (uid !== undefined && res.uidValidity !== undefined)
      return { folder: dest, uidValidity: String(res.uidValidity), uid, ...(messageId ? { messageId } : {}) };
  } finally {
    lock.release();
  }
  const found = messageId ? await findByMessageId(client, dest, messageId) : null;
  if (!found)
    throw new AccountError(
      "protocol",
      `the message went to ${dest} but the server did not say where (no COPYUID, not found by Message-ID)`,
    );
  return { ...found, ...(messageId ? { messageId } : {}) };
}

async function flags(client: ImapFlow, at: At, add: boolean, flag: string): Promise<void> {
  const lock = await client.getMailboxLock(at.folder);
  try {
    const mb = client.mailbox;
    if (!mb || String(mb.uidValidity) !== at.uidValidity) throw resetError(at.folder);
    // A STORE on a UID that is gone succeeds and changes nothing: ask first, so it is not "applied".
    if (!(await client.fetchOne(String(at.uid), { uid: true }, { uid: true })))
      throw new MessageGoneError(at.folder);
    const ok = add
      ? await client.messageFlagsAdd(String(at.uid), [flag], { uid: true })
      : await client.messageFlagsRemove(String(at.uid), [flag], { uid: true });
    if (!ok) throw new AccountError("protocol", `the server refused to change ${flag}`);
  } finally {
    lock.release();
  }
}

/**
 * Runs suggestions' actions on the account's own IMAP server (one short session each) and their
 * reversals: archive, trash, move and snooze move the message (to the special-use folder, the named
 * one, or Snoozed) and record where it went (COPYUID, else its Message-ID) so undo moves it back;
 * mark read and labels set or clear \Seen, \Flagged or a keyword.
 */
export function imapActions(ctx: AgentCtx, service: Service, opts: { timeoutMs?: number } = {}) {
  const timeoutMs = opts.timeoutMs ?? IMAP_ACTION_TIMEOUT_MS;
  const accountOf = async (s: { scoutId: string | null }): Promise<Row> => {
    const id = s.scoutId?.startsWith("imap:") ? s.scoutId.slice(5) : "";
    const row = (await service.rows()).find((r) => r.id === id);
    if (!row) throw new CoreError("not_found", `the mail account of this suggestion was removed`);
    return row;
  };
  const withSession = async <T>(row: Row, fn: (c: ImapFlow) => Promise<T>): Promise<T> => {
    let client: ImapFlow;
    try {
      const opening = service.openSession(row);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          // A login that answers after all is closed at once: nobody will use it.
          opening.then((c) => c.close()).catch(() => {});
          reject(
            new AccountError(
              "unreachable",
              `${row.server.host ?? "the mail server"} did not finish the login within ${Math.round(timeoutMs / 100) / 10} s`,
            ),
          );
        }, timeoutMs);
      });
      client = await Promise.race([opening, expired]).finally(() => clearTimeout(timer));
    } catch (e) {
      throw await service.recordError(row.id, e);
    }
    try {
      return await withImapDeadline(client, row.server.host ?? "the mail server", timeoutMs, fn);
    } finally {
      // LOGOUT waits for the server's answer: a server that stopped answering must not hold it.
      if (client.usable) await withImapDeadline(client, "logout", 5_000, (c) => c.logout()).catch(() => {});
      else client.close();
    }
  };
  const place = (ref: string): At => {
    const at = parseImapRef(ref);
    if (!at) throw new CoreError("bad_input", "this suggestion does not name its place on the server");
    return at;
  };
  const moved = async (s: Suggestion | null, to: At) => {
    if (!s) return;
    const updated = await ctx.stores.suggestions.update(s.id, { sourceMsgRef: imapRef(to) });
    if (updated) ctx.bus.emit({ type: "suggestion.updated", suggestion: updated });
  };
  return {
    /** Does `action` on the server; returns what the ledger's reversal needs beyond its action. */
    async run(
      s: Suggestion,
      action: string,
      params: { label?: string; folder?: string },
    ): Promise<Record<string, unknown>> {
      if (!(IMAP_ACTIONS as readonly string[]).includes(action))
        throw new CoreError(
          "bad_input",
          `${action} is not available for IMAP mail yet (${IMAP_ACTIONS.join(", ")})`,
        );
      const row = await accountOf(s);
      const at = place(s.sourceMsgRef);
      // The person acted on a message that left INBOX before the watcher saw it: the suggestion
      // goes as the watcher's pass would take it, not left new with nothing behind it.
      const gone = async (e: unknown): Promise<never> => {
        if (e instanceof MessageGoneError && e.folder === "INBOX") await markLeftInbox(ctx, s.id);
        throw e;
      };
      return withSession(row, async (c) => {
        const dest =
          action === "archive" || action === "trash"
            ? await specialFolder(c, action === "archive" ? "\\Archive" : "\\Trash")
            : action === "move"
              ? await namedFolder(c, params.folder ?? "")
              : action === "snooze"
                ? await snoozedFolder(c)
                : null;
        if (dest) {
          const to = await move(c, at, dest);
          await moved(s, to);
          return { imap: { from: at, to } };
        }
        const flag = action === "mark_read" ? "\\Seen" : flagFor(params.label);
        await flags(c, at, true, flag);
        return { imap: { at, flag } };
      }).catch(gone);
    },
    /** Runs an applied entry's reversal on the server (the message moved back, the flag cleared). */
    async reverse(entry: LedgerEntry): Promise<void> {
      const r = entry.reversal as {
        action?: string;
        imap?: { from?: At; to?: At; at?: At; flag?: string };
      } | null;
      if (!r?.imap) throw new CoreError("bad_input", "this entry has no IMAP reversal");
      const s = entry.suggestionId ? await ctx.stores.suggestions.get(entry.suggestionId) : null;
      const row = await accountOf(s ?? { scoutId: entry.scoutId });
      const { from, to, at, flag } = r.imap;
      await withSession(row, async (c) => {
        if (from && to) {
          const back = await move(c, to, from.folder);
          await moved(s, back);
        } else if (at && flag) await flags(c, at, false, flag);
        else throw new CoreError("bad_input", "this entry's IMAP reversal is incomplete");
      });
    },
    /**
     * A snooze's wake-up: the message goes back from Snoozed to INBOX. When it is no longer where
     * the snooze put it, INBOX is searched for its Message-ID (a wake that crashed after the move,
     * or another client moved it back); null when it is in neither (the wake is the device's only).
     */
    async wake(s: Suggestion, snooze: LedgerEntry | null): Promise<Record<string, unknown> | null> {
      const row = await accountOf(s);
      const at = place(s.sourceMsgRef);
      const messageId = (snooze?.reversal as { imap?: { to?: Placed } } | null)?.imap?.to?.messageId;
      return withSession(row, async (c) => {
        try {
          const back = await move(c, at, await namedFolder(c, "INBOX"));
          await moved(s, back);
          return { imap: { from: at, to: back } };
        } catch (e) {
          if (!(e instanceof AccountError) || e.code !== "protocol" || !messageId) throw e;
          const found = await findByMessageId(c, await namedFolder(c, "INBOX"), messageId);
          if (!found) return null;
          await moved(s, found);
          return { imap: { from: at, to: { ...found, messageId } } };
        }
      });
    },
  };
}
export type ImapActions = ReturnType<typeof imapActions>;
