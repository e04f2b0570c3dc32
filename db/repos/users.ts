import { eq, sql } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { users } from "../schema/users.ts";

export type UserRow = typeof users.$inferSelect;

/** @example const user = await findUserById(db, "u_1"); */
export async function findUserById(db: ScoutsDb, id: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
}

export async function findUserByEmail(db: ScoutsDb, email: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.email, email.toLowerCase())).get();
}

/**
 * Creates the user for `email` or returns the existing one, filling in display name and Google
 * `sub` when they are new. Idempotent under concurrent sign-ins (INSERT … ON CONFLICT).
 * @example const user = await upsertUserByEmail(db, { id: crypto.randomUUID(), email, now: Date.now() });
 */
export async function upsertUserByEmail(
  db: ScoutsDb,
  input: { id: string; email: string; displayName?: string | null; googleSub?: string | null; now: number },
): Promise<UserRow> {
  const row = await db
    .insert(users)
    .values({
      id: input.id,
      email: input.email.toLowerCase(),
      displayName: input.displayName ?? null,
      googleSub: input.googleSub ?? null,
      createdAt: input.now,
      lastSignInAt: input.now,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        displayName: sql`coalesce(excluded.display_name, ${users.displayName})`,
        googleSub: sql`coalesce(${users.googleSub}, excluded.google_sub)`,
        lastSignInAt: input.now,
      },
    })
    .returning()
    .get();
  return row;
}

export async function findUserByGoogleSub(db: ScoutsDb, sub: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.googleSub, sub)).get();
}

export async function touchUserSignIn(db: ScoutsDb, id: string, now: number): Promise<void> {
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, id));
}
