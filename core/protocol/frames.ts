import { z } from "zod";
import { SourceType } from "../connectors/source-connector.ts";
import {
  AccountDecisionFrame,
  AccountDecisionResultFrame,
  AccountFoldersFrame,
  AccountFoldersRequestFrame,
  AccountSuggestionsFrame,
  AccountSuggestionsRequestFrame,
} from "./account-relay.ts";
import { MESSAGE_CAPS, ThreadEntry } from "./message.ts";

/** WebSocket frames between the DeviceHub and a device. JSON text frames, validated both ways. */

export const HelloFrame = z.object({
  type: z.literal("hello"),
  agentVersion: z.string().max(64),
  capabilities: z.array(z.string().max(64)).max(32).default([]),
});

export const Notice = z.object({
  kind: z.enum(["needs_reauth", "scout_paused", "info"]),
  scoutId: z.string().optional(),
  provider: z.string().optional(),
  message: z.string().max(500),
});
export type Notice = z.infer<typeof Notice>;

export const WelcomeFrame = z.object({
  type: z.literal("welcome"),
  userId: z.string(),
  deviceId: z.string(),
  notices: z.array(Notice),
});

export const ScoutProposalFrame = z.object({
  type: z.literal("scout_proposal"),
  proposalId: z.string(),
  scoutId: z.string(),
  source: SourceType,
  sourceMsgRef: z.string(),
  threadRef: z.string().nullable(),
  verdict: z.enum(["relevant", "spam", "unparseable"]),
  reason: z.string(),
  confidence: z.number(),
  createdAt: z.number(),
  /** Fetched transiently at delivery; absent when the provider could not be reached. */
  from: z.string().optional(),
  subject: z.string().optional(),
  snippet: z.string().optional(),
  date: z.number().optional(),
  /** Recipients and provider labels for stage 2 on the device: in memory only, never stored in the cloud. */
  to: z.string().max(10_000).optional(),
  cc: z.string().max(10_000).optional(),
  labels: z.array(z.string().max(128)).max(100).optional(),
  /** The message carries attachments (multipart/mixed); for `has:attachment` on the device. */
  hasAttachment: z.boolean().optional(),
  /**
   * The scout's own mailbox address (the Gmail account it watches): the reader, so stage 2 on the
   * device can tell "you are in To" from "only in Cc" or "through a list". Account metadata the
   * cloud already keeps for the connection, not message content.
   */
  mailbox: z.email().max(320).optional(),
  /**
   * The reader as the cloud saw it at stage 1 (issue 13): where `mailbox` stands on the message
   * (in To, only in Cc, or neither: a list or Bcc) and whether the person ever wrote to the
   * sender, from one transient Gmail sent-mail lookup. In memory on this frame only, never stored
   * in the cloud. `wroteTo` absent: not known (the lookup failed or did not run), not "never".
   */
  reader: z
    .object({
      role: z.enum(["to", "cc", "not_addressed"]).optional(),
      wroteTo: z.boolean().optional(),
    })
    .optional(),
});
export type ScoutProposalFrame = z.infer<typeof ScoutProposalFrame>;

export const ScoutProposalAckFrame = z.object({
  type: z.literal("scout_proposal_ack"),
  proposalId: z.string().min(1).max(128),
});

export const ReadItemFrame = z.object({
  type: z.literal("read_item"),
  requestId: z.string().min(1).max(128),
  proposalId: z.string().min(1).max(128),
});

/** Most ids one `read_state` asks about (one metadata call per id at the provider). */
export const READ_STATE_MAX_IDS = 100;

/**
 * Whether the person has read these items in the mail app (Gmail's UNREAD label), for the
 * clean-up read rate: looked up now by the Worker, answered in memory, never stored in the cloud.
 */
export const ReadStateFrame = z.object({
  type: z.literal("read_state"),
  requestId: z.string().min(1).max(128),
  proposalIds: z.array(z.string().min(1).max(128)).min(1).max(READ_STATE_MAX_IDS),
});
export type ReadStateFrame = z.infer<typeof ReadStateFrame>;

/** Per asked id: `unread` true/false, or null when the source did not say (not found, no labels). */
export const ReadStateResultFrame = z.object({
  type: z.literal("read_state_result"),
  requestId: z.string(),
  ok: z.boolean(),
  states: z
    .array(z.object({ proposalId: z.string(), unread: z.boolean().nullable() }))
    .max(READ_STATE_MAX_IDS)
    .optional(),
  error: z.string().optional(),
});
export type ReadStateResultFrame = z.infer<typeof ReadStateResultFrame>;

/**
 * The Screened view for cloud sources: `list` the person's items stage 1 dropped (ids, codes,
 * never content), `restore` one ("not spam": it becomes a queued proposal and is delivered as
 * usual) or `rescreen` it (the undo: back to dropped). Answered to the asking device only.
 */
export const ScreenedRequestFrame = z.object({
  type: z.literal("screened_request"),
  requestId: z.string().min(1).max(128),
  op: z.enum(["list", "restore", "rescreen"]),
  proposalId: z.string().min(1).max(128).optional(),
});
export type ScreenedRequestFrame = z.infer<typeof ScreenedRequestFrame>;

/** One dropped cloud item: ids, when, stage 1's reason code and confidence. No content. */
export const CloudScreenedItem = z.object({
  proposalId: z.string(),
  scoutId: z.string(),
  source: SourceType,
  sourceMsgRef: z.string(),
  reason: z.string(),
  confidence: z.number(),
  createdAt: z.number(),
});
export type CloudScreenedItem = z.infer<typeof CloudScreenedItem>;

