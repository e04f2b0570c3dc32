import { z } from "zod";
import type { ThreadEntry } from "../protocol/message.ts";

/** Which provider an item came from. `demo` is the local-only source behind `npm start`. */
export const SourceType = z.enum(["gmail", "slack", "demo"]);
export type SourceType = z.infer<typeof SourceType>;

/** Identifies one item at its provider. Ids only: safe on queues and at rest. */
export const MessageRef = z.object({
  source: SourceType,
  /** Gmail message id, or `{channel}:{ts}` for Slack. Unique within a scout. */
  id: z.string().min(1).max(256),
  threadId: z.string().max(256).optional(),
});
export type MessageRef = z.infer<typeof MessageRef>;

/** Transient display data, fetched at delivery and never stored in the cloud. */
export interface ItemMetadata {
  ref: MessageRef;
  from: string;
  subject: string;
  snippet: string;
  date: number;
  labels?: string[];
  /** Recipients as the headers give them (transient like the rest; never stored in the cloud). */
  to?: string;
  cc?: string;
  /** multipart/mixed: the message carries attachments (a flag only; no names leave the provider). */
  hasAttachment?: boolean;
}

/**
 * Transient full content for triage. Dropped at the end of the job. `metadata` is the display
 * data the connector got in the same call (no extra request); triage hands it to the device in
 * memory so delivery needs no second fetch.
 */
export type ItemContent =
  | { kind: "email"; ref: MessageRef; raw: string; labels?: string[]; metadata?: ItemMetadata }
  | {
      kind: "chat";
      ref: MessageRef;
      text: string;
      user: string;
      channel: string;
      /** Slack's `channel_type` when known: keys the place the same way on every path. */
      channelType?: "channel" | "group" | "im" | "mpim";
      ts: string;
      date: number;
      metadata?: ItemMetadata;
    };

export interface ListNewResult {
  refs: MessageRef[];
  /** The provider cursor after this page; only ever moves forward. */
  cursor: string;
  /** True when the stored cursor was too old and a bounded full sync replaced it. */
  fullResync: boolean;
  /**
   * The listing stopped at its page allowance with more history after `cursor` (a partial
   * cursor): the caller stores it and lists again from there, in a later invocation.
   */
  more?: boolean;
  /** Provider pages this call read (a 404 resync: its history and list pages); absent: one. */
  pages?: number;
  /**
   * What the connector keeps beside the cursor (ids and times only, opaque to the pipeline):
   * stored with the cursor and handed back to the next `listNew`. Absent: leave it as it is.
   */
  state?: string;
}

export interface WatchResult {
  /** Epoch ms when the watch lapses. */
  expiration: number;
  cursor: string;
}

/**
 * The only per-source code. Gmail and Slack implement it; a local mbox/Maildir source in the
 * agent does too.
 */
export interface SourceConnector {
  readonly source: SourceType;
  /** `maxPages`: at most this many provider pages read by this call (default: the connector's own). */
  listNew(input: { cursor: string | null; maxPages?: number; state?: string | null }): Promise<ListNewResult>;
  fetchMetadata(refs: MessageRef[]): Promise<ItemMetadata[]>;
  fetchContent(ref: MessageRef): Promise<ItemContent>;
  /**
   * Sources with labels (Gmail): each item's label ids and nothing else (no headers, no
   * snippet), for read state. Items deleted since are left out.
   */
  fetchLabels?(refs: MessageRef[]): Promise<{ ref: MessageRef; labels: string[] }[]>;
  archive(ref: MessageRef): Promise<void>;
  unarchive(ref: MessageRef): Promise<void>;
  trash(ref: MessageRef): Promise<void>;
  untrash(ref: MessageRef): Promise<void>;
  setupWatch(): Promise<WatchResult>;
  renewWatch(): Promise<WatchResult>;
  /**
   * The other messages of the item's thread for the reading view (sender, date, first line),
   * oldest first, at most `limit`; fetched on demand and never stored.
   */
  fetchThread?(ref: MessageRef, limit: number): Promise<ThreadEntry[]>;
  /**
   * Sources shared by several people (a Slack team): whether the connection's own person can
   * see where the item is. Triage skips an item that answers false, before reading it.
   */
  visibleToOwner?(ref: MessageRef): Promise<boolean>;
  /**
   * Sources whose push carries the item itself (Slack events): hands that content over in memory
   * so `fetchContent` serves it without a provider call. Never stored.
   */
  offerPushedItem?(content: ItemContent): void;
  /**
   * Mail sources with a searchable sent folder (Gmail): whether the connection's person ever
   * wrote to `address`. One transient provider call, nothing kept; rejects `bad_input` for an
   * address a search could misread. The reader context of cloud stage 1 (issue 13).
   */
  wroteTo?(address: string): Promise<boolean>;
  /**
   * Mail sources with send-as aliases (Gmail): the person's own verified addresses, the watched
   * one included. One transient provider call, nothing kept; rejects when the provider refuses.
   */
  ownAddresses?(): Promise<string[]>;
}
