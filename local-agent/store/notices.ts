import { MAX_ACTIVE_NOTICES, mergeNotice, type NoticeRows } from "@scouts/core/device/notices";
import type { Notice } from "@scouts/core/protocol/frames";
import type { DeviceNotice } from "@scouts/core/protocol/local-api";
import { and, desc, eq, isNotNull, isNull, lt } from "drizzle-orm";
import type { AgentDb } from "../db/open.ts";
import { deviceNotices } from "../db/schema/index.ts";

/** Dismissed notices are kept this long (a repeat within it keeps its id), then dropped. */
const keepDismissedMs = 30 * 86_400_000;

const toNotice = (r: typeof deviceNotices.$inferSelect): DeviceNotice => ({
  id: r.id,
  kind: r.kind,
  scoutId: r.scoutId,
  provider: r.provider,
  message: r.message,
  receivedAt: r.receivedAt,
});

/**
 * The cloud's notices in the agent's libSQL file, so a PWA opened later still sees them (the hub
 * hands each one out once). One row per scout and kind; a repeat shows it again.
 */
export function noticeStore(db: AgentDb) {
  return {
    async receive(n: Notice, at: number, id: string): Promise<DeviceNotice> {
      const { key, ...row } = mergeNotice(undefined, n, at, id);
      const values = { ...row, dedupeKey: key };
      // A repeat keeps its id (a PWA may hold it) and shows again.
      const { id: _id, dedupeKey: _key, ...repeat } = values;
      const [saved] = await db
        .insert(deviceNotices)
        .values(values)
        .onConflictDoUpdate({ target: deviceNotices.dedupeKey, set: repeat })
        .returning();
      await db
        .delete(deviceNotices)
        .where(
          and(isNotNull(deviceNotices.dismissedAt), lt(deviceNotices.dismissedAt, at - keepDismissedMs)),
        );
      return toNotice(saved ?? values);
    },
    async active(): Promise<DeviceNotice[]> {
      const rows = await db
        .select()
        .from(deviceNotices)
        .where(isNull(deviceNotices.dismissedAt))
        .orderBy(desc(deviceNotices.receivedAt), desc(deviceNotices.id))
        .limit(MAX_ACTIVE_NOTICES);
      return rows.map(toNotice);
    },
    async dismiss(id: string, at: number): Promise<boolean> {
      const [row] = await db.select().from(deviceNotices).where(eq(deviceNotices.id, id));
      if (!row) return false;
      if (row.dismissedAt === null)
        await db.update(deviceNotices).set({ dismissedAt: at }).where(eq(deviceNotices.id, id));
      return true;
    },
  } satisfies NoticeRows;
}
export type NoticeStore = ReturnType<typeof noticeStore>;
