import { answerQuestion } from "@scouts/core/assistant/ask";
import { composeBrief } from "@scouts/core/assistant/brief";
import { briefWindow } from "@scouts/core/assistant/brief-schedule";
import { chatCompletion, isLoopbackUrl, phraseAnswer } from "@scouts/core/assistant/llm-chat";
import { withProposal } from "@scouts/core/assistant/proposal";
import { searchFilter } from "@scouts/core/assistant/search-query";
import { alertBlocks, alertSummaryBlocks, briefBlocks } from "@scouts/core/assistant/slack-blocks";
import { cardCohorts, showsCard, withSurface } from "@scouts/core/assistant/surface";
import { CoreError } from "@scouts/core/errors";
import type {
  AskResponse,
  Brief,
  BriefPeriod,
  Suggestion,
  SuggestionQuery,
} from "@scouts/core/protocol/local-api";
import { switches } from "./actions.ts";
import type { AgentCtx } from "./context.ts";
import { sendToSlack, slackTarget } from "./slack-out.ts";

/** Adds each suggestion's `surface` and `proposal` as they are now (computed, never stored). */
export async function shownAsListed(ctx: AgentCtx): Promise<(items: Suggestion[]) => Suggestion[]> {
  const surfaced = {
    policies: await ctx.stores.settings.policies(),
    control: await ctx.stores.settings.control(),
    now: ctx.clock.now(),
  };
  const settings = await ctx.stores.settings.settings();
  return (items) =>
    withProposal(withSurface(items, surfaced), {
      now: surfaced.now,
      timeZone: settings.timezone,
      drafts: settings.llmBaseUrl !== null || ctx.envLlm !== null,
    });
}

/**
 * Lists suggestions, each with its `surface` (what its cohort's level shows and allows). With
 * `view: "cards"` only cohorts at L2+ are listed (the Suggestions screen); without it everything,
 * L0 and L1 included (search, the CLI). With `q` the search runs over sender, subject, snippet,
 * why and entities.
 */
export async function listSuggestions(ctx: AgentCtx, q: SuggestionQuery) {
  const policies = await ctx.stores.settings.policies();
  const scope = q.view === "cards" ? { cohorts: cardCohorts(policies) } : {};
  const shown = await shownAsListed(ctx);
  if (!q.q) {
    const page = await ctx.stores.suggestions.list({ ...q, ...scope });
    return { ...page, items: shown(page.items) };
  }
  const all = (
    await ctx.stores.suggestions.list({ ...q, ...scope, q: undefined, cursor: undefined, limit: 100_000 })
  ).items;
  const settings = await ctx.stores.settings.settings();
  const hits = all.filter(searchFilter(q.q, { now: ctx.clock.now(), timeZone: settings.timezone }));
  const start = q.cursor ? Number(q.cursor) : 0;
  const items = shown(hits.slice(start, start + q.limit));
  return {
    items,
    total: hits.length,
    nextCursor: start + q.limit < hits.length ? String(start + q.limit) : null,
  };
}

/** When the last evening brief went to Slack (the morning brief starts there). */
export const LAST_EVENING_KEY = "brief_last_evening_at";
const epochMs = {
  safeParse: (v: unknown) => ({ success: typeof v === "number" && Number.isFinite(v), data: v as number }),
};

/**
 * The morning or evening brief: the evening covers the day, the morning everything since the
 * last evening brief (`briefWindow`); an explicit `since` overrides both.
 */
export async function brief(ctx: AgentCtx, period: BriefPeriod, since?: number): Promise<Brief> {
  const now = ctx.clock.now();
  const suggestions = await ctx.stores.suggestions.all();
  const settings = await ctx.stores.settings.settings();
  const window = briefWindow({
    period,
    now,
    timeZone: settings.timezone,
    evening: settings.briefEvening,
    lastEveningAt: await ctx.stores.settings.read<number | null>(LAST_EVENING_KEY, epochMs, null),
  });
  return composeBrief({
    input: {
      suggestions,
      policies: await ctx.stores.settings.policies(),
      period,
      since: since ?? window.since,
      now,
      projectsBlock: await projectsInPlay(ctx, now),
    },
  });
}

/** Top-5 file block for the projects that open tasks and upcoming events link to ("" if none). */
async function projectsInPlay(ctx: AgentCtx, now: number): Promise<string> {
  if (!ctx.projectBlocks) return "";
  const tasks = (await ctx.stores.entities.list("task")).filter((t) => !t.done);
  const events = (await ctx.stores.entities.list("event")).filter((e) => (e.end ?? e.start ?? now) >= now);
  const ids = [...tasks, ...events].flatMap((e) => (e.projectId ? [e.projectId] : []));
  return ids.length ? ctx.projectBlocks.topFive(ids) : "";
}

