import { CoreError } from "../../errors.ts";
import { compileSchema } from "../schema/json-schema.ts";
import { defaultDailyLimits, utcDay } from "./daily-limits.ts";
import { estimatedCostUsd, laneFor } from "./lanes.ts";
import type { AutomationRecord, ExecutorCtx, QueueLane, RunRecord } from "./types.ts";

/** Beyond this many chained runs an event no longer starts automations. */
export const MAX_CHAIN_DEPTH = 5;

export interface FireRequest {
  automation: AutomationRecord;
  triggerType: "schedule" | "webhook" | "event" | "manual";
  triggerPayload: unknown;
  /** Inputs supplied by the caller (webhook body `inputs`), over the definition's defaults. */
  inputs?: Record<string, unknown>;
  chainDepth?: number;
  /** Pre-chosen run id (webhook idempotency reserves it first). */
  runId?: string;
}

export type FireOutcome =
  | { status: "enqueued" | "waiting"; runId: string; lane: QueueLane }
  | { status: "dropped" | "refused"; reason: string };

async function resolveInputs(ctx: ExecutorCtx, req: FireRequest): Promise<Record<string, unknown>> {
  const def = req.automation.definition;
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(def.inputs?.properties ?? {})) {
    const d = prop.default;
    if (d === "$last_fired_at") out[name] = req.automation.lastFiredAt;
    else if (d === "$creator") out[name] = req.automation.userId;
    else if (d === "$space_default")
      out[name] = ctx.spaceDefault ? await ctx.spaceDefault(req.automation.userId) : null;
    else if (d !== undefined) out[name] = d;
  }
  Object.assign(out, req.inputs ?? {});
  if (def.inputs) {
    const issues = compileSchema(def.inputs)(out);
    if (issues.length) {
      throw new CoreError(
        "bad_input",
        `inputs: ${issues.map((i) => `${i.path || "/"} ${i.message}`).join("; ")}`,
        {
          details: { issues },
        },
      );
    }
  }
  return out;
}

/**
 * Starts runs for a batch of fires: checks enabled, chain depth and the budget against the
 * steps' cost estimates, applies each automation's concurrency policy, snapshots the definition
 * into the run, and enqueues on the lane of its longest step. One fire's refusal never blocks others.
 * @example const [o] = await startRuns({ ctx, input: [{ automation, triggerType: "manual", triggerPayload: {} }] });
 */
export async function startRuns({
  ctx,
  input,
}: {
  ctx: ExecutorCtx;
  input: FireRequest[];
}): Promise<FireOutcome[]> {
  const now = ctx.clock.now();
  const active = await ctx.store.activeRunCounts([...new Set(input.map((r) => r.automation.id))]);
  const outcomes: FireOutcome[] = [];
  const limits = ctx.limits ?? defaultDailyLimits;
  const { start: dayStart } = utcDay(now);
  const usage = new Map<string, { runs: number; costUsd: number }>();
  for (const userId of new Set(input.map((r) => r.automation.userId))) {
    usage.set(userId, await ctx.store.usageSince(userId, dayStart));
  }
  const runs: RunRecord[] = [];
  const fired = new Set<string>();
  const byLane = new Map<QueueLane, string[]>();
  for (const req of input) {
    const a = req.automation;
    const def = a.definition;
    if (!a.enabled) {
      outcomes.push({ status: "refused", reason: "disabled" });
      continue;
    }
    if ((req.chainDepth ?? 0) > MAX_CHAIN_DEPTH) {
      outcomes.push({ status: "refused", reason: "chain_depth" });
      continue;
    }
    const budget = def.execution?.budget?.max_cost_usd;
    if (budget !== undefined && estimatedCostUsd(def, ctx.registry) > budget) {
      outcomes.push({ status: "refused", reason: "budget_exceeded" });
      continue;
    }
    const used = usage.get(a.userId) ?? { runs: 0, costUsd: 0 };
    if (used.runs >= limits.runs) {
      outcomes.push({ status: "refused", reason: "daily_run_cap" });
      continue;
    }
    if (used.costUsd >= limits.spendUsd) {
      outcomes.push({ status: "refused", reason: "daily_spend_cap" });
      continue;
    }
    const running = active.get(a.id) ?? 0;
    const policy = a.concurrency;
    if (policy === "drop_if_running" && running > 0) {
      outcomes.push({ status: "dropped", reason: "already_running" });
      continue;
    }
    let inputs: Record<string, unknown>;
    try {
      inputs = await resolveInputs(ctx, req);
    } catch (e) {
      outcomes.push({ status: "refused", reason: (e as Error).message });
      continue;
    }
    const waits = policy === "queue" && running > 0;
    const lane = laneFor(def, ctx.registry);
    const id = req.runId ?? ctx.ids();
    active.set(a.id, running + 1);
    const run: RunRecord = {
      id,
      automationId: a.id,
      userId: a.userId,
      version: a.version,
      status: "pending",
      enqueued: !waits,
      queue: lane,
      triggerType: req.triggerType,
      triggerPayload: req.triggerPayload,
      inputs,
      definition: def,
      attempt: 1,
      chainDepth: req.chainDepth ?? 0,
      costUsd: 0,
      error: null,
      createdAt: now,
      startedAt: null,
      finishedAt: null,
    };
    if (policy === "drop_if_running") {
      // Checked again inside the insert: another isolate may have started one since we looked.
      if (!(await ctx.store.createRunIfIdle(run))) {
        outcomes.push({ status: "dropped", reason: "already_running" });
        continue;
      }
      fired.add(a.id);
    } else {
      runs.push(run);
    }
    used.runs++;
    if (!waits) byLane.set(lane, [...(byLane.get(lane) ?? []), id]);
    outcomes.push({ status: waits ? "waiting" : "enqueued", runId: id, lane });
  }
  if (runs.length) await ctx.store.createRuns(runs);
  for (const r of runs) fired.add(r.automationId);
  if (fired.size) await ctx.store.markFired([...fired], now);
  for (const [lane, ids] of byLane) {
    await ctx.queue.send(
      lane,
      ids.map((runId) => ({ kind: "automation.run", runId })),
    );
  }
  return outcomes;
}