export const ScreenedResultFrame = z.object({
  type: z.literal("screened_result"),
  requestId: z.string(),
  ok: z.boolean(),
  items: z.array(CloudScreenedItem).max(500).optional(),
  error: z.string().optional(),
});
export type ScreenedResultFrame = z.infer<typeof ScreenedResultFrame>;

export const ReadItemResultFrame = z.object({
  type: z.literal("read_item_result"),
  requestId: z.string(),
  ok: z.boolean(),
  item: z
    .object({
      from: z.string(),
      subject: z.string(),
      date: z.number(),
      raw: z.string().optional(),
      text: z.string().optional(),
      /** The thread's messages (sender, date, first line) for the reading view; absent where unknown. */
      thread: z.array(ThreadEntry).max(MESSAGE_CAPS.thread).optional(),
    })
    .optional(),
  error: z.string().optional(),
});

export const NoticeFrame = z.object({ type: z.literal("notice"), notice: Notice });

export const ErrorFrame = z.object({ type: z.literal("error"), message: z.string() });

// Device-to-device entity sync, relayed by the hub in memory only (never stored in the cloud).

const DeviceRef = z.string().min(1).max(128);

/**
 * What a `project` entity carries besides its name (`title`) and notes (`body`): the linked
 * folder's display name only (never its path), the file count and the last scan time. File
 * manifests and contents never leave the agent.
 */
export const SyncedProjectMeta = z.object({
  folderName: z.string().max(255).nullable(),
  fileCount: z.number().int().nonnegative(),
  lastScanAt: z.number().int().nonnegative().nullable(),
});
export type SyncedProjectMeta = z.infer<typeof SyncedProjectMeta>;

/**
 * A task, event, note or project as devices exchange it: the last writer's version (`updatedAt`,
 * `writer` = device id) wins; a delete is a tombstone (`deleted: true`, content emptied). Projects
 * are published by the agent (`project` set); other devices may edit their name and notes.
 */
export const SyncedEntity = z.object({
  id: z.string().min(1).max(128),
  kind: z.enum(["task", "event", "note", "project"]),
  title: z.string().max(500),
  body: z.string().max(20_000),
  due: z.number().int().nullable(),
  done: z.boolean(),
  start: z.number().int().nullable(),
  end: z.number().int().nullable(),
  location: z.string().max(500).nullable(),
  projectId: z.string().max(128).nullable(),
  sourceSuggestionId: z.string().max(128).nullable(),
  createdAt: z.number().int().nonnegative(),
  updatedAt: z.number().int().nonnegative(),
  deleted: z.boolean(),
  writer: DeviceRef,
  /** Set on `project` versions only (absent from devices that predate project sync). */
  project: SyncedProjectMeta.nullable().optional(),
});
export type SyncedEntity = z.infer<typeof SyncedEntity>;

/**
 * "Send me your entity changes after my cursor for you." Broadcast to the user's other devices
 * (or `to` one); `reciprocate` asks each to send its own request back. `from` is set by the hub.
 */
export const EntitySyncRequestFrame = z.object({
  type: z.literal("entity_sync_request"),
  from: DeviceRef.optional(),
  to: DeviceRef.optional(),
  cursors: z.record(DeviceRef, z.number().int().nonnegative()).refine((r) => Object.keys(r).length <= 64, {
    message: "at most 64 cursors",
  }),
  reciprocate: z.boolean(),
});
export type EntitySyncRequestFrame = z.infer<typeof EntitySyncRequestFrame>;

/** The sender's changes with local sequence in (`after`, `cursor`]. `from` is set by the hub. */
export const EntityChangesFrame = z.object({
  type: z.literal("entity_changes"),
  from: DeviceRef.optional(),
  to: DeviceRef.optional(),
  after: z.number().int().nonnegative(),
  cursor: z.number().int().nonnegative(),
  changes: z.array(SyncedEntity).max(100),
});
export type EntityChangesFrame = z.infer<typeof EntityChangesFrame>;

/** Largest frame the hub relays, in characters of its JSON text. */
export const MAX_RELAY_FRAME_BYTES = 512 * 1024;

/**
 * Longest message a device may send the hub (characters of a text frame, bytes of a binary one):
 * the largest relayed frame plus room for its `to`. A Durable Object accepts received messages up
 * to 32 MiB; anything past this is refused before it is decoded or parsed, so a hostile message
 * never becomes parsed copies in the hub's 128 MB isolate.
 */
export const MAX_DEVICE_FRAME_LENGTH = MAX_RELAY_FRAME_BYTES + 4 * 1024;

export const DeviceToHubFrame = z.discriminatedUnion("type", [
  HelloFrame,
  ScoutProposalAckFrame,
  ReadItemFrame,
  ReadStateFrame,
  ScreenedRequestFrame,
  EntitySyncRequestFrame,
  EntityChangesFrame,
  AccountSuggestionsFrame,
  AccountSuggestionsRequestFrame,
  AccountDecisionFrame,
  AccountDecisionResultFrame,
  AccountFoldersRequestFrame,
  AccountFoldersFrame,
]);
export type DeviceToHubFrame = z.infer<typeof DeviceToHubFrame>;

export const HubToDeviceFrame = z.discriminatedUnion("type", [
  WelcomeFrame,
  ScoutProposalFrame,
  ReadItemResultFrame,
  ReadStateResultFrame,
  ScreenedResultFrame,
  NoticeFrame,
  ErrorFrame,
  EntitySyncRequestFrame,
  EntityChangesFrame,
  AccountSuggestionsFrame,
  AccountSuggestionsRequestFrame,
  AccountDecisionFrame,
  AccountDecisionResultFrame,
  AccountFoldersRequestFrame,
  AccountFoldersFrame,
]);
export type HubToDeviceFrame = z.infer<typeof HubToDeviceFrame>;
