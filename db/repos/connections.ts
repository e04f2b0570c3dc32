import { and, eq, inArray, isNull } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { scoutConnections, scouts } from "../schema/scouts.ts";

export type ConnectionRow = typeof scoutConnections.$inferSelect;
export type Provider = ConnectionRow["provider"];

export async function findConnectionByScout(
  db: ScoutsDb,
  scoutId: string,
): Promise<ConnectionRow | undefined> {
  return db.select().from(scoutConnections).where(eq(scoutConnections.scoutId, scoutId)).get();
}

/**
 * Every scout listening on a provider account (a Gmail address, a Slack team id). Several users
 * may have installed the same Slack workspace; each gets its own scout and job.
 * @example const hits = await findScoutsByAccount(db, "google", "user@example.com");
 */
export async function findScoutsByAccount(
  db: ScoutsDb,
  provider: Provider,
  accountRef: string | string[],
): Promise<
  {
    scoutId: string;
    userId: string;
    enabled: boolean;
    pausedReason: string | null;
    needsReauth: boolean;
    historyCursor: string | null;
  }[]
> {
  return db
    .select({
      scoutId: scouts.id,
      userId: scouts.userId,
      enabled: scouts.enabled,
      pausedReason: scouts.pausedReason,
      needsReauth: scoutConnections.needsReauth,
      historyCursor: scoutConnections.historyCursor,
    })
    .from(scoutConnections)
    .innerJoin(scouts, eq(scouts.id, scoutConnections.scoutId))
    .where(
      and(
        eq(scoutConnections.provider, provider),
        Array.isArray(accountRef)
          ? inArray(scoutConnections.accountRef, accountRef.length ? accountRef : [""])
          : eq(scoutConnections.accountRef, accountRef),
      ),
    )
    .all();
}

/** Who else holds a connection for this provider person (Slack team + user id), if anyone. */
export async function findConnectionOfPerson(
  db: ScoutsDb,
  input: { provider: Provider; accountRef: string; providerUserId: string },
): Promise<ConnectionRow | undefined> {
  return db
    .select()
    .from(scoutConnections)
    .where(
      and(
        eq(scoutConnections.provider, input.provider),
        eq(scoutConnections.accountRef, input.accountRef),
        eq(scoutConnections.providerUserId, input.providerUserId),
      ),
    )
    .get();
}

/** The user's connection for a provider account, if they connected it before. */
export async function findUserConnection(
  db: ScoutsDb,
  input: { userId: string; provider: Provider; accountRef: string },
): Promise<ConnectionRow | undefined> {
  return db
    .select()
    .from(scoutConnections)
    .where(
      and(
        eq(scoutConnections.userId, input.userId),
        eq(scoutConnections.provider, input.provider),
        eq(scoutConnections.accountRef, input.accountRef),
      ),
    )
    .get();
}

/**
 * Creates or replaces the scout's connection. Reconnecting clears `needs_reauth`; the history
 * cursor is kept so no item between the old and new grant is skipped.
 */
export async function upsertConnection(
  db: ScoutsDb,
  input: {
    id: string;
    scoutId: string;
    userId: string;
    provider: Provider;
    accountRef: string;
    /** The provider's id of the person who connected (Slack `authed_user.id`). */
    providerUserId?: string | null;
    tokenCiphertext: string | null;
    tokenKeyVersion: number | null;
    scopes: string;
    now: number;
  },
): Promise<ConnectionRow> {
  return db
    .insert(scoutConnections)
    .values({ ...input, updatedAt: input.now })
    .onConflictDoUpdate({
      target: scoutConnections.scoutId,
      set: {
        ...(input.providerUserId ? { providerUserId: input.providerUserId } : {}),
        tokenCiphertext: input.tokenCiphertext,
        tokenKeyVersion: input.tokenKeyVersion,
        scopes: input.scopes,
        needsReauth: false,
        reauthNotifiedAt: null,
        updatedAt: input.now,
      },
    })
    .returning()
    .get();
}

/** Rewrites the sealed tokens (after a refresh or under a newer key version). */
export async function updateConnectionTokens(
  db: ScoutsDb,
  input: { id: string; tokenCiphertext: string; tokenKeyVersion: number; now: number },
): Promise<void> {
  await db
    .update(scoutConnections)
    .set({
      tokenCiphertext: input.tokenCiphertext,
      tokenKeyVersion: input.tokenKeyVersion,
      updatedAt: input.now,
    })
    .where(eq(scoutConnections.id, input.id));
}

/**
 * The grant is gone: flag the connection and drop the watch expiry so neither watch renewal
 * nor polling touches it until the person reconnects.
 */
export async function markNeedsReauth(db: ScoutsDb, input: { id: string; now: number }): Promise<void> {
  await db
    .update(scoutConnections)
    .set({ needsReauth: true, watchExpiration: null, updatedAt: input.now })
    .where(eq(scoutConnections.id, input.id));
}

/** Stores a (re)newed watch. The cursor is set only when none is stored: it never moves back. */
/** Stores the first history cursor unless one is already there (a reconnect keeps its place). */
export async function recordBaselineCursor(
  db: ScoutsDb,
  input: { id: string; cursor: string; now: number },
): Promise<void> {
  await db
    .update(scoutConnections)
    .set({ historyCursor: input.cursor, updatedAt: input.now })
    .where(and(eq(scoutConnections.id, input.id), isNull(scoutConnections.historyCursor)));
}

export async function recordWatch(
  db: ScoutsDb,
  input: { id: string; expiration: number; cursor: string | null; now: number },
): Promise<void> {
  const row = await findConnectionById(db, input.id);
  if (!row) return;
  await db
    .update(scoutConnections)
    .set({
      watchExpiration: input.expiration,
      historyCursor: row.historyCursor ?? input.cursor,
      updatedAt: input.now,
    })
    .where(eq(scoutConnections.id, input.id));
}

export async function findConnectionById(db: ScoutsDb, id: string): Promise<ConnectionRow | undefined> {
  return db.select().from(scoutConnections).where(eq(scoutConnections.id, id)).get();
}
