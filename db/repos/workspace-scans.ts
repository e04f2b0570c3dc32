import type { HarvestedWorkspace } from "@scouts/core/workspaces/types";
import { and, eq, gt, inArray, lte } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { workspaceScanItems, workspaceScanSessions } from "../schema/workspaces.ts";

export type ScanSessionRow = typeof workspaceScanSessions.$inferSelect;
export type ScanItemRow = typeof workspaceScanItems.$inferSelect;

/** D1 binds at most 100 parameters per statement: 6 columns × 15 rows. */
const ROWS_PER_INSERT = 15;

/**
 * Stores an onboarding scan's findings under its own session id, so two pickers never mix.
 * @example await createScanSession(db, { id, spaceId, userId, scoutId, now, expiresAt, items })
 */
export async function createScanSession(
  db: ScoutsDb,
  input: {
    id: string;
    spaceId: string;
    userId: string;
    scoutId: string;
    now: number;
    expiresAt: number;
    items: HarvestedWorkspace[];
  },
): Promise<void> {
  await db
    .insert(workspaceScanSessions)
    .values({
      id: input.id,
      spaceId: input.spaceId,
      userId: input.userId,
      scoutId: input.scoutId,
      status: "open",
      createdAt: input.now,
      expiresAt: input.expiresAt,
    })
    .run();
  const unique = [...new Map(input.items.map((i) => [i.workspaceKey, i])).values()];
  for (let i = 0; i < unique.length; i += ROWS_PER_INSERT) {
    await db
      .insert(workspaceScanItems)
      .values(
        unique.slice(i, i + ROWS_PER_INSERT).map((item) => ({
          sessionId: input.id,
          workspaceKey: item.workspaceKey,
          kind: item.kind,
          displayName: item.displayName ?? null,
          memberCount: item.metadata.memberCount ?? null,
          archived: item.metadata.archived ?? false,
        })),
      )
      .run();
  }
}

/** An open, unexpired scan of this user, with its items; undefined otherwise (another user's reads as missing). */
export async function findScanSession(
  db: ScoutsDb,
  input: { id: string; userId: string; now: number },
): Promise<{ session: ScanSessionRow; items: ScanItemRow[] } | undefined> {
  const session = await db
    .select()
    .from(workspaceScanSessions)
    .where(
      and(
        eq(workspaceScanSessions.id, input.id),
        eq(workspaceScanSessions.userId, input.userId),
        eq(workspaceScanSessions.status, "open"),
        gt(workspaceScanSessions.expiresAt, input.now),
      ),
    )
    .get();
  if (!session) return undefined;
  const items = await db
    .select()
    .from(workspaceScanItems)
    .where(eq(workspaceScanItems.sessionId, session.id))
    .all();
  return { session, items };
}

/** Ends a scan: its findings are dropped whether or not the person kept some. */
export async function closeScanSession(db: ScoutsDb, id: string): Promise<void> {
  await db.delete(workspaceScanItems).where(eq(workspaceScanItems.sessionId, id)).run();
  await db.delete(workspaceScanSessions).where(eq(workspaceScanSessions.id, id)).run();
}

/** Drops expired scans (and their findings); safe to run on every scan request and from cron. */
export async function sweepExpiredScans(db: ScoutsDb, now: number): Promise<number> {
  const expired = await db
    .select({ id: workspaceScanSessions.id })
    .from(workspaceScanSessions)
    .where(lte(workspaceScanSessions.expiresAt, now))
    .limit(90)
    .all();
  if (!expired.length) return 0;
  const ids = expired.map((e) => e.id);
  await db.delete(workspaceScanItems).where(inArray(workspaceScanItems.sessionId, ids)).run();
  await db.delete(workspaceScanSessions).where(inArray(workspaceScanSessions.id, ids)).run();
  return ids.length;
}
