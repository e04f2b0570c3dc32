import type { ExecutorCtx } from "./types.ts";

/** What one person's automations may do per UTC day. */
export interface DailyLimits {
  runs: number;
  spendUsd: number;
}

/** Defaults for a hosted account; the composition root may pass others. */
export const defaultDailyLimits: DailyLimits = { runs: 500, spendUsd: 5 };

const DAY_MS = 86_400_000;

/** Start of the UTC day holding `now`, and when the next one starts. */
export function utcDay(now: number): { start: number; resetsAt: number } {
  const start = now - (now % DAY_MS);
  return { start, resetsAt: start + DAY_MS };
}

export interface DailyUsage {
  runsToday: number;
  spendTodayUsd: number;
  limits: DailyLimits;
  resetsAt: number;
}

/**
 * A person's runs started and money spent today (UTC) against their daily caps.
 * @example await dailyUsage({ ctx, input: { userId } }) // { runsToday: 3, spendTodayUsd: 0.05, limits, resetsAt }
 */
export async function dailyUsage({
  ctx,
  input,
}: {
  ctx: Pick<ExecutorCtx, "store" | "clock" | "limits">;
  input: { userId: string };
}): Promise<DailyUsage> {
  const { start, resetsAt } = utcDay(ctx.clock.now());
  const used = await ctx.store.usageSince(input.userId, start);
  return {
    runsToday: used.runs,
    spendTodayUsd: used.costUsd,
    limits: ctx.limits ?? defaultDailyLimits,
    resetsAt,
  };
}
