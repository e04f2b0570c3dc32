import type { Stage1Classifier } from "@scouts/core/triage/stage1-contract";
import { and, eq } from "drizzle-orm";
import type { ImapFlow } from "imapflow";
import type { FolderCursor } from "../db/schema/accounts.ts";
import { scoutSuggestions } from "../db/schema/suggestions.ts";
import type { AgentCtx } from "../services/context.ts";
import { applyReadState } from "../services/read-state.ts";
import {
  accountStage1,
  accountSuggestionId,
  alreadyIngested,
  ingestAccountMessage,
} from "./account-ingest.ts";

/** The most of one message a sync reads: enough for triage, never a 35 MB attachment. */
export const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

export interface SyncCounts {
  seen: number;
  new: number;
  suggestions: number;
  spam: number;
  /** Suggestions whose message another client moved out of the inbox or deleted. */
  departed: number;
}

/** The label a suggestion gets when its message left the inbox through another mail client. */
export const LEFT_INBOX_LABEL = "left-inbox";

/**
 * Suggestions still `new` whose INBOX message is gone (moved or deleted by another client): they
 * become `archived` with the `left-inbox` label, so the person is not asked about mail already
 * handled. Compares the UIDs the server lists now with the ones suggestions were made from; works
 * with and without CONDSTORE (a UID SEARCH costs a few bytes per message).
 */
async function reconcileInbox(args: {
  ctx: AgentCtx;
  client: ImapFlow;
  accountId: string;
  uidValidity: string;
}): Promise<number> {
  const { ctx, client } = args;
  const rows = await ctx.db
    .select({ id: scoutSuggestions.id, ref: scoutSuggestions.sourceMsgRef })
    .from(scoutSuggestions)
    .where(and(eq(scoutSuggestions.scoutId, `imap:${args.accountId}`), eq(scoutSuggestions.status, "new")))
    .all();
  const ours = rows
    .map((r) => ({ id: r.id, at: parseImapRef(r.ref) }))
    .filter((r) => r.at?.folder === "INBOX" && r.at.uidValidity === args.uidValidity);
  if (ours.length === 0) return 0;
  const present = new Set((await client.search({ all: true }, { uid: true })) || []);
  let departed = 0;
  for (const r of ours) {
    if (present.has(r.at!.uid)) continue;
    if (await markLeftInbox(ctx, r.id)) departed++;
  }
  return departed;
}

/**
 * A still-new suggestion whose message is no longer in INBOX (another client archived, moved or
 * deleted it) becomes `archived` with the `left-inbox` label; false when it was not new.
 */
export async function markLeftInbox(ctx: AgentCtx, id: string): Promise<boolean> {
  const current = await ctx.stores.suggestions.get(id);
  if (current?.status !== "new") return false;
  const updated = await ctx.stores.suggestions.update(id, {
    status: "archived",
    labels: [...current.labels.filter((l) => l !== LEFT_INBOX_LABEL), LEFT_INBOX_LABEL],
  });
  if (updated) ctx.bus.emit({ type: "suggestion.updated", suggestion: updated });
  return true;
}

/**
 * The folder's `\Seen` flags onto its suggestions (any status: archived mail counts for the read
 * rate too), from two UID SEARCHes (a few bytes per message). A UID in neither list is gone and
 * keeps what was known.
 */
async function refreshReadState(args: {
  ctx: AgentCtx;
  client: ImapFlow;
  accountId: string;
  folder: string;
  uidValidity: string;
}): Promise<void> {
  const { ctx, client } = args;
  const rows = await ctx.db
    .select({ id: scoutSuggestions.id, ref: scoutSuggestions.sourceMsgRef })
    .from(scoutSuggestions)
    .where(eq(scoutSuggestions.scoutId, `imap:${args.accountId}`))
    .all();
  const ours = rows
    .map((r) => ({ id: r.id, at: parseImapRef(r.ref) }))
    .filter((r) => r.at?.folder === args.folder && r.at.uidValidity === args.uidValidity);
  if (ours.length === 0) return;
  const seen = new Set((await client.search({ seen: true }, { uid: true })) || []);
  const unseen = new Set((await client.search({ seen: false }, { uid: true })) || []);
  for (const r of ours) {
    const uid = r.at!.uid;
    if (seen.has(uid)) await applyReadState(ctx, r.id, false);
    else if (unseen.has(uid)) await applyReadState(ctx, r.id, true);
  }
}

/**
 * The suggestion id of a message: its Message-ID when it has one, so the same mail found again
 * after a UIDVALIDITY reset or a move into another watched folder is not a second suggestion.
 */
export function imapSuggestionId(
  accountId: string,
  msg: { messageId?: string | null; folder: string; uidValidity: string; uid: number },
) {
  return accountSuggestionId(
    "imap",
    accountId,
    msg.messageId,
    `${msg.folder}\u0000${msg.uidValidity}\u0000${msg.uid}`,
  );
}

