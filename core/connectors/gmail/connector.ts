import { firstLine } from "../../assistant/read-message.ts";
import { CoreError, isCoreError } from "../../errors.ts";
import {
  type Clock,
  type FetchLike,
  type Logger,
  type Sleep,
  silentLogger,
  systemClock,
} from "../../ports.ts";
import type { ThreadEntry } from "../../protocol/message.ts";
import type { WorkspaceScanSource } from "../../workspaces/scan.ts";
import { readCapped } from "../http/read-capped.ts";
import type { RateLimiter } from "../http/token-bucket.ts";
import type { MessageRef, SourceConnector, WatchResult } from "../source-connector.ts";
import { batchGetMessages } from "./batch-get.ts";
import { createGmailClient, type GetAccessToken } from "./client.ts";
import type { DraftInput } from "./draft-mime.ts";
import { createDraft, deleteDraft, type ReplyContext, replyContext } from "./drafts.ts";
import { parseHistoryId } from "./history-id.ts";
import { createLabelResolver, type LabelCache } from "./labels.ts";
import { type ListNewOptions, listNewMessages } from "./list-new.ts";
import { listGmailPlaces } from "./list-places.ts";
import {
  CONTENT_CAPS,
  type GmailFullMessage,
  toBoundedContent,
  toHeadersOnlyContent,
} from "./message-content.ts";
import { type GmailMessage, METADATA_HEADERS, toMetadata } from "./message-resource.ts";
import { sendAsAddresses } from "./send-as.ts";
import { sentTo } from "./sent-lookup.ts";

export interface GmailConnectorDeps extends ListNewOptions {
  fetch: FetchLike;
  getAccessToken: GetAccessToken;
  /** GMAIL_API_BASE; default https://gmail.googleapis.com. */
  apiBase?: string;
  rateLimiter: RateLimiter;
  /** Whose per-user quota to charge (the mailbox address or the scout id). */
  rateLimitKey?: string;
  /** `projects/{project}/topics/{topic}` for users.watch (GMAIL_PUBSUB_TOPIC). */
  topicName?: string;
  sleep: Sleep;
  clock?: Clock;
  logger?: Logger;
  random?: () => number;
  maxAttempts?: number;
  /** Label name → id for this mailbox, shared by the connectors of one isolate; default: per connector. */
  labelCache?: LabelCache;
}

export interface GmailConnector extends SourceConnector, WorkspaceScanSource {
  fetchLabels: NonNullable<SourceConnector["fetchLabels"]>;
  /** Adds/removes Gmail labels (ids), e.g. a triage label. */
  modifyLabels(ref: MessageRef, change: { add?: string[]; remove?: string[] }): Promise<void>;
  /**
   * Adds the label the person named (Gmail wants ids: resolved with labels.list, created with
   * labels.create when missing); returns the id, which is what undo removes.
   */
  addLabelByName(ref: MessageRef, name: string): Promise<{ labelId: string }>;
  /** users.stop: used when a connection needs re-auth or is removed. */
  stopWatch(): Promise<void>;
  /** users.drafts.create in the message's thread (10 units); never sends. */
  createDraft(input: DraftInput): Promise<{ draftId: string }>;
  /** users.drafts.delete (undo of a draft); an already deleted draft is not an error. */
  deleteDraft(draftId: string): Promise<void>;
  /** To, "Re:" subject, Message-ID and References of the message a reply answers. */
  replyContext(ref: MessageRef): Promise<ReplyContext>;
}

function parseMessage(text: string): GmailFullMessage {
  try {
    return JSON.parse(text) as GmailFullMessage;
  } catch (cause) {
    throw new CoreError("upstream_rejected", "messages.get returned malformed JSON", { cause });
  }
}

/** A thread's metadata answer larger than this is not listed (the message itself still reads). */
const THREAD_MAX_BYTES = 1024 * 1024;

function threadEntries(text: string, limit: number): ThreadEntry[] {
  let thread: { messages?: GmailMessage[] };
  try {
    thread = JSON.parse(text) as { messages?: GmailMessage[] };
  } catch (cause) {
    throw new CoreError("upstream_rejected", "threads.get returned malformed JSON", { cause });
  }
  return (thread.messages ?? []).slice(-limit).map((m) => {
    const meta = toMetadata(m);
    return { id: m.id, from: meta.from.slice(0, 1000), date: meta.date, firstLine: firstLine(meta.snippet) };
  });
}

function messageId(ref: MessageRef): string {
  if (ref.source !== "gmail") throw new CoreError("bad_input", `not a Gmail ref (${ref.source})`);
  return encodeURIComponent(ref.id);
}

/**
 * The Gmail SourceConnector over fetch: history.list with a BigInt-safe forward-only cursor,
 * a paged full sync of the gap on 404 (see list-new.ts), batched messages.get, label-based archive, trash, users.watch.
 * @example
 * const gmail = createGmailConnector({ fetch, getAccessToken, rateLimiter, sleep: realSleep, topicName });
 * const { refs, cursor } = await gmail.listNew({ cursor: storedCursor });
 */
