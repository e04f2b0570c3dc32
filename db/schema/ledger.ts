import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

/** Every automated write with the payload that reverses it. */
export const ledgerActions = sqliteTable(
  "ledger_actions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scoutId: text("scout_id"),
    action: text("action").notNull(),
    targetRef: text("target_ref").notNull(),
    reversal: text("reversal", { mode: "json" }),
    runId: text("run_id"),
    sessionId: text("session_id"),
    actor: text("actor").notNull(),
    undoOf: text("undo_of"),
    createdAt: integer("created_at").notNull(),
    undoneAt: integer("undone_at"),
    /** The device's proposal the action was taken on (migration 0006). */
    proposalId: text("proposal_id"),
    /** Idempotency-Key from the device outbox: a replay returns the first result (migration 0006). */
    idempotencyKey: text("idempotency_key"),
  },
  (t) => [
    index("ledger_actions_user_idx").on(t.userId, t.createdAt),
    index("ledger_actions_run_idx").on(t.runId),
    uniqueIndex("ledger_actions_idem_uq").on(t.userId, t.idempotencyKey),
    // A scout acts on an item once (0008): two racing triage runs cannot both record a trash.
    uniqueIndex("ledger_actions_scout_target_uq")
      .on(t.scoutId, t.action, t.targetRef)
      .where(sql`substr(actor, 1, 6) = 'scout:'`),
  ],
);
