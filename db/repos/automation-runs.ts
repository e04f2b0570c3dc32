import type { RunRecord, RunStore, StepRecord } from "@scouts/core/automation/executor/types";
import type { AutomationDefinition } from "@scouts/core/automation/schema/definition-types";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { automationRunSteps, automationRuns, automations } from "../schema/automations.ts";

type RunRow = typeof automationRuns.$inferSelect;
type StepRow = typeof automationRunSteps.$inferSelect;

/** D1 binds at most 100 parameters per statement. */
export const D1_PARAM_CHUNK = 90;

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

type Batchable = { batch?: (q: unknown[]) => Promise<unknown[]> };

/** Runs statements in one batch (a transaction on D1 and libSQL) when the driver offers it. */
export async function runBatch(db: ScoutsDb, queries: { run(): Promise<unknown> }[]): Promise<unknown[]> {
  if (queries.length === 0) return [];
  const b = (db as unknown as Batchable).batch;
  if (b) return b.call(db, queries);
  const out: unknown[] = [];
  for (const q of queries) out.push(await q.run());
  return out;
}

export function runFromRow(r: RunRow): RunRecord {
  return {
    id: r.id,
    automationId: r.automationId,
    userId: r.userId,
    version: r.version,
    status: r.status,
    enqueued: r.enqueued,
    queue: r.queue,
    triggerType: r.triggerType,
    triggerPayload: r.triggerPayload ?? null,
    inputs: (r.inputs as Record<string, unknown> | null) ?? {},
    definition: r.definition as AutomationDefinition,
    attempt: r.attempt,
    chainDepth: r.chainDepth,
    costUsd: r.costUsd,
    error: (r.error as RunRecord["error"]) ?? null,
    createdAt: r.createdAt,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    leaseUntil: r.leaseUntil,
  };
}

/** A `waiting` step has no output yet: the column holds where it resumes (`{ resumeAttempt }`). */
function stepFromRow(r: StepRow): StepRecord {
  const resume =
    r.status === "waiting" ? Number((r.output as { resumeAttempt?: unknown } | null)?.resumeAttempt) : NaN;
  return {
    stepId: r.stepId,
    phase: r.phase,
    position: r.position,
    status: r.status,
    attempts: r.attempts,
    output: r.status === "waiting" ? null : (r.output ?? null),
    ...(Number.isInteger(resume) && resume > 0 ? { resumeAttempt: resume } : {}),
    error: (r.error as StepRecord["error"]) ?? null,
    costUsd: r.costUsd,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
  };
}

/**
 * The executor's RunStore over drizzle (D1 or libSQL).
 * @example const store = createRunStore(createD1Db(env.DB));
 */
