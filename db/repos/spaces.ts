import { and, asc, eq, inArray } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import {
  spaceMembers,
  spaces,
  workspaceScanItems,
  workspaceScanSessions,
  workspaces,
} from "../schema/workspaces.ts";

export type SpaceRow = typeof spaces.$inferSelect;
export type SpaceRole = (typeof spaceMembers.$inferSelect)["role"];

/** The personal space's id is derived from the user, so creating it is idempotent. */
export function personalSpaceId(userId: string): string {
  return `personal-${userId}`;
}

/**
 * The user's own space, created on first use.
 * @example const space = await ensurePersonalSpace(db, { userId, now: Date.now() });
 */
export async function ensurePersonalSpace(
  db: ScoutsDb,
  input: { userId: string; now: number },
): Promise<SpaceRow> {
  const id = personalSpaceId(input.userId);
  await db
    .insert(spaces)
    .values({ id, ownerUserId: input.userId, name: "Personal", kind: "personal", createdAt: input.now })
    .onConflictDoNothing()
    .run();
  await db
    .insert(spaceMembers)
    .values({ spaceId: id, userId: input.userId, role: "owner", addedAt: input.now })
    .onConflictDoNothing()
    .run();
  return (await db.select().from(spaces).where(eq(spaces.id, id)).get())!;
}

export async function createSharedSpace(
  db: ScoutsDb,
  input: { id: string; ownerUserId: string; name: string; now: number },
): Promise<SpaceRow> {
  const row = await db
    .insert(spaces)
    .values({
      id: input.id,
      ownerUserId: input.ownerUserId,
      name: input.name,
      kind: "shared",
      createdAt: input.now,
    })
    .returning()
    .get();
  await db
    .insert(spaceMembers)
    .values({ spaceId: input.id, userId: input.ownerUserId, role: "owner", addedAt: input.now })
    .run();
  return row;
}

export async function listSpacesForUser(db: ScoutsDb, userId: string) {
  return db
    .select({
      id: spaces.id,
      name: spaces.name,
      kind: spaces.kind,
      ownerUserId: spaces.ownerUserId,
      role: spaceMembers.role,
      createdAt: spaces.createdAt,
    })
    .from(spaceMembers)
    .innerJoin(spaces, eq(spaces.id, spaceMembers.spaceId))
    .where(eq(spaceMembers.userId, userId))
    .orderBy(asc(spaces.createdAt), asc(spaces.id))
    .all();
}

/** The caller's role in a space, or undefined when they are not a member (or it does not exist). */
export async function memberRole(
  db: ScoutsDb,
  input: { spaceId: string; userId: string },
): Promise<SpaceRole | undefined> {
  const row = await db
    .select({ role: spaceMembers.role })
    .from(spaceMembers)
    .where(and(eq(spaceMembers.spaceId, input.spaceId), eq(spaceMembers.userId, input.userId)))
    .get();
  return row?.role;
}

export async function addSpaceMember(db: ScoutsDb, input: { spaceId: string; userId: string; now: number }) {
  await db
    .insert(spaceMembers)
    .values({ spaceId: input.spaceId, userId: input.userId, role: "member", addedAt: input.now })
    .onConflictDoNothing()
    .run();
}

export async function removeSpaceMember(db: ScoutsDb, input: { spaceId: string; userId: string }) {
  await db
    .delete(spaceMembers)
    .where(
      and(
        eq(spaceMembers.spaceId, input.spaceId),
        eq(spaceMembers.userId, input.userId),
        eq(spaceMembers.role, "member"),
      ),
    )
    .run();
}

/**
 * Deletes a space and everything in it: its workspaces, scans and memberships. Explicit deletes
 * (not only ON DELETE CASCADE) so it holds where foreign keys are not enforced.
 */
export async function deleteSpace(db: ScoutsDb, spaceId: string): Promise<void> {
  await db.delete(workspaces).where(eq(workspaces.spaceId, spaceId)).run();
  const sessions = db
    .select({ id: workspaceScanSessions.id })
    .from(workspaceScanSessions)
    .where(eq(workspaceScanSessions.spaceId, spaceId));
  await db.delete(workspaceScanItems).where(inArray(workspaceScanItems.sessionId, sessions)).run();
  await db.delete(workspaceScanSessions).where(eq(workspaceScanSessions.spaceId, spaceId)).run();
  await db.delete(spaceMembers).where(eq(spaceMembers.spaceId, spaceId)).run();
  await db.delete(spaces).where(eq(spaces.id, spaceId)).run();
}
