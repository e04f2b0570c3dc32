import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
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
