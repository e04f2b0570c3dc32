import { dueBrief } from "@scouts/core/assistant/brief-schedule";
import { travelActive } from "@scouts/core/assistant/control";
import {
  dueTriage,
  scheduledCohorts,
  scheduledWork,
  triageRunId,
} from "@scouts/core/assistant/scheduled-triage";
import { CoreError } from "@scouts/core/errors";
import { flushHeldAlerts, postBrief } from "./assist.ts";
import { assistOnArrival } from "./assistant-run.ts";
import type { AgentCtx } from "./context.ts";
import { templateDraft } from "./draft.ts";
import { wakeSnoozes } from "./snooze.ts";

/**
 * One scheduler tick (the agent runs it every minute): wakes snoozed suggestions, runs L5
 * scheduled triage when one of the person's times is due, posts the morning/evening brief to
 * Slack once per day each, and the summary of alerts held back by the hourly limit. Travel mode
 * keeps collecting the brief; the kill switch and pause stop posting.
 */
export async function scheduleTick(ctx: AgentCtx): Promise<{
  brief: string | null;
  summarized: number;
  triage: Awaited<ReturnType<typeof scheduledTriage>>;
}> {
  await wakeSnoozes(ctx);
  const triage = await scheduledTriage(ctx);
  const settings = await ctx.stores.settings.settings();
  const control = await ctx.stores.settings.control();
  if (control.killed || control.paused || !settings.assistantEnabled || !settings.slackWebhookUrl)
    return { brief: null, summarized: 0, triage };
  const posted = await ctx.stores.settings.read<string[]>("briefs_posted", stringList, []);
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
  return { brief, summarized: await flushHeldAlerts(ctx), triage };
}

/**
 * L5 scheduled triage at the person's times (Policies, in the Settings time zone): once per slot,
 * open suggestions of L5 cohorts get the reversible action nothing took yet (they came while
 * paused or travelling, or before the level was raised) and a Gmail draft from the cohort's
 * template, each through the action gate and under one run id per slot, so Activity can undo
 * the whole run. Killed, paused, turned off or travelling: the slot waits (within its grace).
 *
 * @example await scheduledTriage(ctx) // { slot: "08:00", acted: 3, drafted: 2 } | null when no slot is due
 */
export async function scheduledTriage(
  ctx: AgentCtx,
  max = 200,
): Promise<{ slot: string; acted: number; drafted: number } | null> {
  const policies = await ctx.stores.settings.policies();
  const cohorts = scheduledCohorts(policies);
  if (cohorts.length === 0) return null;
  const [settings, control] = [await ctx.stores.settings.settings(), await ctx.stores.settings.control()];
  const now = ctx.clock.now();
  const done = await ctx.stores.settings.read<string[]>("triage_runs", stringList, []);
  const due = dueTriage({ now, timeZone: settings.timezone, times: policies.triageTimes, done });
  if (!due) return null;
  if (control.killed || control.paused || !settings.assistantEnabled || travelActive(control, now))
    return null;
  await ctx.stores.settings.write("triage_runs", [...done.slice(-40), due.key]);
  const runId = triageRunId(due.key);
  let acted = 0;
  let drafted = 0;
  for (const cohort of cohorts) {
    const page = await ctx.stores.suggestions.list({ status: "new", cohort, limit: max });
    for (const s of page.items) {
      const actions = await ctx.stores.ledger.actionsFor(s.id);
      const work = scheduledWork({ input: { suggestion: s, policies, control, now, actions } });
      if (work.template && (await templateDraft(ctx, s, work.template, runId).catch(logSkip(ctx, s.id))))
        drafted++;
      if (work.action && (await assistOnArrival(ctx, s, runId))) acted++;
    }
  }
  return { slot: due.slot, acted, drafted };
}

const stringList = {
  safeParse: (v: unknown) => ({ success: Array.isArray(v), data: v as string[] }),
};

/** A template that fails for one message (a render cap) skips that message, logged without content. */
function logSkip(ctx: AgentCtx, id: string) {
  return (e: unknown) => {
    ctx.logger.log("warn", "triage.draft_skipped", {
      proposalId: id,
      code: e instanceof CoreError ? e.code : "error",
    });
    return null;
  };
}
