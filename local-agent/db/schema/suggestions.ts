import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Proposals the device received (or its local scouts made), with stage-2 results. */
export const scoutSuggestions = sqliteTable(
  "scout_suggestions",
  {
    id: text("id").primaryKey(),
    scoutId: text("scout_id").notNull(),
    source: text("source").notNull(),
    sourceMsgRef: text("source_msg_ref").notNull(),
    threadRef: text("thread_ref"),
    fromAddr: text("from_addr").notNull(),
    sender: text("sender").notNull(),
    subject: text("subject").notNull(),
    snippet: text("snippet").notNull(),
    receivedAt: integer("received_at").notNull(),
    storedAt: integer("stored_at").notNull(),
    status: text("status").notNull(),
    category: text("category").notNull(),
    bucket: text("bucket"),
    speechAct: text("speech_act"),
    contentCategory: text("content_category"),
    priority: real("priority"),
    why: text("why", { mode: "json" }).$type<string[]>().notNull(),
    cohort: text("cohort").notNull(),
    entities: text("entities", { mode: "json" })
      .$type<{ kind: string; text: string; value?: string }[]>()
      .notNull(),
    verdict: text("verdict").notNull(),
    confidence: real("confidence").notNull(),
    reason: text("reason").notNull(),
    corrected: integer("corrected", { mode: "boolean" }).notNull(),
    snoozedUntil: integer("snoozed_until"),
    labels: text("labels", { mode: "json" }).$type<string[]>().notNull(),
    convertedKind: text("converted_kind"),
    convertedEntityId: text("converted_entity_id"),
    decidedAt: integer("decided_at"),
    /** Headers RFC 8058 needs, when known (local mail, read_item). */
    headers: text("headers", { mode: "json" }).$type<Record<string, string[]>>(),
    ackedAt: integer("acked_at"),
    /** Gmail draft id of the saved reply (migration 0003). */
    draftId: text("draft_id"),
    /** To and Cc, unread, attachments: what search reads (migration 0011; null when unknown). */
    recipients: text("recipients"),
    unread: integer("unread", { mode: "boolean" }),
    hasAttachment: integer("has_attachment", { mode: "boolean" }),
    /** When the person opened the message in the reading view (migration 0010). */
    openedAt: integer("opened_at"),
  },
  (t) => [
    index("scout_suggestions_status_idx").on(t.status, t.receivedAt),
    index("scout_suggestions_sender_idx").on(t.sender),
  ],
);

/** What the device knows about each sender (first contact, decisions). */
export const senderReputation = sqliteTable("sender_reputation", {
  sender: text("sender").primaryKey(),
  firstSeenAt: integer("first_seen_at").notNull(),
  lastSeenAt: integer("last_seen_at").notNull(),
  messageCount: integer("message_count").notNull(),
  approvedCount: integer("approved_count").notNull(),
  rejectedCount: integer("rejected_count").notNull(),
});

/** The person's bucket/cohort moves, applied to the next message from the same sender. */
export const corrections = sqliteTable(
  "corrections",
  {
    id: text("id").primaryKey(),
    suggestionId: text("suggestion_id").notNull(),
    sender: text("sender").notNull(),
    field: text("field").notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("corrections_sender_idx").on(t.sender, t.createdAt)],
);
