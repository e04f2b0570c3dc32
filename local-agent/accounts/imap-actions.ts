import { CoreError } from "@scouts/core/errors";
import type { LedgerEntry, Suggestion } from "@scouts/core/protocol/local-api";
import type { ImapFlow } from "imapflow";
import type { mailAccounts } from "../db/schema/accounts.ts";
import type { AgentCtx } from "../services/context.ts";
import type { mailAccountService } from "./accounts.ts";
import { AccountError } from "./imap-client.ts";
import { imapRef, parseImapRef } from "./imap-sync.ts";

type Row = typeof mailAccounts.$inferSelect;
type Service = Pick<ReturnType<typeof mailAccountService>, "rows" | "openSession" | "recordError">;
type At = { folder: string; uidValidity: string; uid: number };

/** The actions an IMAP suggestion supports on the server, and what each records to undo it. */
export const IMAP_ACTIONS = ["archive", "trash", "mark_read", "label"] as const;

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

/** Moves one message; the new place comes from UIDPLUS COPYUID (needed to undo). */
async function move(client: ImapFlow, at: At, dest: string): Promise<At> {
  const lock = await client.getMailboxLock(at.folder);
  try {
    const mb = client.mailbox;
    if (!mb || String(mb.uidValidity) !== at.uidValidity)
      throw new AccountError(
        "protocol",
        `${at.folder} was reset on the server (UIDVALIDITY changed): sync first`,
      );
    const res = await client.messageMove(String(at.uid), dest, { uid: true });
    const uid = res ? res.uidMap?.get(at.uid) : undefined;
    if (!res || uid === undefined || res.uidValidity === undefined)
      throw new AccountError(
        "protocol",
        `the server did not say where the message went (no UIDPLUS COPYUID)`,
      );
    return { folder: dest, uidValidity: String(res.uidValidity), uid };
  } finally {
    lock.release();
  }
}

async function flags(client: ImapFlow, at: At, add: boolean, flag: string): Promise<void> {
  const lock = await client.getMailboxLock(at.folder);
  try {
    const mb = client.mailbox;
    if (!mb || String(mb.uidValidity) !== at.uidValidity)
      throw new AccountError(
        "protocol",
        `${at.folder} was reset on the server (UIDVALIDITY changed): sync first`,
      );
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
 * reversals: archive and trash move to the special-use folder and record where the message went
 * (COPYUID) so undo moves it back; mark read and labels set or clear \Seen, \Flagged or a keyword.
 */
export function imapActions(ctx: AgentCtx, service: Service) {
  const accountOf = async (s: { scoutId: string | null }): Promise<Row> => {
    const id = s.scoutId?.startsWith("imap:") ? s.scoutId.slice(5) : "";
    const row = (await service.rows()).find((r) => r.id === id);
    if (!row) throw new CoreError("not_found", `the mail account of this suggestion was removed`);
    return row;
  };
  const withSession = async <T>(row: Row, fn: (c: ImapFlow) => Promise<T>): Promise<T> => {
    let client: ImapFlow;
    try {
      client = await service.openSession(row);
    } catch (e) {
      throw await service.recordError(row.id, e);
    }
    try {
      return await fn(client);
    } finally {
      await client.logout().catch(() => {});
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
    async run(s: Suggestion, action: string, params: { label?: string }): Promise<Record<string, unknown>> {
      if (!(IMAP_ACTIONS as readonly string[]).includes(action))
        throw new CoreError(
          "bad_input",
          `${action} is not available for IMAP mail yet (${IMAP_ACTIONS.join(", ")})`,
        );
      const row = await accountOf(s);
      const at = place(s.sourceMsgRef);
      return withSession(row, async (c) => {
        if (action === "archive" || action === "trash") {
          const to = await move(
            c,
            at,
            await specialFolder(c, action === "archive" ? "\\Archive" : "\\Trash"),
          );
          await moved(s, to);
          return { imap: { from: at, to } };
        }
        const flag = action === "mark_read" ? "\\Seen" : flagFor(params.label);
        await flags(c, at, true, flag);
        return { imap: { at, flag } };
      });
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
  };
}
export type ImapActions = ReturnType<typeof imapActions>;
