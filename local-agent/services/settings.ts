import { readdir, stat } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { assertLocalLlmUrl } from "@scouts/core/assistant/llm-chat";
import { applyPoliciesPatch } from "@scouts/core/assistant/policies";
import { assertPolicies } from "@scouts/core/assistant/policies-check";
import { isSlackWebhookUrl } from "@scouts/core/assistant/slack-post";
import { CoreError } from "@scouts/core/errors";
import type { Policies, PoliciesPatch, Settings, SettingsPatch } from "@scouts/core/protocol/local-api";
import type { AgentCtx } from "./context.ts";
import { getStatus } from "./control.ts";
import { lastSlackError, SLACK_LAST_ERROR_KEY } from "./slack-out.ts";

/** Settings as shown to the PWA: the Slack webhook's secret path is masked. */
export async function getSettings(ctx: AgentCtx): Promise<Settings> {
  const s = await ctx.stores.settings.settings();
  return {
    ...s,
    slackLastError: await lastSlackError(ctx),
    slackWebhookUrl: s.slackWebhookUrl
      ? s.slackWebhookUrl.replace(/(services\/[^/]+\/[^/]+\/).+$/, "$1••••")
      : null,
  };
}

/**
 * Applies a settings change at once (toggles take effect on the next gate check, local scouts on
 * their next tick). Paths are checked on this machine; every problem is reported with its field.
 */
export async function patchSettings(ctx: AgentCtx, patch: SettingsPatch): Promise<Settings> {
  const current = await ctx.stores.settings.settings();
  const { llmApiKey, providers, ...rest } = patch;
  if (rest.slackWebhookUrl && !isSlackWebhookUrl(rest.slackWebhookUrl))
    throw new CoreError("bad_input", "slackWebhookUrl must be https://hooks.slack.com/services/…");
  if (rest.llmBaseUrl) assertLocalLlmUrl(rest.llmBaseUrl);
  if (rest.watchedDirectory) rest.watchedDirectory = expandHome(rest.watchedDirectory);
  if (rest.localMailbox) rest.localMailbox = expandHome(rest.localMailbox);
  const next: Settings = { ...current, ...rest, providers: { ...current.providers, ...(providers ?? {}) } };
  // A changed destination starts clean: the last failure was about the old one.
  const retargeted =
    (rest.slackDestination !== undefined && rest.slackDestination !== current.slackDestination) ||
    (rest.slackChannel !== undefined && rest.slackChannel !== current.slackChannel) ||
    (rest.slackWebhookUrl !== undefined && rest.slackWebhookUrl !== current.slackWebhookUrl);
  const issues = await localPathIssues(patch, next);
  if (issues.length > 0)
    throw new CoreError(
      "bad_input",
      `invalid settings: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`,
      { details: { issues } },
    );
  if (next.slackDestination === "channel" && !next.slackChannel)
    throw new CoreError("bad_input", "invalid settings: slackChannel: pick a channel from your workspaces", {
      details: { issues: [{ path: "slackChannel", message: "pick a channel from your workspaces" }] },
    });
  await ctx.stores.settings.saveSettings({ ...next, slackLastError: null });
  if (retargeted) await ctx.stores.settings.write(SLACK_LAST_ERROR_KEY, "");
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

const expandHome = (p: string) => (p.startsWith("~/") ? path.join(homedir(), p.slice(2)) : p);

type Issue = { path: string; message: string };

/** What is wrong with the local paths this patch sets, checked against the file system. */
async function localPathIssues(patch: SettingsPatch, next: Settings): Promise<Issue[]> {
  const issues: Issue[] = [];
  const kind = async (p: string) => {
    const info = await stat(p).catch((e: NodeJS.ErrnoException) => e.code ?? "error");
    return typeof info === "string" ? info : info.isDirectory() ? "dir" : info.isFile() ? "file" : "other";
  };
  const unreadable = (k: string) =>
    k === "EACCES" || k === "EPERM" ? "the agent may not read it (permission denied)" : "nothing is there";
  if (patch.watchedDirectory && next.watchedDirectory) {
    const k = await kind(next.watchedDirectory);
    if (k !== "dir")
      issues.push({
        path: "watchedDirectory",
        message: k === "file" || k === "other" ? "this is a file, not a folder" : unreadable(k),
      });
    else if (
      !(await readdir(next.watchedDirectory).then(
        () => true,
        () => false,
      ))
    )
      issues.push({ path: "watchedDirectory", message: "the agent may not read this folder" });
  }
  const mailboxChanged = patch.localMailbox !== undefined || patch.localMailboxFormat !== undefined;
  if (mailboxChanged && next.localMailbox) {
    if (!next.localMailboxFormat)
      issues.push({ path: "localMailboxFormat", message: "choose mbox or Maildir" });
    const k = await kind(next.localMailbox);
    if (next.localMailboxFormat === "mbox" && k !== "file")
      issues.push({
        path: "localMailbox",
        message: k === "dir" ? "this is a folder: choose Maildir, or point at the mbox file" : unreadable(k),
      });
    if (next.localMailboxFormat === "maildir") {
      if (k !== "dir")
        issues.push({
          path: "localMailbox",
          message:
            k === "file" ? "this is a file: choose mbox, or point at the Maildir folder" : unreadable(k),
        });
      else if (!(await hasMaildirParts(next.localMailbox)))
        issues.push({ path: "localMailbox", message: "not a Maildir: it has no cur/ or new/ folder" });
    }
  }
  return issues;
}

async function hasMaildirParts(dir: string): Promise<boolean> {
  for (const sub of ["cur", "new"])
    if ((await stat(path.join(dir, sub)).catch(() => null))?.isDirectory()) return true;
  return false;
}
