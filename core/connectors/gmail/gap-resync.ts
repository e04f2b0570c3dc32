import { z } from "zod";
import { CoreError } from "../../errors.ts";
import type { Logger } from "../../ports.ts";
import type { ListNewResult, MessageRef } from "../source-connector.ts";
import type { GmailClient } from "./client.ts";
import { maxHistoryId, parseHistoryId } from "./history-id.ts";

const Resync = z.object({
  /** The expired cursor this resync replaces: a resync of another cursor is stale. */
  from: z.string().max(20),
  /** The mailbox's historyId read before the first page: the cursor once every page is read. */
  head: z.string().max(20),
  /** Gmail search `after:` (epoch seconds). */
  after: z.number().int().nonnegative(),
  /** When the resync started (epoch ms): the cursor time once it is done. */
  at: z.number().int().nonnegative(),
  pageToken: z.string().max(4096).optional(),
  /** The message listed last before the gap (on the boundary second): not listed again. */
  skip: z.string().max(256).optional(),
});
type Resync = z.infer<typeof Resync>;

/**
 * What the Gmail connector keeps beside the cursor (ids and times only): when the cursor was
 * current (`at`, epoch ms), the message listed last (`lastId`), and a gap resync under way.
 */
const SyncState = z.object({
  at: z.number().int().nonnegative().optional(),
  lastId: z.string().max(256).optional(),
  resync: Resync.optional(),
});
export type GmailSyncState = z.infer<typeof SyncState>;

/** The stored state, or none when absent or not this shape (logged: the 404 fallback is then bounded). */
export function parseSyncState(text: string | null | undefined, logger: Logger): GmailSyncState {
  if (!text) return {};
  try {
    const r = SyncState.safeParse(JSON.parse(text));
    if (r.success) return r.data;
  } catch {}
  logger.log("warn", "gmail.sync_state_unreadable", { length: text.length });
  return {};
}

const ListPage = z.object({
  messages: z
    .array(z.object({ id: z.string().min(1).max(256), threadId: z.string().max(256).optional() }))
    .optional(),
  nextPageToken: z.string().max(4096).optional(),
});

/** The page, or a `bad_input` error naming the first field that is not Gmail's shape. */
export function shaped<T>(schema: z.ZodType<T>, body: unknown, method: string): T {
  const page = schema.safeParse(body);
  if (page.success) return page.data;
  const issue = page.error.issues[0];
  throw new CoreError(
    "bad_input",
    `${method} answered a page Gmail does not send: ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`,
  );
}

/**
 * One `messages.list` page of INBOX with `extra` query parameters, validated: its refs (with the
 * thread id when Gmail gives one) and the next page token.
 */
export async function inboxListPage(
  client: GmailClient,
  extra: Record<string, string>,
  pageToken: string | undefined,
): Promise<{ refs: MessageRef[]; next: string | undefined }> {
  const query = new URLSearchParams({ labelIds: "INBOX", ...extra });
  if (pageToken) query.set("pageToken", pageToken);
  const page = shaped(
    ListPage,
    await client.json<unknown>({ method: "messages.list", path: "/messages", query }),
    "messages.list",
  );
  const refs = (page.messages ?? []).map(
    (m): MessageRef =>
      m.threadId === undefined
        ? { source: "gmail", id: m.id }
        : { source: "gmail", id: m.id, threadId: m.threadId },
  );
  return { refs, next: page.nextPageToken };
}

/**
 * Starts the full sync Gmail documents for an expired history cursor: the mailbox's historyId
 * first (nothing arriving meanwhile is skipped), then every INBOX message since the cursor's
 * time. Null when that time is unknown (a cursor stored before times were kept).
 */
export async function startGapResync(
  client: GmailClient,
  cursor: string,
  state: GmailSyncState,
  now: number,
): Promise<Resync | null> {
  if (state.at === undefined) return null;
  const profile = await client.json<{ historyId: string }>({ method: "getProfile", path: "/profile" });
  const head = parseHistoryId(profile.historyId, "profile historyId").toString();
  // One second back: Gmail's `after:` is by whole seconds; the boundary message itself is skipped.
  const after = Math.max(0, Math.floor(state.at / 1000) - 1);
  return { from: cursor, head, after, at: now, ...(state.lastId ? { skip: state.lastId } : {}) };
}

/**
 * Lists up to `pages` `messages.list` pages of a gap resync. Done: the cursor moves to the
 * resync's head. Not done: the cursor stays, the state carries the next page token, `more`.
 */
export async function gapResyncPages(
  client: GmailClient,
  logger: Logger,
  cursor: string,
  resync: Resync,
  pages: number,
  pagesBefore: number,
): Promise<ListNewResult & { state: string }> {
  const refs: MessageRef[] = [];
  let pageToken = resync.pageToken;
  let done = false;
  let n = 0;
  while (n < Math.max(1, pages)) {
    const page = await inboxListPage(client, { q: `after:${resync.after}`, maxResults: "500" }, pageToken);
    n++;
    for (const ref of page.refs) if (ref.id !== resync.skip) refs.push(ref);
    pageToken = page.next;
    if (!pageToken) {
      done = true;
      break;
    }
  }
  logger.log("warn", "gmail.gap_resync", { refs: refs.length, done, pages: n });
  if (done)
    return {
      refs,
      cursor: maxHistoryId(cursor, resync.head)!,
      fullResync: true,
      pages: pagesBefore + n,
      state: JSON.stringify({ at: resync.at } satisfies GmailSyncState),
    };
  return {
    refs,
    cursor,
    fullResync: true,
    pages: pagesBefore + n,
    more: true,
    state: JSON.stringify({ resync: { ...resync, pageToken } } satisfies GmailSyncState),
  };
}
