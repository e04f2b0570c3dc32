import { and, eq, lte } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { automationArtifacts } from "../schema/automations.ts";

export type ArtifactRow = typeof automationArtifacts.$inferSelect;

export async function insertArtifact(db: ScoutsDb, row: ArtifactRow): Promise<void> {
  await db.insert(automationArtifacts).values(row);
}

export async function getArtifact(db: ScoutsDb, id: string): Promise<ArtifactRow | null> {
  return (await db.select().from(automationArtifacts).where(eq(automationArtifacts.id, id)).get()) ?? null;
}

export async function listRunArtifacts(db: ScoutsDb, userId: string, runId: string): Promise<ArtifactRow[]> {
  return db
    .select()
    .from(automationArtifacts)
    .where(and(eq(automationArtifacts.runId, runId), eq(automationArtifacts.userId, userId)));
}

/** Artifacts past their retention (the nightly sweep deletes the R2 object, then the row). */
export async function expiredArtifacts(db: ScoutsDb, now: number, limit: number): Promise<ArtifactRow[]> {
  return db.select().from(automationArtifacts).where(lte(automationArtifacts.expiresAt, now)).limit(limit);
}

export async function deleteArtifactRow(db: ScoutsDb, id: string): Promise<void> {
  await db.delete(automationArtifacts).where(eq(automationArtifacts.id, id));
}
