import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** The local mirror of the undo ledger (cloud ids kept in `cloud_ledger_id`). */
export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: text("id").primaryKey(),
    suggestionId: text("suggestion_id"),
    scoutId: text("scout_id"),
    action: text("action").notNull(),
    targetRef: text("target_ref").notNull(),
    reversal: text("reversal", { mode: "json" }).$type<Record<string, unknown>>(),
    reversible: integer("reversible", { mode: "boolean" }).notNull(),
    actor: text("actor").notNull(),
    runId: text("run_id"),
    sessionId: text("session_id"),
    undoOf: text("undo_of"),
    status: text("status").notNull(),
    cloudLedgerId: text("cloud_ledger_id"),
    error: text("error"),
    createdAt: integer("created_at").notNull(),
    undoneAt: integer("undone_at"),
  },
  (t) => [index("ledger_entries_created_idx").on(t.createdAt), index("ledger_entries_run_idx").on(t.runId)],
);

/** Offline outbox: cloud calls replayed in `seq` order, exactly once (idempotency key = `id`). */
export const pendingActions = sqliteTable(
  "pending_actions",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    id: text("id").notNull().unique(),
    kind: text("kind").notNull(),
    ledgerId: text("ledger_id"),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text("status").notNull(),
    attempts: integer("attempts").notNull(),
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull(),
    doneAt: integer("done_at"),
  },
  (t) => [index("pending_actions_status_idx").on(t.status, t.seq)],
);
