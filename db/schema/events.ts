import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Domain events (ids and verdicts only); read and written only through core/events. */
export const domainEvents = sqliteTable(
  "domain_events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    type: text("type").notNull(),
    subject: text("subject"),
    payload: text("payload", { mode: "json" }).notNull(),
    chainDepth: integer("chain_depth").notNull().default(0),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("domain_events_user_type_idx").on(t.userId, t.type, t.createdAt),
    index("domain_events_age_idx").on(t.createdAt),
  ],
);
