import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { sessions, users } from "../schema/users.ts";

export type UserRow = typeof users.$inferSelect;

/** @example const user = await findUserById(db, "u_1"); */
export async function findUserById(db: ScoutsDb, id: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/**
 * The account an address reaches (sharing a space by address). Addresses are not unique (a
 * recycled address belongs to a new account): the one signed in most recently answers.
 */
export async function findUserByEmail(db: ScoutsDb, email: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .orderBy(desc(sql`coalesce(${users.lastSignInAt}, ${users.createdAt})`))
    .get();
}

/**
 * Dev sign-in and test fixtures only: the account without a provider identity for `email`,
 * created if new. Never finds or links an account that has a Google identity.
 * @example const user = await upsertUserByEmail(db, { id: crypto.randomUUID(), email, now: Date.now() });
 */
export async function upsertUserByEmail(
  db: ScoutsDb,
  input: { id: string; email: string; displayName?: string | null; now: number },
): Promise<UserRow> {
  return db
    .insert(users)
    .values({
      id: input.id,
      email: input.email.toLowerCase(),
      displayName: input.displayName ?? null,
      googleSub: null,
      createdAt: input.now,
      lastSignInAt: input.now,
    })
    .onConflictDoUpdate({
      target: users.email,
      targetWhere: sql`google_sub is null`,
      set: {
        displayName: sql`coalesce(excluded.display_name, ${users.displayName})`,
        lastSignInAt: input.now,
      },
    })
    .returning()
    .get();
}

/**
 * Google sign-in: the account is found by Google's stable `sub` only, never by address, so a new
 * Google account on a recycled address gets a new Scouts account. The address is refreshed as
 * contact data. Idempotent under concurrent sign-ins (the unique `google_sub`).
 * @example const user = await signInWithGoogleSub(db, { id: crypto.randomUUID(), sub, email, now });
 */
export async function signInWithGoogleSub(
  db: ScoutsDb,
  input: { id: string; sub: string; email: string; now: number },
): Promise<UserRow> {
  if (!input.sub) throw new Error("signInWithGoogleSub needs Google's sub");
  return db
    .insert(users)
    .values({
      id: input.id,
      email: input.email.toLowerCase(),
      googleSub: input.sub,
      createdAt: input.now,
      lastSignInAt: input.now,
    })
    .onConflictDoUpdate({
      target: users.googleSub,
      set: { email: input.email.toLowerCase(), lastSignInAt: input.now },
    })
    .returning()
    .get();
}

export async function findUserByGoogleSub(db: ScoutsDb, sub: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.googleSub, sub)).get();
}

export async function touchUserSignIn(db: ScoutsDb, id: string, now: number): Promise<void> {
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, id));
}

/**
 * Dev mode only (`npm start`, the e2e stack): gives the dev account of `email` (made by dev
 * sign-in or dev pairing, no provider identity) the Google `sub`, so a Google sign-in on a
 * loopback dev Worker lands on the account the dev agent is paired to. Never called otherwise.
 */
export async function adoptDevAccountForGoogle(
  db: ScoutsDb,
  input: { sub: string; email: string; now: number },
): Promise<UserRow | undefined> {
  return db
    .update(users)
    .set({ googleSub: input.sub, lastSignInAt: input.now })
    .where(and(eq(users.email, input.email.toLowerCase()), isNull(users.googleSub)))
    .returning()
    .get();
}

/** Records a new server-side session (the cookie carries its id, signed). */
export async function insertSession(
  db: ScoutsDb,
  input: { id: string; userId: string; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insert(sessions)
    .values({ id: input.id, userId: input.userId, createdAt: input.now, expiresAt: input.expiresAt });
}

/** The user of a live session (not revoked, not expired, user still there), else undefined. */
export async function findSessionUser(
  db: ScoutsDb,
  input: { sessionId: string; userId: string; now: number },
): Promise<string | undefined> {
  const row = await db
    .select({ userId: users.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, input.sessionId),
        eq(sessions.userId, input.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, input.now),
      ),
    )
    .get();
  return row?.userId;
}

/** Ends one session (sign-out). Scoped by user so a session id alone cannot end another's. */
export async function revokeSession(
  db: ScoutsDb,
  input: { sessionId: string; userId: string; now: number },
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: input.now })
    .where(
      and(eq(sessions.id, input.sessionId), eq(sessions.userId, input.userId), isNull(sessions.revokedAt)),
    );
}

/** Ends every session of a user ("sign out everywhere"); returns how many were live. */
export async function revokeAllSessions(
  db: ScoutsDb,
  input: { userId: string; now: number },
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: input.now })
    .where(and(eq(sessions.userId, input.userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
    .all();
  return rows.length;
}

/** Retention: sessions past expiry (or revoked more than a day ago) are deleted. */
export async function deleteDeadSessions(db: ScoutsDb, now: number): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= ${now} or ${sessions.revokedAt} <= ${now - 86_400_000}`)
    .returning({ id: sessions.id })
    .all();
  return rows.length;
}