async function llmConfig(ctx: AgentCtx) {
  const s = await ctx.stores.settings.settings();
  if (s.llmBaseUrl)
    return {
      baseUrl: s.llmBaseUrl,
      model: s.llmModel ?? "local",
      apiKey: await ctx.stores.settings.llmApiKey(),
    };
  return ctx.envLlm;
}

/** One chat completion against the configured local OpenAI-compatible endpoint. */
export async function chat(ctx: AgentCtx, system: string, user: string): Promise<string> {
  const llm = await llmConfig(ctx);
  if (!llm)
    throw new CoreError("disabled", "no local language model is configured (Settings → language model)");
  return chatCompletion({ ctx, input: { llm, system, user } });
}

/**
 * Deterministic answer from local data; rephrased by the local LLM when one is configured. With
 * `projects` the model also sees their file manifests, so it can name the file that covers a topic.
 */
export async function ask(ctx: AgentCtx, question: string, projects?: string[]): Promise<AskResponse> {
  const answer = answerQuestion({
    input: {
      question,
      suggestions: await ctx.stores.suggestions.all(),
      policies: await ctx.stores.settings.policies(),
      now: ctx.clock.now(),
      timeZone: (await ctx.stores.settings.settings()).timezone,
      tasks: (await ctx.stores.entities.list("task")).filter((t) => !t.done),
    },
  });
  const llm = await llmConfig(ctx);
  if (!llm) return answer;
  // File summaries never leave the device: only a loopback model may see them.
  const files =
    projects?.length && ctx.projectBlocks && isLoopbackUrl(llm.baseUrl)
      ? await ctx.projectBlocks.forContext(projects)
      : "";
  return phraseAnswer({ ctx, input: { llm, question, answer, files } });
}

/** Posts the brief to the person's Slack destination (webhook from the device, or a channel via the cloud). */
export async function postBrief(
  ctx: AgentCtx,
  period: BriefPeriod,
): Promise<{ posted: boolean; message: string }> {
  const s = await ctx.stores.settings.settings();
  if (!slackTarget(s))
    return {
      posted: false,
      message: s.slackDestination === "channel" ? "no Slack channel picked" : "no Slack webhook configured",
    };
  const sw = await switches(ctx);
  if (sw.control.killed || !s.assistantEnabled) return { posted: false, message: "assistant is off" };
  const b = await brief(ctx, period);
  await sendToSlack(
    ctx,
    s,
    briefBlocks({ brief: b, redact: s.slackRedactBodies }),
    `brief:${period}:${b.since}:${slackTarget(s)}`,
  );
  if (period === "evening") await ctx.stores.settings.write(LAST_EVENING_KEY, ctx.clock.now());
  return { posted: true, message: "posted" };
}

/**
 * Urgent alert for a new suggestion: at most 5 an hour, the rest held for one summary. Only
 * cohorts that show cards (L2+) alert: L0 is silent and L1 answers only when asked.
 */
export async function maybeAlert(ctx: AgentCtx, s: Suggestion): Promise<void> {
  if (s.bucket !== "urgent" || !showsCard(s, await ctx.stores.settings.policies())) return;
  const settings = await ctx.stores.settings.settings();
  const sw = await switches(ctx);
  const target = slackTarget(settings);
  if (!target || !settings.slackAlerts || !settings.assistantEnabled || sw.control.paused) return;
  if (!ctx.limiter.admit(target)) {
    ctx.heldAlerts.push({ from: s.from, subject: s.subject });
    return;
  }
  await sendToSlack(
    ctx,
    settings,
    alertBlocks({ suggestion: s, redact: settings.slackRedactBodies }),
    `alert:${s.id}:${target}`,
  ).catch((e: unknown) =>
    ctx.logger.log("warn", "slack.alert_failed", { code: e instanceof CoreError ? e.code : "error" }),
  );
}

/** Sends one summary of the alerts held back by the hourly limit. */
export async function flushHeldAlerts(ctx: AgentCtx): Promise<number> {
  const settings = await ctx.stores.settings.settings();
  const target = slackTarget(settings);
  if (!target || ctx.heldAlerts.length === 0) return 0;
  if (!ctx.limiter.admit(`${target}#summary`)) return 0;
  const held = ctx.heldAlerts.splice(0);
  await sendToSlack(ctx, settings, alertSummaryBlocks(held), `alert-summary:${ctx.clock.now()}:${target}`);
  return held.length;
}
