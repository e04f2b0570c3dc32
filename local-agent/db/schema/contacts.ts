import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** The person's own addresses, learned on the device (migration 0015). */
export const ownAddresses = sqliteTable("own_addresses", {
  address: text("address").primaryKey(),
  source: text("source").notNull(),
  addedAt: integer("added_at").notNull(),
});

/** People the person wrote to or replied to, from their sent mail; never leaves the device. */
export const contacts = sqliteTable("contacts", {
  address: text("address").primaryKey(),
  wroteCount: integer("wrote_count").notNull().default(0),
  repliedCount: integer("replied_count").notNull().default(0),
  lastAt: integer("last_at").notNull(),
});

/** How far each account's sent folder has been read. */
export const sentCursor = sqliteTable("sent_cursor", {
  accountId: text("account_id").primaryKey(),
  folder: text("folder").notNull(),
  mark: text("mark").notNull(),
  last: integer("last").notNull(),
});
