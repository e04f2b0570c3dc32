import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { scouts } from "./scouts.ts";
import { users } from "./users.ts";

const KINDS = ["channel", "group", "dm", "list"] as const;

/** A person's own space, or a shared one whose members see the same workspace directory. */
export const spaces = sqliteTable(
  "spaces",
  {
    id: text("id").primaryKey(),
    ownerUserId: text("owner_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["personal", "shared"] }).notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("spaces_owner_idx").on(t.ownerUserId)],
);

export const spaceMembers = sqliteTable(
  "space_members",
  {
    spaceId: text("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "member"] }).notNull(),
    addedAt: integer("added_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.userId] }), index("space_members_user_idx").on(t.userId)],
);

/**
 * The directory of places the scouts have heard from. Only a display name, a kind and
 * non-identifying metadata: never a roster, message text or per-message timestamps.
 */
export const workspaces = sqliteTable(
  "workspaces",
  {
    id: text("id").primaryKey(),
    spaceId: text("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    workspaceKey: text("workspace_key").notNull(),
    kind: text("kind", { enum: KINDS }).notNull(),
    displayName: text("display_name"),
    displayNameAt: integer("display_name_at"),
    memberCount: integer("member_count"),
    archived: integer("archived", { mode: "boolean" }).notNull().default(false),
    archivedAt: integer("archived_at"),
    /** JSON array of strings, sorted. */
    tags: text("tags").notNull().default("[]"),
    firstSeenAt: integer("first_seen_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
  },
  (t) => [
    uniqueIndex("workspaces_space_key_uq").on(t.spaceId, t.workspaceKey),
    index("workspaces_space_kind_idx").on(t.spaceId, t.kind),
  ],
);

/** An explicit, short-lived onboarding scan a person started; its items are visible to that session only. */
export const workspaceScanSessions = sqliteTable(
  "workspace_scan_sessions",
  {
    id: text("id").primaryKey(),
    spaceId: text("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scoutId: text("scout_id")
      .notNull()
      .references(() => scouts.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["open", "accepted"] }).notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("workspace_scan_sessions_expiry_idx").on(t.expiresAt)],
);

export const workspaceScanItems = sqliteTable(
  "workspace_scan_items",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => workspaceScanSessions.id, { onDelete: "cascade" }),
    workspaceKey: text("workspace_key").notNull(),
    kind: text("kind", { enum: KINDS }).notNull(),
    displayName: text("display_name"),
    memberCount: integer("member_count"),
    archived: integer("archived", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.workspaceKey] })],
);
