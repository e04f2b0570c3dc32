import { dueBrief } from "@scouts/core/assistant/brief-schedule";
import { flushHeldAlerts, postBrief } from "./assist.ts";
import { assistOnArrival } from "./assistant-run.ts";
import type { AgentCtx } from "./context.ts";
import { wakeSnoozes } from "./snooze.ts";

/**
 * One scheduler tick (the agent runs it every minute): posts the morning/evening brief to Slack
 * once per day each, and the summary of alerts held back by the hourly limit. Travel mode keeps
 * collecting the brief; the kill switch and pause stop posting.
 */
export async function scheduleTick(
  ctx: AgentCtx,
): Promise<{ brief: string | null; summarized: number; triaged: number }> {
  await wakeSnoozes(ctx);
  const triaged = await scheduledTriage(ctx);
  const settings = await ctx.stores.settings.settings();
  const control = await ctx.stores.settings.control();
  if (control.killed || control.paused || !settings.assistantEnabled || !settings.slackWebhookUrl)
    return { brief: null, summarized: 0, triaged };
  const posted = await ctx.stores.settings.read<string[]>(
    "briefs_posted",
    { safeParse: (v) => ({ success: Array.isArray(v), data: v as string[] }) },
    [],
  );
  const due = dueBrief({
    now: ctx.clock.now(),
    timeZone: settings.timezone,
    morning: settings.briefMorning,
    evening: settings.briefEvening,
    posted,
  });
  let brief: string | null = null;
  if (due) {
    const res = await postBrief(ctx, due.period);
    if (res.posted) {
      await ctx.stores.settings.write("briefs_posted", [...posted.slice(-20), due.key]);
      brief = due.period;
    }
  }
  return { brief, summarized: await flushHeldAlerts(ctx), triaged };
}

/**
 * L5 scheduled triage: open suggestions in L5 cohorts that nothing has acted on yet (they came in
 * while paused or travelling, or before the level was raised) get the assistant's reversible
 * action, gated exactly as on arrival, under one run id per hour for undo-by-run.
 */
export async function scheduledTriage(ctx: AgentCtx, max = 200): Promise<number> {
  const policies = await ctx.stores.settings.policies();
  const l5 = Object.entries(policies.levels)
    .filter(([, level]) => level === 5)
    .map(([cohort]) => cohort);
  if (l5.length === 0) return 0;
  const runId = `scheduled-${new Date(ctx.clock.now()).toISOString().slice(0, 13)}`;
  let acted = 0;
  for (const cohort of l5) {
    const page = await ctx.stores.suggestions.list({ status: "new", cohort: cohort as never, limit: max });
    for (const s of page.items) {
      if (acted >= max) return acted;
      if (await ctx.stores.ledger.hasEntryFor(s.id)) continue;
      if (await assistOnArrival(ctx, s, runId)) acted++;
    }
  }
  return acted;
}
