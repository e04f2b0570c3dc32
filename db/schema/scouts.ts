import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

export const scouts = sqliteTable(
  "scouts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["local", "cloud"] }).notNull(),
    sourceType: text("source_type", { enum: ["gmail", "slack", "demo"] }).notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    pausedReason: text("paused_reason"),
    autoTrashSpam: integer("auto_trash_spam", { mode: "boolean" }).notNull().default(false),
    deviceInactivityPauseDays: integer("device_inactivity_pause_days").notNull().default(14),
    pollIntervalSeconds: integer("poll_interval_seconds").notNull().default(900),
    schedule: text("schedule"),
    lastRunAt: integer("last_run_at"),
    lastNotificationAt: integer("last_notification_at"),
    createdAt: integer("created_at").notNull(),
    /** The provider's code from the latest failed attempt (`providerErrorCode`), never content (0010). */
    lastError: text("last_error"),
    lastErrorAt: integer("last_error_at"),
  },
  (t) => [index("scouts_user_idx").on(t.userId)],
);

/** OAuth tokens encrypted with AES-GCM (user id as associated data, key version kept). */
export const scoutConnections = sqliteTable(
  "scout_connections",
  {
    id: text("id").primaryKey(),
    scoutId: text("scout_id")
      .notNull()
      .references(() => scouts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["google", "slack", "demo"] }).notNull(),
    accountRef: text("account_ref").notNull(),
    /** The person who connected, by provider id (Slack `authed_user.id`); events route by it (0008). */
    providerUserId: text("provider_user_id"),
    tokenCiphertext: text("token_ciphertext"),
    tokenKeyVersion: integer("token_key_version"),
    scopes: text("scopes").notNull().default(""),
    watchExpiration: integer("watch_expiration"),
    historyCursor: text("history_cursor"),
    /** The connector's ids and times beside the cursor (Gmail: the cursor's time, a gap resync's page). */
    syncState: text("sync_state"),
    needsReauth: integer("needs_reauth", { mode: "boolean" }).notNull().default(false),
    reauthNotifiedAt: integer("reauth_notified_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("scout_connections_scout_uq").on(t.scoutId),
    index("scout_connections_account_idx").on(t.provider, t.accountRef),
    uniqueIndex("scout_connections_person_uq").on(t.provider, t.accountRef, t.providerUserId),
  ],
);

/** Ids and a verdict only: never a subject, snippet or body. */
export const scoutTriageQueue = sqliteTable(
  "scout_triage_queue",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scoutId: text("scout_id")
      .notNull()
      .references(() => scouts.id, { onDelete: "cascade" }),
    sourceMsgRef: text("source_msg_ref").notNull(),
    threadRef: text("thread_ref"),
    verdict: text("verdict", { enum: ["relevant", "spam", "unparseable"] }).notNull(),
    reason: text("reason").notNull(),
    confidence: real("confidence").notNull(),
    /** `dropped`: a spam verdict, kept by id only so a redelivered job is a duplicate. */
    status: text("status", { enum: ["queued", "delivered", "acked", "expired", "dropped"] }).notNull(),
    createdAt: integer("created_at").notNull(),
    deliveredAt: integer("delivered_at"),
    ackedAt: integer("acked_at"),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("scout_triage_queue_ref_uq").on(t.scoutId, t.sourceMsgRef),
    index("scout_triage_queue_user_status_idx").on(t.userId, t.status),
  ],
);

/** What happened on each run; outcome codes and counts, never content. */
export const scoutRunLogs = sqliteTable(
  "scout_run_logs",
  {
    id: text("id").primaryKey(),
    scoutId: text("scout_id")
      .notNull()
      .references(() => scouts.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    outcome: text("outcome").notNull(),
    detail: text("detail"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("scout_run_logs_scout_idx").on(t.scoutId, t.createdAt)],
);

/** Slack `event_id` dedupe (Slack retries at once, after 1 and 5 minutes). */
export const slackEventsSeen = sqliteTable("slack_events_seen", {
  eventId: text("event_id").primaryKey(),
  receivedAt: integer("received_at").notNull(),
});
