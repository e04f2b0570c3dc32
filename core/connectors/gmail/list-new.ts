import { z } from "zod";
import { isCoreError } from "../../errors.ts";
import type { Logger } from "../../ports.ts";
import type { ListNewResult, MessageRef } from "../source-connector.ts";
import type { GmailClient } from "./client.ts";
import {
  type GmailSyncState,
  gapResyncPages,
  inboxListPage,
  parseSyncState,
  shaped,
  startGapResync,
} from "./gap-resync.ts";
import { maxHistoryId, parseHistoryId } from "./history-id.ts";

const HistoryMessage = z.object({
  id: z.string().min(1).max(256),
  threadId: z.string().max(256).optional(),
  labelIds: z.array(z.string()).optional(),
});
type HistoryMessage = z.infer<typeof HistoryMessage>;
const Changes = z.array(z.object({ message: HistoryMessage })).optional();

/** Gmail's `ListHistoryResponse`, as much of it as is read; anything else is refused by name. */
const HistoryPage = z.object({
  history: z.array(z.object({ id: z.string(), messagesAdded: Changes, messagesDeleted: Changes })).optional(),
  nextPageToken: z.string().max(4096).optional(),
  historyId: z.string(),
});
type HistoryPage = z.infer<typeof HistoryPage>;

/** Gmail's own `maxResults` ceiling: a page that claims more records is read in slices of this. */
const MAX_RECORDS = 500;

/** The page, or a `bad_input` error naming the first field that is not Gmail's shape. */
function historyPageOf(body: unknown): HistoryPage {
  return shaped(HistoryPage, body, "history.list");
}

export interface ListNewOptions {
  /** Pages of 500 records read per call before returning a partial cursor (default 20). */
  maxPages?: number;
  /** Newest INBOX messages taken by a full resync after a 404 (default 500). */
  fullSyncLimit?: number;
  /** This call's own page bound under `maxPages` (the caller's invocation budget), at least 1. */
  allowance?: number | undefined;
  /** What the last listing stored beside the cursor (see `GmailSyncState`). */
  state?: string | null | undefined;
  /** Epoch ms now (the cursor time a complete listing stores). */
  now?: number;
}

/** Labels that mean "not a new incoming item": our own sends and drafts, Gmail's spam/trash. */
const SKIP_LABELS = new Set(["DRAFT", "SENT", "SPAM", "TRASH", "CHAT"]);

function isIncoming(m: HistoryMessage): boolean {
  if (!m.labelIds) return true;
  return m.labelIds.includes("INBOX") || !m.labelIds.some((l) => SKIP_LABELS.has(l));
}

/**
 * New messages since `cursor`, from `history.list` (messageAdded only: label changes — including
 * the triage's own archive/trash — never produce work, so there is no notify loop). The cursor
 * only moves forward. A 404 (history expired) starts Gmail's documented full sync of the gap:
 * every INBOX message since the cursor's time, paged like history (`more`) with its progress in
 * the returned `state`; with no known time, the bounded resync (newest 500 INBOX).
 */