export function createRunStore(db: ScoutsDb): RunStore {
  return {
    async createRuns(runs) {
      for (const part of chunks(runs, 500)) {
        await runBatch(
          db,
          part.map((r) =>
            db.insert(automationRuns).values({ ...r, triggerPayload: r.triggerPayload ?? null }),
          ),
        );
      }
    },
    async createRunIfIdle(r) {
      const rows = await db.all<{
        id: string;
      }>(sql`INSERT INTO automation_runs (id, automation_id, user_id, version, status,
          enqueued, queue, trigger_type, trigger_payload, inputs, definition, attempt, chain_depth, cost_usd, error, created_at)
        SELECT ${r.id}, ${r.automationId}, ${r.userId}, ${r.version}, ${r.status}, ${r.enqueued ? 1 : 0}, ${r.queue},
          ${r.triggerType}, ${JSON.stringify(r.triggerPayload ?? null)}, ${JSON.stringify(r.inputs)}, ${JSON.stringify(r.definition)},
          ${r.attempt}, ${r.chainDepth}, ${r.costUsd}, ${r.error ? JSON.stringify(r.error) : null}, ${r.createdAt}
        WHERE NOT EXISTS (SELECT 1 FROM automation_runs WHERE automation_id = ${r.automationId}
          AND (status = 'running' OR (status = 'pending' AND enqueued = 1)))
        RETURNING id`);
      return rows.length > 0;
    },
    async getRun(runId) {
      const row = await db.select().from(automationRuns).where(eq(automationRuns.id, runId)).get();
      return row ? runFromRow(row) : null;
    },
    async markRunning(runId, at) {
      const rows = await db
        .update(automationRuns)
        .set({ status: "running", startedAt: sql`coalesce(${automationRuns.startedAt}, ${at})` })
        .where(and(eq(automationRuns.id, runId), inArray(automationRuns.status, ["pending", "running"])))
        .returning({ id: automationRuns.id });
      return rows.length > 0;
    },
    async claimRun(runId, holder, at, leaseUntil) {
      const rows = await db
        .update(automationRuns)
        .set({
          status: "running",
          startedAt: sql`coalesce(${automationRuns.startedAt}, ${at})`,
          leaseHolder: holder,
          leaseUntil,
        })
        .where(
          and(
            eq(automationRuns.id, runId),
            or(
              eq(automationRuns.status, "pending"),
              and(
                eq(automationRuns.status, "running"),
                or(
                  isNull(automationRuns.leaseUntil),
                  lte(automationRuns.leaseUntil, at),
                  eq(automationRuns.leaseHolder, holder),
                ),
              ),
            ),
          ),
        )
        .returning({ id: automationRuns.id });
      if (rows.length > 0) return "claimed";
      const row = await db
        .select({ status: automationRuns.status })
        .from(automationRuns)
        .where(eq(automationRuns.id, runId))
        .get();
      if (!row) return "missing";
      return row.status === "running" ? "leased" : "ended";
    },
    async renewLease(runId, holder, leaseUntil) {
      const rows = await db
        .update(automationRuns)
        .set({ leaseUntil })
        .where(
          and(
            eq(automationRuns.id, runId),
            eq(automationRuns.status, "running"),
            eq(automationRuns.leaseHolder, holder),
          ),
        )
        .returning({ id: automationRuns.id });
      return rows.length > 0;
    },
    async endIfHeld(runId, holder, patch) {
      const rows = await db
        .update(automationRuns)
        .set({ ...patch, leaseHolder: null, leaseUntil: null })
        .where(
          and(
            eq(automationRuns.id, runId),
            eq(automationRuns.status, "running"),
            eq(automationRuns.leaseHolder, holder),
          ),
        )
        .returning({ id: automationRuns.id });
      return rows.length > 0;
    },
    async updateRun(runId, patch) {
      await db.update(automationRuns).set(patch).where(eq(automationRuns.id, runId));
    },
    async listSteps(runId) {
      const rows = await db
        .select()
        .from(automationRunSteps)
        .where(eq(automationRunSteps.runId, runId))
        .orderBy(asc(automationRunSteps.phase), asc(automationRunSteps.position));
      return rows.map(stepFromRow);
    },
    async saveStep(runId, s) {
      const { resumeAttempt, ...rest } = s;
      const output = s.status === "waiting" ? { resumeAttempt } : (s.output ?? null);
      const values = { runId, ...rest, output, error: s.error ?? null };
      await db
        .insert(automationRunSteps)
        .values(values)
        .onConflictDoUpdate({ target: [automationRunSteps.runId, automationRunSteps.stepId], set: values });
    },
    async activeRunCounts(ids) {
      const out = new Map<string, number>();
      for (const part of chunks(ids, 5000)) {
        const rows = await db
          .select({ id: automationRuns.automationId, n: sql<number>`count(*)` })
          .from(automationRuns)
          .where(
            and(
              sql`${automationRuns.automationId} IN (SELECT value FROM json_each(${JSON.stringify(part)}))`,
              or(
                eq(automationRuns.status, "running"),
                and(eq(automationRuns.status, "pending"), eq(automationRuns.enqueued, true)),
              ),
            ),
          )
          .groupBy(automationRuns.automationId);
        for (const r of rows) out.set(r.id, Number(r.n));
      }
      return out;
    },
    async usageSince(userId, since) {
      const row = await db
        .select({
          runs: sql<number>`count(*)`,
          costUsd: sql<number>`coalesce(sum(${automationRuns.costUsd}), 0)`,
        })
        .from(automationRuns)
        .where(and(eq(automationRuns.userId, userId), sql`${automationRuns.createdAt} >= ${since}`))
        .get();
      return { runs: Number(row?.runs ?? 0), costUsd: Number(row?.costUsd ?? 0) };
    },
    async runningStartedBefore(before, limit) {
      const rows = await db
        .select()
        .from(automationRuns)
        .where(and(eq(automationRuns.status, "running"), sql`${automationRuns.startedAt} < ${before}`))
        .orderBy(asc(automationRuns.startedAt))
        .limit(limit);
      return rows.map(runFromRow);
    },
    async endIfRunning(runId, patch) {
      const rows = await db
        .update(automationRuns)
        .set({ ...patch, leaseHolder: null, leaseUntil: null })
        .where(and(eq(automationRuns.id, runId), eq(automationRuns.status, "running")))
        .returning({ id: automationRuns.id });
      return rows.length > 0;
    },
    async claimEnded(runId, holder) {
      const rows = await db
        .update(automationRuns)
        .set({ leaseHolder: holder })
        .where(
          and(
            eq(automationRuns.id, runId),
            inArray(automationRuns.status, ["failed", "timed_out"]),
            isNull(automationRuns.leaseHolder),
          ),
        )
        .returning({ id: automationRuns.id });
      return rows.length > 0;
    },
    async nextWaitingRun(automationId) {
      const row = await db
        .select()
        .from(automationRuns)
        .where(
          and(
            eq(automationRuns.automationId, automationId),
            eq(automationRuns.status, "pending"),
            eq(automationRuns.enqueued, false),
          ),
        )
        .orderBy(asc(automationRuns.createdAt))
        .limit(1)
        .get();
      return row ? runFromRow(row) : null;
    },
    async markFired(ids, at) {
      for (const part of chunks(ids, 5000)) {
        await db
          .update(automations)
          .set({ lastFiredAt: at })
          .where(sql`${automations.id} IN (SELECT value FROM json_each(${JSON.stringify(part)}))`);
      }
    },
  };
}
