import type { DemoFeedStore } from "@scouts/core/connectors/demo/emit-demo-items";
import type { ScoutsDb } from "@scouts/db";
import { demoFeeds, scoutConnections, scouts } from "@scouts/db/schema/index";
import { and, eq, lt, sql } from "drizzle-orm";

/**
 * The demo source's counter in D1 (dev only). The first emit creates the feed and a `demo`
 * connection row that holds the scout's cursor, like a provider connection would.
 */
export function createDemoFeedStore(db: ScoutsDb, clock = { now: () => Date.now() }) {
  async function ensure(scoutId: string): Promise<boolean> {
    const scout = await db
      .select({ userId: scouts.userId })
      .from(scouts)
      .where(and(eq(scouts.id, scoutId), eq(scouts.sourceType, "demo")))
      .get();
    if (!scout) return false;
    const now = clock.now();
    await db.insert(demoFeeds).values({ scoutId, updatedAt: now }).onConflictDoNothing();
    await db
      .insert(scoutConnections)
      .values({
        id: `demo-${scoutId}`,
        scoutId,
        userId: scout.userId,
        provider: "demo",
        accountRef: "demo",
        updatedAt: now,
      })
      .onConflictDoNothing();
    return true;
  }
  const store = {
    async advance(scoutId: string, count: number): Promise<number | null> {
      if (!(await ensure(scoutId))) return null;
      const row = await db
        .update(demoFeeds)
        .set({ emitted: sql`${demoFeeds.emitted} + ${count}`, updatedAt: clock.now() })
        .where(eq(demoFeeds.scoutId, scoutId))
        .returning({ emitted: demoFeeds.emitted })
        .get();
      return row?.emitted ?? null;
    },
    /** One item per minute even when the cron tick is doubled: the minute is claimed in the same update. */
    async advanceOncePerMinute(scoutId: string, minute: number): Promise<number | null> {
      if (!(await ensure(scoutId))) return null;
      const row = await db
        .update(demoFeeds)
        .set({ emitted: sql`${demoFeeds.emitted} + 1`, lastEmitMinute: minute, updatedAt: clock.now() })
        .where(and(eq(demoFeeds.scoutId, scoutId), lt(demoFeeds.lastEmitMinute, minute)))
        .returning({ emitted: demoFeeds.emitted })
        .get();
      return row?.emitted ?? null;
    },
    async head(scoutId: string): Promise<number> {
      const row = await db
        .select({ emitted: demoFeeds.emitted })
        .from(demoFeeds)
        .where(eq(demoFeeds.scoutId, scoutId))
        .get();
      return row?.emitted ?? 0;
    },
    async activeDemoScouts(limit = 100): Promise<string[]> {
      const rows = await db
        .select({ id: scouts.id })
        .from(scouts)
        .where(
          and(eq(scouts.sourceType, "demo"), eq(scouts.enabled, true), sql`${scouts.pausedReason} is null`),
        )
        .limit(limit)
        .all();
      return rows.map((r) => r.id);
    },
  } satisfies DemoFeedStore & Record<string, unknown>;
  return store;
}
