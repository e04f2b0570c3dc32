import type { Stage1Classifier } from "@scouts/core/triage/stage1-contract";
import { and, eq } from "drizzle-orm";
import type { JmapCursor } from "../db/schema/accounts.ts";
import { scoutSuggestions } from "../db/schema/suggestions.ts";
import type { AgentCtx } from "../services/context.ts";
import { applyReadState } from "../services/read-state.ts";
import { accountSuggestionId, alreadyIngested, ingestAccountMessage } from "./account-ingest.ts";
import { AccountError } from "./imap-client.ts";
import { LEFT_INBOX_LABEL, MAX_MESSAGE_BYTES, type SyncCounts } from "./imap-sync.ts";
import { JmapMethodError, type JmapSession } from "./jmap-client.ts";

/** Where a JMAP message is: its Email id, which stays the same when it moves between mailboxes. */
export const jmapRef = (emailId: string) => `jmap:${emailId}`;
export const parseJmapRef = (ref: string) => /^jmap:([A-Za-z0-9_-]{1,255})$/.exec(ref)?.[1] ?? null;

interface EmailMeta {
  id: string;
  blobId: string;
  messageId: string[] | null;
  mailboxIds: Record<string, boolean>;
  from: { name?: string | null; email?: string | null }[] | null;
  subject: string | null;
  keywords?: Record<string, boolean> | null;
}

/** The account's mailboxes by role (inbox, archive, trash, junk, …). */
export async function mailboxRoles(session: JmapSession): Promise<Map<string, string>> {
  const [res] = await session.call<{ list: { id: string; role: string | null }[] }>([
    ["Mailbox/get", { properties: ["role", "name"] }],
  ]);
  const roles = new Map<string, string>();
  for (const m of res?.list ?? []) if (m.role) roles.set(m.role, m.id);
  return roles;
}

async function emailState(session: JmapSession): Promise<string> {
  const [res] = await session.call<{ state: string }>([["Email/get", { ids: [], properties: ["id"] }]]);
  if (typeof res?.state !== "string")
    throw new AccountError("protocol", `${session.host} sent no Email state`);
  return res.state;
}

/** Every inbox id, a page at a time (ids only: a few bytes each). */
async function inboxIds(session: JmapSession, inbox: string): Promise<string[]> {
  const ids: string[] = [];
  for (let position = 0; ; ) {
    const [res] = await session.call<{ ids: string[]; total?: number }>([
      [
        "Email/query",
        {
          filter: { inMailbox: inbox },
          sort: [{ property: "receivedAt", isAscending: true }],
          position,
          limit: 500,
          calculateTotal: true,
        },
      ],
    ]);
    const page = res?.ids ?? [];
    ids.push(...page);
    position += page.length;
    if (page.length === 0 || (res?.total !== undefined && position >= res.total)) return ids;
  }
}

/** Suggestions still `new` whose message is no longer in the inbox become `archived` (left-inbox). */
async function markDeparted(ctx: AgentCtx, accountId: string, gone: (emailId: string) => boolean) {
  const rows = await ctx.db
    .select({ id: scoutSuggestions.id, ref: scoutSuggestions.sourceMsgRef })
    .from(scoutSuggestions)
    .where(and(eq(scoutSuggestions.scoutId, `jmap:${accountId}`), eq(scoutSuggestions.status, "new")))
    .all();
  let departed = 0;
  for (const r of rows) {
    const emailId = parseJmapRef(r.ref);
    if (!emailId || !gone(emailId)) continue;
    const current = await ctx.stores.suggestions.get(r.id);
    if (current?.status !== "new") continue;
    const updated = await ctx.stores.suggestions.update(r.id, {
      status: "archived",
      labels: [...current.labels.filter((l) => l !== LEFT_INBOX_LABEL), LEFT_INBOX_LABEL],
    });
    if (updated) ctx.bus.emit({ type: "suggestion.updated", suggestion: updated });
    departed++;
  }
  return departed;
}

/**
 * One pass over a JMAP account's inbox: with a saved state, `Email/changes` names what was created,
 * updated or destroyed since; without one (first sync, or the server answers
 * `cannotCalculateChanges`) the whole inbox is listed. The state is taken before reading, so a
 * message arriving meanwhile is seen again next pass and deduplicated by its suggestion id.
 */