/**
 * Where a message is on the server, as suggestions keep it: `imap:<uidvalidity>:<uid>:<folder>`
 * (the folder last, so any name fits; text only, since SQLite cuts a string at a NUL).
 */
export const imapRef = (at: { folder: string; uidValidity: string; uid: number }) =>
  `imap:${at.uidValidity}:${at.uid}:${at.folder}`;
export function parseImapRef(ref: string): { folder: string; uidValidity: string; uid: number } | null {
  const m = /^imap:(\d+):(\d+):(.+)$/s.exec(ref);
  return m ? { uidValidity: m[1]!, uid: Number(m[2]), folder: m[3]! } : null;
}

/**
 * One pass over an account's folders on an open session: only messages above each folder's last
 * UID are read (a changed UIDVALIDITY starts the folder over, deduplicated by Message-ID), each
 * through stage 1 and the device's ingest. Returns the new cursor; the caller stores it only
 * after the pass, so an interrupted sync repeats work (deduplicated) but never skips mail.
 */
export async function syncImapFolders(args: {
  ctx: AgentCtx;
  client: ImapFlow;
  accountId: string;
  folders: string[];
  cursor: FolderCursor;
  stage1?: Stage1Classifier;
  onProgress?: (p: { folder: string; done: number; total: number }) => void;
  /**
   * Look for suggestions whose message left INBOX and refresh every folder's read state (default
   * true; a pass for new mail only skips both).
   */
  reconcile?: boolean;
  /**
   * Stops between batches when it turns true (the person paused a first sync): the folder's cursor
   * then holds the last UID of the batches read, so a later pass starts right after them.
   */
  paused?: () => boolean;
  /** Messages fetched per batch (50). */
  batchSize?: number;
}): Promise<{ counts: SyncCounts; cursor: FolderCursor; paused: boolean }> {
  const { ctx, client, accountId } = args;
  const stage1 = args.stage1 ?? accountStage1();
  const counts: SyncCounts = { seen: 0, new: 0, suggestions: 0, spam: 0, departed: 0 };
  const cursor: FolderCursor = { ...args.cursor };
  const size = args.batchSize ?? 50;
  let paused = false;
  for (const folder of args.folders) {
    if (paused) break;
    const lock = await client.getMailboxLock(folder, { readOnly: true });
    try {
      const mb = client.mailbox;
      if (!mb) continue;
      const uidValidity = String(mb.uidValidity);
      const prev = cursor[folder];
      const start = prev && prev.uidValidity === uidValidity ? prev.lastUid : 0;
      let lastUid = start;
      const highestModseq = mb.highestModseq !== undefined ? String(mb.highestModseq) : null;
      // Always asked (a few bytes): a mailbox that stays selected under IDLE keeps a stale UIDNEXT.
      if (mb.exists > 0) {
        // Ascending, so after each whole batch every UID up to `lastUid` has been read.
        const uids = ((await client.search({ uid: `${start + 1}:*` }, { uid: true })) || [])
          .filter((u) => u > start)
          .sort((a, b) => a - b);
        let done = 0;
        for (let i = 0; i < uids.length; i += size) {
          if (args.paused?.()) {
            paused = true;
            break;
          }
          const batch = uids.slice(i, i + size);
          for await (const m of client.fetch(
            batch.join(","),
            { uid: true, envelope: true, flags: true, source: { maxLength: MAX_MESSAGE_BYTES } },
            { uid: true },
          )) {
            if (m.uid <= start) continue;
            counts.seen++;
            lastUid = Math.max(lastUid, m.uid);
            const id = imapSuggestionId(accountId, {
              messageId: m.envelope?.messageId,
              folder,
              uidValidity,
              uid: m.uid,
            });
            if (await alreadyIngested(ctx, id)) continue;
            counts.new++;
            const outcome = await ingestAccountMessage({
              ctx,
              stage1,
              id,
              accountId,
              source: "imap",
              sourceMsgRef: imapRef({ folder, uidValidity, uid: m.uid }),
              raw: m.source ? m.source.toString("utf8") : "",
              envelope: { from: m.envelope?.from?.[0] ?? null, subject: m.envelope?.subject ?? null },
              ...(m.flags ? { unread: !m.flags.has("\\Seen") } : {}),
            });
            if (outcome === "spam") counts.spam++;
            if (outcome === "suggestion") counts.suggestions++;
          }
          done += batch.length;
          args.onProgress?.({ folder, done, total: uids.length });
        }
      }
      if (folder === "INBOX" && args.reconcile !== false && !paused) {
        counts.departed += await reconcileInbox({ ctx, client, accountId, uidValidity });
      }
      if (args.reconcile !== false && !paused) {
        await refreshReadState({ ctx, client, accountId, folder, uidValidity });
      }
      cursor[folder] = { uidValidity, lastUid, highestModseq };
    } finally {
      lock.release();
    }
  }
  return { counts, cursor, paused };
}