export async function listNewMessages(
  client: GmailClient,
  logger: Logger,
  cursor: string | null,
  opts: ListNewOptions = {},
): Promise<ListNewResult> {
  const now = opts.now ?? Date.now();
  const stateAt = (s: GmailSyncState) => JSON.stringify(s);
  if (cursor === null) {
    // First sync: establish a baseline rather than triaging the whole backlog.
    const profile = await client.json<{ historyId: string }>({ method: "getProfile", path: "/profile" });
    return {
      refs: [],
      cursor: parseHistoryId(profile.historyId).toString(),
      fullResync: false,
      state: stateAt({ at: now }),
    };
  }
  const start = parseHistoryId(cursor, "cursor");
  const maxPages = Math.max(1, Math.min(opts.maxPages ?? 20, opts.allowance ?? Number.POSITIVE_INFINITY));
  const state = parseSyncState(opts.state, logger);
  // A gap resync under way for this very cursor goes on where it stopped.
  if (state.resync && state.resync.from === cursor)
    return gapResyncPages(client, logger, cursor, state.resync, maxPages, 0);
  const added = new Map<string, MessageRef & { at: bigint }>();
  const deleted = new Set<string>();
  let newest: string | null = cursor;
  let pageToken: string | undefined;
  let complete = false;
  let page = 0;
  for (; page < maxPages; page++) {
    const query = new URLSearchParams({
      startHistoryId: start.toString(),
      historyTypes: "messageAdded",
      maxResults: "500",
    });
    query.append("historyTypes", "messageDeleted");
    if (pageToken) query.set("pageToken", pageToken);
    let res: HistoryPage;
    try {
      res = historyPageOf(await client.json<unknown>({ method: "history.list", path: "/history", query }));
    } catch (e) {
      // The history pages read before the 404 are dropped: the resync lists those messages again.
      if (isCoreError(e) && e.code === "not_found") {
        const resync = await startGapResync(client, cursor, state, now);
        if (resync) return gapResyncPages(client, logger, cursor, resync, maxPages - page, page + 1);
        const r = await fullResync(
          client,
          logger,
          cursor,
          opts.fullSyncLimit ?? 500,
          maxPages - page,
          page + 1,
        );
        return { ...r, state: stateAt({ at: now }) };
      }
      throw e;
    }
    // A page longer than Gmail's ceiling is read up to it; the rest is listed again from there.
    const records = res.history ?? [];
    const sliced = records.length > MAX_RECORDS;
    for (const record of sliced ? records.slice(0, MAX_RECORDS) : records) {
      const at = parseHistoryId(record.id, "history record id");
      if (at <= start) continue;
      for (const { message } of record.messagesAdded ?? []) {
        if (isIncoming(message) && !added.has(message.id)) {
          added.set(message.id, { source: "gmail", id: message.id, threadId: message.threadId, at });
        }
      }
      for (const { message } of record.messagesDeleted ?? []) deleted.add(message.id);
      newest = maxHistoryId(newest, record.id);
    }
    if (sliced) {
      page++;
      break;
    }
    pageToken = res.nextPageToken;
    if (!pageToken) {
      newest = maxHistoryId(newest, res.historyId);
      complete = true;
      break;
    }
  }
  const refs = [...added.values()]
    .filter((r) => !deleted.has(r.id))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
    .map(({ at: _, ...ref }) => (ref.threadId === undefined ? { source: ref.source, id: ref.id } : ref));
  logger.log("info", "gmail.history_listed", { refs: refs.length, complete, deleted: deleted.size });
  const pages = complete ? page + 1 : page;
  const next = complete ? { at: now } : await partialState(client, logger, refs.at(-1), state);
  return {
    refs,
    cursor: newest ?? cursor,
    fullResync: false,
    pages,
    state: stateAt(next),
    ...(complete ? {} : { more: true }),
  };
}

/**
 * A partial cursor's time is the newest listed message's `internalDate` (what a gap resync
 * searches from). Unknown (nothing listed, the message gone, Gmail failing): the previous
 * time stays, which can only make a later resync list more, never less.
 */
async function partialState(
  client: GmailClient,
  logger: Logger,
  last: MessageRef | undefined,
  prev: GmailSyncState,
): Promise<GmailSyncState> {
  const keep: GmailSyncState = {
    ...(prev.at !== undefined ? { at: prev.at } : {}),
    ...(prev.lastId ? { lastId: prev.lastId } : {}),
  };
  if (!last) return keep;
  try {
    const msg = await client.json<{ internalDate?: string }>({
      method: "messages.get",
      path: `/messages/${encodeURIComponent(last.id)}`,
      query: new URLSearchParams({ format: "minimal", fields: "internalDate" }),
    });
    const at = Number(msg.internalDate);
    if (Number.isSafeInteger(at) && at >= 0) return { at, lastId: last.id };
  } catch (e) {
    logger.log("warn", "gmail.cursor_time_unknown", { code: isCoreError(e) ? e.code : "internal" });
  }
  return keep;
}

/**
 * The newest `limit` INBOX messages (DESIGN §2: a bounded full resync), in at most `pages`
 * `messages.list` calls: what is left of the caller's page allowance after the 404.
 */
async function fullResync(
  client: GmailClient,
  logger: Logger,
  cursor: string,
  limit: number,
  pages: number,
  historyPages: number,
): Promise<ListNewResult> {
  // Read the mailbox's historyId first so nothing that arrives during the listing is skipped.
  const profile = await client.json<{ historyId: string }>({ method: "getProfile", path: "/profile" });
  const refs: MessageRef[] = [];
  let pageToken: string | undefined;
  let n = 0;
  for (; refs.length < limit && n < Math.max(1, pages); n++) {
    const page = await inboxListPage(
      client,
      { maxResults: String(Math.min(500, limit - refs.length)) },
      pageToken,
    );
    refs.push(...page.refs);
    pageToken = page.next;
    if (!pageToken) {
      n++;
      break;
    }
  }
  logger.log("warn", "gmail.full_resync", { refs: refs.length, limit });
  return {
    refs: refs.slice(0, limit),
    cursor: maxHistoryId(cursor, profile.historyId)!,
    fullResync: true,
    pages: historyPages + n,
  };
}
