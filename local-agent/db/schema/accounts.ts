import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Where an IMAP account lives and how to reach it; JMAP accounts keep their session URL in `url`. */
export interface MailServer {
  host?: string;
  port?: number;
  tls?: "on" | "starttls" | "off";
  /** SHA-256 of the server certificate's DER, hex: trusted even when self-signed (Proton Bridge). */
  pinSha256?: string | null;
  /** How the sealed secret logs in: a password (default) or an OAuth2 access token (XOAUTH2). */
  auth?: "password" | "xoauth2";
  /** XOAUTH2 with refresh: where and as which app (the refresh token itself is in the sealed secret). */
  oauth?: { tokenUrl: string; clientId: string };
  url?: string;
}

/** Per folder: where the last sync stopped. */
export type FolderCursor = Record<
  string,
  { uidValidity: string; lastUid: number; highestModseq: string | null }
>;

/** A JMAP account's sync point: the Email state the last pass reached (RFC 8620 §5.2). */
export interface JmapCursor {
  emailState: string;
}

/** Mail accounts the agent reads itself (migration 0009); `secret` is sealed by `secret-box.ts`. */
export const mailAccounts = sqliteTable("mail_accounts", {
  id: text("id").primaryKey(),
  kind: text("kind", { enum: ["imap", "jmap"] }).notNull(),
  label: text("label").notNull(),
  server: text("server", { mode: "json" }).$type<MailServer>().notNull(),
  username: text("username").notNull(),
  secret: text("secret").notNull(),
  folders: text("folders", { mode: "json" }).$type<string[]>().notNull(),
  /** IMAP: per folder; JMAP: the Email state. */
  cursor: text("cursor", { mode: "json" }).$type<FolderCursor | JmapCursor>().notNull(),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
  lastSyncAt: integer("last_sync_at"),
  lastChangeAt: integer("last_change_at"),
  lastError: text("last_error"),
  createdAt: integer("created_at").notNull(),
  /** The person paused its syncing (migration 0014): it stays paused across restarts until resumed. */
  syncPaused: integer("sync_paused", { mode: "boolean" }).notNull().default(false),
});

/** Messages stage 1 set aside as spam, kept on the device for the Screened view (migration 0009). */
export const mailScreened = sqliteTable("mail_screened", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  sourceMsgRef: text("source_msg_ref").notNull(),
  from: text("from_addr").notNull(),
  subject: text("subject").notNull(),
  reason: text("reason").notNull(),
  confidence: real("confidence").notNull(),
  screenedAt: integer("screened_at").notNull(),
  /** When "not spam" brought it back as a suggestion (same id; migration 0013). */
  restoredAt: integer("restored_at"),
  /** Stage 1's reason in plain words (migration 0013; null for rows screened before it). */
  why: text("why", { mode: "json" }).$type<string[]>(),
});
