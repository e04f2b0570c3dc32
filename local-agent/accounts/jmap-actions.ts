import { CoreError } from "@scouts/core/errors";
import type { LedgerEntry, Suggestion } from "@scouts/core/protocol/local-api";
import type { mailAccounts } from "../db/schema/accounts.ts";
import type { AgentCtx } from "../services/context.ts";
import type { mailAccountService } from "./accounts.ts";
import { AccountError } from "./imap-client.ts";
import type { JmapSession } from "./jmap-client.ts";
import { mailboxRoles, parseJmapRef } from "./jmap-sync.ts";

type Row = typeof mailAccounts.$inferSelect;
type Service = Pick<ReturnType<typeof mailAccountService>, "rows" | "openJmapSession" | "recordError">;

/** The actions a JMAP suggestion supports on the server (RFC 8621 `Email/set`). */
export const JMAP_ACTIONS = ["archive", "trash", "mark_read", "label"] as const;

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

/** Updates one email; the server's `notUpdated` (e.g. the message is gone) is an error that says so. */
async function update(session: JmapSession, emailId: string, patch: Record<string, unknown>) {
  const [res] = await session.call<{
    updated?: Record<string, unknown> | null;
    notUpdated?: Record<string, { type: string; description?: string }> | null;
  }>([["Email/set", { update: { [emailId]: patch } }]]);
  const failed = res?.notUpdated?.[emailId];
  if (failed)
    throw new AccountError(
      "protocol",
      failed.type === "notFound"
        ? "the message is no longer on the server"
        : `the server refused the change (${failed.type}${failed.description ? `: ${failed.description}` : ""})`,
    );
  if (!res?.updated || !(emailId in res.updated))
    throw new AccountError("protocol", "the server did not confirm the change");
}

/**
 * Runs suggestions' actions on the account's own JMAP server and their reversals. The Email id
 * does not change when a message moves, so archive and trash record the mailboxes it was in and
 * undo puts exactly those back; mark read and labels set or clear `$seen`, `$flagged` or a keyword.
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
    async run(s: Suggestion, action: string, params: { label?: string }): Promise<Record<string, unknown>> {
      if (!(JMAP_ACTIONS as readonly string[]).includes(action))
        throw new CoreError(
          "bad_input",
          `${action} is not available for JMAP mail yet (${JMAP_ACTIONS.join(", ")})`,
        );
      const emailId = parseJmapRef(s.sourceMsgRef);
      if (!emailId) throw new CoreError("bad_input", "this suggestion does not name its JMAP email");
      const keyword = action === "mark_read" ? "$seen" : action === "label" ? keywordFor(params.label) : null;
      const session = await open(await accountOf(s));
      if (keyword) {
        await update(session, emailId, { [`keywords/${keyword}`]: true });
        return { jmap: { emailId, keyword } };
      }
      const role = action === "archive" ? "archive" : "trash";
      const target = (await mailboxRoles(session)).get(role);
      if (!target) throw new AccountError("protocol", `the server has no ${role} mailbox (role ${role})`);
      const [got] = await session.call<{ list: { id: string; mailboxIds: Record<string, boolean> }[] }>([
        ["Email/get", { ids: [emailId], properties: ["mailboxIds"] }],
      ]);
      const before = got?.list?.[0]?.mailboxIds;
      if (!before) throw new AccountError("protocol", "the message is no longer on the server");
      await update(session, emailId, { mailboxIds: { [target]: true } });
      return { jmap: { emailId, from: Object.keys(before), to: target } };
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
