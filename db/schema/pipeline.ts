import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { scouts } from "./scouts.ts";

/**
 * How many synthetic items the demo scout has produced (dev only). The demo connector lists
 * `demo-(cursor+1)…demo-emitted`; `lastEmitMinute` keeps the minute cron to one item per minute.
 */
export const demoFeeds = sqliteTable("demo_feeds", {
  scoutId: text("scout_id")
    .primaryKey()
    .references(() => scouts.id, { onDelete: "cascade" }),
  emitted: integer("emitted").notNull().default(0),
  lastEmitMinute: integer("last_emit_minute").notNull().default(0),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * Work a scout still owes: a job that exhausted its queue retries (ids only, never content).
 * Cron re-enqueues due rows with backoff until a run succeeds and deletes the row. `itemRef` is
 * the message id for a triage job and "" for a sync job.
 */
export const scoutOwedItems = sqliteTable(
  "scout_owed_items",
  {
    scoutId: text("scout_id")
      .notNull()
      .references(() => scouts.id, { onDelete: "cascade" }),
    jobKind: text("job_kind", { enum: ["triage", "sync"] }).notNull(),
    itemRef: text("item_ref").notNull(),
    source: text("source").notNull(),
    threadRef: text("thread_ref"),
    attempts: integer("attempts").notNull().default(1),
    lastError: text("last_error").notNull(),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scoutId, t.jobKind, t.itemRef] }),
    index("scout_owed_items_due_idx").on(t.nextAttemptAt),
  ],
);
