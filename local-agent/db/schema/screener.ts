import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** The person's Screener answer per sender and account (migration 0013). */
export const screenerDecisions = sqliteTable(
  "screener_decisions",
  {
    accountId: text("account_id").notNull(),
    sender: text("sender").notNull(),
    decision: text("decision", { enum: ["yes", "no"] }).notNull(),
    decidedAt: integer("decided_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.sender] })],
);

/** Suggestions the Screener holds back; out of the list while `releasedAt` is null. */
export const screenerHeld = sqliteTable(
  "screener_held",
  {
    suggestionId: text("suggestion_id").primaryKey(),
    accountId: text("account_id").notNull(),
    sender: text("sender").notNull(),
    heldAt: integer("held_at").notNull(),
    releasedAt: integer("released_at"),
  },
  (t) => [index("screener_held_sender_idx").on(t.accountId, t.sender)],
);

/** Senders the person marked "not spam": stage 1's spam verdict no longer screens them. */
export const spamOverrides = sqliteTable("spam_overrides", {
  sender: text("sender").primaryKey(),
  createdAt: integer("created_at").notNull(),
});
