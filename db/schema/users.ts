import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Contact address only, never an identity: a recycled address must not reach the old account (0008). */
    email: text("email").notNull(),
    displayName: text("display_name"),
    /** Google's stable account id (`sub`); email can change, `sub` does not. Added in 0002. */
    googleSub: text("google_sub"),
    createdAt: integer("created_at").notNull(),
    lastSignInAt: integer("last_sign_in_at"),
  },
  (t) => [
    uniqueIndex("users_google_sub_uq").on(t.googleSub),
    index("users_email_idx").on(t.email),
    // Accounts without a provider identity (dev sign-in) are the only ones found by address.
    uniqueIndex("users_dev_email_uq").on(t.email).where(sql`google_sub is null`),
  ],
);

/** Server-side sessions (0008): the cookie names one; sign-out revokes it, "everywhere" revokes all. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expiry_idx").on(t.expiresAt)],
);

/** Devices hold a bearer token; only its SHA-256 is stored. */
export const devices = sqliteTable("devices", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  kind: text("kind", { enum: ["agent", "pwa"] }).notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: integer("created_at").notNull(),
  lastSeenAt: integer("last_seen_at"),
  revokedAt: integer("revoked_at"),
});

/** Short-lived pairing codes a signed-in user hands to a new device. */
export const devicePairings = sqliteTable("device_pairings", {
  codeHash: text("code_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
  /** Which device the code paired; added in 0002. */
  deviceId: text("device_id"),
});