export async function syncJmapInbox(args: {
  ctx: AgentCtx;
  session: JmapSession;
  accountId: string;
  cursor: JmapCursor | null;
  stage1?: Stage1Classifier;
  onProgress?: (p: { folder: string; done: number; total: number }) => void;
  /** Stops between batches when it turns true (a paused first sync); the cursor is then not advanced. */
  paused?: () => boolean;
}): Promise<{ counts: SyncCounts; cursor: JmapCursor | null }> {
  const { ctx, session, accountId } = args;
  const counts: SyncCounts = { seen: 0, new: 0, suggestions: 0, spam: 0, departed: 0 };
  const roles = await mailboxRoles(session);
  const inbox = roles.get("inbox");
  if (!inbox) throw new AccountError("protocol", `${session.host} has no inbox mailbox (role inbox)`);
  let candidates: string[];
  let state: string;
  if (args.cursor?.emailState) {
    try {
      const changed = new Set<string>();
      const destroyed = new Set<string>();
      let since = args.cursor.emailState;
      for (let i = 0; i < 1000; i++) {
        const [res] = await session.call<{
          newState: string;
          hasMoreChanges: boolean;
          created: string[];
          updated: string[];
          destroyed: string[];
        }>([["Email/changes", { sinceState: since, maxChanges: 500 }]]);
        for (const id of [...res!.created, ...res!.updated]) changed.add(id);
        for (const id of res!.destroyed) {
          destroyed.add(id);
          changed.delete(id);
        }
        since = res!.newState;
        if (!res!.hasMoreChanges) break;
      }
      state = since;
      candidates = [...changed];
      const metas = await getMetas(session, candidates);
      const outOfInbox = new Set([
        ...destroyed,
        ...metas.filter((m) => !m.mailboxIds[inbox]).map((m) => m.id),
      ]);
      for (const id of candidates) if (!metas.some((m) => m.id === id)) outOfInbox.add(id);
      counts.departed += await markDeparted(ctx, accountId, (id) => outOfInbox.has(id));
      await ingestMetas(metas.filter((m) => m.mailboxIds[inbox]));
      return { counts, cursor: { emailState: state } };
    } catch (e) {
      // cannotCalculateChanges (RFC 8620 §5.2); Cyrus answers invalidArguments to a state it never issued.
      if (!(e instanceof JmapMethodError && ["cannotCalculateChanges", "invalidArguments"].includes(e.type)))
        throw e;
      ctx.logger.log("info", "mail.jmap_resync", { accountId });
    }
  }
  state = await emailState(session);
  candidates = await inboxIds(session, inbox);
  const present = new Set(candidates);
  counts.departed += await markDeparted(ctx, accountId, (id) => !present.has(id));
  let done = 0;
  for (let i = 0; i < candidates.length; i += 50) {
    if (args.paused?.()) return { counts, cursor: args.cursor };
    await ingestMetas(await getMetas(session, candidates.slice(i, i + 50)));
    done = Math.min(candidates.length, i + 50);
    args.onProgress?.({ folder: "INBOX", done, total: candidates.length });
  }
  return { counts, cursor: { emailState: state } };

  async function ingestMetas(metas: EmailMeta[]) {
    for (const m of metas) {
      counts.seen++;
      const id = accountSuggestionId("jmap", accountId, m.messageId?.[0], m.id);
      const unread = m.keywords ? m.keywords.$seen !== true : undefined;
      if (await alreadyIngested(ctx, id)) {
        // Email/changes names a message whose keywords changed: read elsewhere counts as opened.
        if (unread !== undefined) await applyReadState(ctx, id, unread);
        continue;
      }
      counts.new++;
      const raw = await session.download(m.blobId, MAX_MESSAGE_BYTES);
      const from = m.from?.[0];
      const outcome = await ingestAccountMessage({
        ctx,
        ...(args.stage1 ? { stage1: args.stage1 } : {}),
        id,
        accountId,
        source: "jmap",
        sourceMsgRef: jmapRef(m.id),
        raw,
        envelope: {
          from: from ? { name: from.name ?? null, address: from.email ?? null } : null,
          subject: m.subject,
        },
        ...(unread !== undefined ? { unread } : {}),
      });
      if (outcome === "spam") counts.spam++;
      if (outcome === "suggestion") counts.suggestions++;
    }
  }
}

async function getMetas(session: JmapSession, ids: string[]): Promise<EmailMeta[]> {
  const out: EmailMeta[] = [];
  for (let i = 0; i < ids.length; i += 50) {
    const [res] = await session.call<{ list: EmailMeta[] }>([
      [
        "Email/get",
        {
          ids: ids.slice(i, i + 50),
          properties: ["id", "blobId", "messageId", "mailboxIds", "from", "subject", "keywords"],
        },
      ],
    ]);
    out.push(...(res?.list ?? []));
  }
  return out;
}
