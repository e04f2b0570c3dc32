import type { SyncedProjectMeta } from "@scouts/core/protocol/frames";
import { blob, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Tasks, events and notes converted from suggestions, and `project` versions mirroring FOLDERS'
 * projects table for sync (the folders table stays the agent's source of truth).
 */
export const entities = sqliteTable("entities", {
  id: text("id").primaryKey(),
  kind: text("kind").notNull(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  due: integer("due"),
  done: integer("done", { mode: "boolean" }).notNull(),
  start: integer("start_at"),
  end: integer("end_at"),
  location: text("location"),
  projectId: text("project_id"),
  sourceSuggestionId: text("source_suggestion_id"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  /** Sync (migration 0004): a delete is a tombstone row; the last writer's device id; log sequence. */
  deleted: integer("deleted", { mode: "boolean" }).notNull().default(false),
  writer: text("writer").notNull().default("local"),
  syncSeq: integer("sync_seq").notNull().default(0),
  /** `project` versions (migration 0005): folder display name, file count, last scan. */
  project: text("project", { mode: "json" }).$type<SyncedProjectMeta>(),
});

/** Settings, policies and control state as JSON values by key. */
export const agentSettings = sqliteTable("agent_settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/** Who this device is in the cloud. The device token itself lives in a 0600 file. */
export const deviceIdentity = sqliteTable("device_identity", {
  id: integer("id").primaryKey(),
  userId: text("user_id").notNull(),
  deviceId: text("device_id").notNull(),
  cloudUrl: text("cloud_url").notNull(),
  pairedAt: integer("paired_at").notNull(),
});

/** Loopback API tokens handed out by pairing (SHA-256 hashes only). */
export const localTokens = sqliteTable("local_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  label: text("label").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** Cloud notices until dismissed (migration 0006); one row per scout and kind (`dedupeKey`). */
export const deviceNotices = sqliteTable(
  "device_notices",
  {
    id: text("id").primaryKey(),
    dedupeKey: text("dedupe_key").notNull(),
    kind: text("kind", { enum: ["needs_reauth", "scout_paused", "info"] }).notNull(),
    scoutId: text("scout_id"),
    provider: text("provider"),
    message: text("message").notNull(),
    receivedAt: integer("received_at").notNull(),
    dismissedAt: integer("dismissed_at"),
  },
  (t) => [
    uniqueIndex("device_notices_dedupe_key_uq").on(t.dedupeKey),
    index("device_notices_received_idx").on(t.receivedAt),
  ],
);

/** The person's stage-2 layer learned from their corrections (core/triage/personal.ts), per head. */
export const personalModel = sqliteTable("personal_model", {
  head: text("head").primaryKey(),
  weights: blob("weights", { mode: "buffer" }).notNull(),
  corrections: integer("corrections").notNull(),
  updatedAt: integer("updated_at").notNull(),
});