export function createGmailConnector(deps: GmailConnectorDeps): GmailConnector {
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? silentLogger;
  const full = { ...deps, clock, logger, rateLimitKey: deps.rateLimitKey ?? "gmail" };
  const client = createGmailClient(full);
  const labels = createLabelResolver(client, deps.labelCache);

  async function modify(ref: MessageRef, add: string[], remove: string[]): Promise<void> {
    await client.json({
      method: "messages.modify",
      httpMethod: "POST",
      path: `/messages/${messageId(ref)}/modify`,
      body: { addLabelIds: add, removeLabelIds: remove },
    });
  }

  async function watch(): Promise<WatchResult> {
    if (!deps.topicName) throw new CoreError("disabled", "no Pub/Sub topic configured for Gmail watch");
    const res = await client.json<{ historyId: string; expiration: string | number }>({
      method: "watch",
      httpMethod: "POST",
      path: "/watch",
      body: { topicName: deps.topicName, labelIds: ["INBOX"], labelFilterBehavior: "INCLUDE" },
    });
    const expiration = Number(res.expiration);
    if (!Number.isFinite(expiration))
      throw new CoreError("upstream_rejected", "users.watch returned no expiration");
    logger.log("info", "gmail.watch_set", { expiration });
    return { expiration, cursor: parseHistoryId(res.historyId).toString() };
  }

  return {
    source: "gmail",
    listNew: ({ cursor, maxPages, state }) =>
      listNewMessages(client, logger, cursor, { ...deps, allowance: maxPages, state, now: clock.now() }),
    async fetchMetadata(refs) {
      const query = new URLSearchParams({ format: "metadata" });
      for (const h of METADATA_HEADERS) query.append("metadataHeaders", h);
      const byId = await batchGetMessages<GmailMessage>(
        client,
        full,
        refs.map((r) => decodeURIComponent(messageId(r))),
        query.toString(),
      );
      return refs.flatMap((r) => {
        const msg = byId.get(r.id);
        return msg ? [toMetadata(msg)] : [];
      });
    },
    async fetchLabels(refs) {
      // format=minimal carries no headers; `fields` also drops the snippet Gmail may add to it.
      const byId = await batchGetMessages<Pick<GmailMessage, "id" | "labelIds">>(
        client,
        full,
        refs.map((r) => decodeURIComponent(messageId(r))),
        "format=minimal&fields=id,labelIds",
      );
      return refs.flatMap((ref) => {
        const msg = byId.get(ref.id);
        return msg ? [{ ref, labels: msg.labelIds ?? [] }] : [];
      });
    },
    async fetchContent(ref) {
      const path = `/messages/${messageId(ref)}`;
      const res = await client.call({
        method: "messages.get",
        path,
        query: new URLSearchParams({ format: "full" }),
      });
      const text = await readCapped(res, CONTENT_CAPS.maxResponseBytes);
      if (text !== null) return toBoundedContent(parseMessage(text), ref);
      // Text or a part tree past the cap: the headers and Gmail's snippet are what triage gets.
      logger.log("info", "gmail.content_capped", { bytes: CONTENT_CAPS.maxResponseBytes });
      const meta = await client.json<GmailFullMessage>({
        method: "messages.get",
        path,
        query: new URLSearchParams({ format: "metadata" }),
      });
      return toHeadersOnlyContent(meta, ref);
    },
    async fetchThread(ref, limit) {
      if (!ref.threadId) return [];
      const query = new URLSearchParams({ format: "metadata" });
      query.append("metadataHeaders", "From");
      const res = await client.call({
        method: "threads.get",
        path: `/threads/${encodeURIComponent(ref.threadId)}`,
        query,
      });
      const text = await readCapped(res, THREAD_MAX_BYTES);
      if (text === null) return [];
      return threadEntries(text, limit);
    },
    archive: (ref) => modify(ref, [], ["INBOX"]),
    unarchive: (ref) => modify(ref, ["INBOX"], []),
    async trash(ref) {
      await client.json({
        method: "messages.trash",
        httpMethod: "POST",
        path: `/messages/${messageId(ref)}/trash`,
      });
    },
    async untrash(ref) {
      await client.json({
        method: "messages.untrash",
        httpMethod: "POST",
        path: `/messages/${messageId(ref)}/untrash`,
      });
    },
    modifyLabels: (ref, change) => modify(ref, change.add ?? [], change.remove ?? []),
    async addLabelByName(ref, name) {
      const { id, cached } = await labels.idFor(name);
      try {
        await modify(ref, [id], []);
        return { labelId: id };
      } catch (e) {
        // A cached id Gmail refuses: the person deleted or renamed the label since. Look again once.
        if (!cached || !isCoreError(e) || e.details?.httpStatus !== 400) throw e;
        labels.forget();
        const fresh = await labels.idFor(name);
        await modify(ref, [fresh.id], []);
        return { labelId: fresh.id };
      }
    },
    listWorkspacePlaces: ({ limit }) => listGmailPlaces(client, full, { sample: 200, limit }),
    wroteTo: (address) => sentTo(client, address),
    ownAddresses: () => sendAsAddresses(client),
    setupWatch: watch,
    renewWatch: watch,
    async stopWatch() {
      await client.json({ method: "stop", httpMethod: "POST", path: "/stop" });
    },
    createDraft: (input) => createDraft(client, input),
    deleteDraft: (draftId) => deleteDraft(client, draftId),
    replyContext: (ref) => replyContext(client, { ...ref, id: decodeURIComponent(messageId(ref)) }),
  };
}
