import { dueBrief } from "@scouts/core/assistant/brief-schedule";
import { flushHeldAlerts, postBrief } from "./assist.ts";
import type { AgentCtx } from "./context.ts";

/**
 * One scheduler tick (the agent runs it every minute): posts the morning/evening brief to Slack
 * once per day each, and the summary of alerts held back by the hourly limit. Travel mode keeps
 * collecting the brief; the kill switch and pause stop posting.
 */
export async function scheduleTick(ctx: AgentCtx): Promise<{ brief: string | null; summarized: number }> {
  for (const suggestion of await ctx.stores.suggestions.wakeSnoozed(ctx.clock.now()))
    ctx.bus.emit({ type: "suggestion.updated", suggestion });
  const settings = await ctx.stores.settings.settings();
  const control = await ctx.stores.settings.control();
  if (control.killed || control.paused || !settings.assistantEnabled || !settings.slackWebhookUrl)
    return { brief: null, summarized: 0 };
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
  return { brief, summarized: await flushHeldAlerts(ctx) };
}
