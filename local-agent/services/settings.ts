import { assertLocalLlmUrl } from "@scouts/core/assistant/llm-chat";
import { applyPoliciesPatch } from "@scouts/core/assistant/policies";
import { assertPolicies } from "@scouts/core/assistant/policies-check";
import { isSlackWebhookUrl } from "@scouts/core/assistant/slack-post";
import { CoreError } from "@scouts/core/errors";
import type { Policies, PoliciesPatch, Settings, SettingsPatch } from "@scouts/core/protocol/local-api";
import type { AgentCtx } from "./context.ts";
import { getStatus } from "./control.ts";

/** Settings as shown to the PWA: the Slack webhook's secret path is masked. */
export async function getSettings(ctx: AgentCtx): Promise<Settings> {
  const s = await ctx.stores.settings.settings();
  return {
    ...s,
    slackWebhookUrl: s.slackWebhookUrl
      ? s.slackWebhookUrl.replace(/(services\/[^/]+\/[^/]+\/).+$/, "$1••••")
      : null,
  };
}

/** Applies a settings change at once (toggles take effect on the next gate check). */
export async function patchSettings(ctx: AgentCtx, patch: SettingsPatch): Promise<Settings> {
  const current = await ctx.stores.settings.settings();
  const { llmApiKey, providers, ...rest } = patch;
  if (rest.slackWebhookUrl && !isSlackWebhookUrl(rest.slackWebhookUrl))
    throw new CoreError("bad_input", "slackWebhookUrl must be https://hooks.slack.com/services/…");
  if (rest.llmBaseUrl) assertLocalLlmUrl(rest.llmBaseUrl);
  const next: Settings = { ...current, ...rest, providers: { ...current.providers, ...(providers ?? {}) } };
  await ctx.stores.settings.saveSettings(next);
  if (llmApiKey !== undefined) await ctx.stores.settings.write("llm_api_key", llmApiKey);
  ctx.bus.emit({ type: "status.changed", status: await getStatus(ctx) });
  return getSettings(ctx);
}

/**
 * Changes policies: levels and cohort templates merge, templates and triage times replace; the
 * result is checked as a whole (templates in the sandbox, names, cohort templates, times) and
 * refused with every problem named, leaving the stored policies as they were.
 */
export async function patchPolicies(ctx: AgentCtx, patch: PoliciesPatch): Promise<Policies> {
  const next = assertPolicies(applyPoliciesPatch(await ctx.stores.settings.policies(), patch));
  await ctx.stores.settings.savePolicies(next);
  return next;
}
