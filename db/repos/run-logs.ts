import { desc, eq } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { scoutRunLogs } from "../schema/scouts.ts";

export type RunLog = typeof scoutRunLogs.$inferSelect;

/**
 * A scout's run log: outcome codes and counts, never content.
 * @example await createRunLogRepo(db).record({ id, scoutId, kind: "sync", outcome: "ok", createdAt: now })
 */
export function createRunLogRepo(db: ScoutsDb) {
  return {
    async record(entry: {
      id: string;
      scoutId: string;
      kind: string;
      outcome: string;
      detail?: string;
      createdAt: number;
    }) {
      await db.insert(scoutRunLogs).values({ ...entry, detail: entry.detail ?? null });
    },
    async listForScout(scoutId: string, limit = 50): Promise<RunLog[]> {
      return db
        .select()
        .from(scoutRunLogs)
        .where(eq(scoutRunLogs.scoutId, scoutId))
        .orderBy(desc(scoutRunLogs.createdAt))
        .limit(limit)
        .all();
    },
  };
}
