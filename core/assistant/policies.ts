import {
  Cohort,
  type LevelPreview,
  MailboxAction,
  Policies,
  type PoliciesPatch,
} from "../protocol/local-api.ts";
import { gateAction, IRREVERSIBLE_ACTIONS, LEVEL_NAMES } from "./autonomy.ts";
import { initialControl } from "./control.ts";
import { ASSISTANT_ACTIONS } from "./scheduled-triage.ts";

/** What the assistant's own actions are taken on (`proposedAction`), for the preview. */
const ACTION_SCOPE: Partial<Record<string, string>> = {
  archive: "low-priority mail, ",
  mark_read: "bulk informational mail (newsletters, social, transactional), ",
};

/** Conservative defaults: cards everywhere, batch approve for the bulk cohorts, nothing done alone. */
export const defaultPolicies: Policies = {
  version: 2,
  levels: {
    newsletters: 3,
    transactional: 3,
    social: 3,
    vips: 2,
    first_contact: 2,
    cross_org: 2,
    intra_org: 2,
    default: 2,
  },
  lowConfidenceThreshold: 0.6,
  rules: [],
  templates: [],
  cohortTemplates: {},
  triageTimes: ["08:00", "17:00"],
};

/**
 * Stored policies as they apply now. Before version 2, L0 and L1 showed cards like L2 (only the
 * action gate differed), so stored L0/L1 levels become L2 once: the person keeps seeing what
 * they saw. A value that does not parse falls back to the defaults.
 *
 * @example parseStoredPolicies({ levels: { vips: 1, ... }, ... }).levels.vips // 2
 */
export function parseStoredPolicies(raw: unknown): Policies {
  const parsed = Policies.safeParse(raw);
  if (!parsed.success) return defaultPolicies;
  const p = parsed.data;
  if (p.version >= 2) return p;
  const levels = { ...p.levels };
  for (const c of Cohort.options) if ((levels[c] ?? 2) < 2) levels[c] = 2;
  return { ...p, version: 2, levels };
}

/**
 * Policies after a patch: levels and cohort templates merge (a null template clears it), the
 * other fields replace. Validate the result with `checkPolicies` before saving it.
 *
 * @example applyPoliciesPatch(current, { levels: { vips: 3 }, cohortTemplates: { vips: null } })
 */
export function applyPoliciesPatch(current: Policies, patch: PoliciesPatch): Policies {
  const levels = { ...current.levels };
  for (const [c, l] of Object.entries(patch.levels ?? {})) if (l !== undefined) levels[c as Cohort] = l;
  const cohortTemplates = { ...current.cohortTemplates };
  for (const [c, id] of Object.entries(patch.cohortTemplates ?? {})) {
    if (id === null || id === undefined || id === "") delete cohortTemplates[c as Cohort];
    else cohortTemplates[c as Cohort] = id;
  }
  return {
    ...current,
    version: 2,
    levels,
    cohortTemplates,
    ...(patch.lowConfidenceThreshold !== undefined
      ? { lowConfidenceThreshold: patch.lowConfidenceThreshold }
      : {}),
    ...(patch.rules ? { rules: patch.rules } : {}),
    ...(patch.templates ? { templates: patch.templates } : {}),
    ...(patch.triageTimes ? { triageTimes: [...patch.triageTimes].sort() } : {}),
  };
}

const summaries = [
  "Keeps and sorts this mail; you find it by searching. No cards, alerts or brief lines.",
  "Answers when you ask (Ask, search), nothing proactive: no cards, alerts or brief lines.",
  "Shows a card for each message with one suggested action; you decide.",
  "Cards, plus batch approve for the whole cohort.",
  "Labels, archives, snoozes and marks read by itself; each action is in Activity with its undo.",
  "Everything L4 does, plus triage at the times you set and reply drafts from your own templates (never sent).",
];

const listTimes = (times: readonly string[]) =>
  times.length <= 1 ? (times[0] ?? "no time set") : `${times.slice(0, -1).join(", ")} and ${times.at(-1)}`;

function shows(level: number): LevelPreview["shows"] {
  return [
    { what: "card", shown: level >= 2, detail: "a card in Suggestions" },
    { what: "batch", shown: level >= 3, detail: "batch approve with the rest of the cohort" },
    { what: "alert", shown: level >= 2, detail: "a Slack alert when urgent" },
    { what: "brief", shown: level >= 2, detail: "a line in the morning and evening brief" },
    { what: "ask", shown: level >= 1, detail: "Ask's overviews: what's urgent, summaries" },
    { what: "search", shown: true, detail: "search, and Ask about a sender or topic" },
  ];
}

/**
 * What a level shows and does for a cohort, with the person's real templates and triage times,
 * for the Policies screen's live preview. Without a context it describes the defaults.
 *
 * @example previewLevel(5, { cohort: "first_contact", policies, timeZone: "Europe/Paris" })
 *   .allows.find((a) => a.action === "draft_reply") // { mode: "act", detail: "drafts from “Thanks” at 08:00 and 17:00 …" }
 */
export function previewLevel(
  level: number,
  context: { cohort?: Cohort; policies?: Policies; timeZone?: string } = {},
): LevelPreview {
  const policies = context.policies ?? defaultPolicies;
  const timeZone = context.timeZone ?? "UTC";
  const switches = {
    control: initialControl,
    assistantEnabled: true,
    providers: {
      gmail: true,
      slack: true,
      demo: true,
      local_dir: true,
      local_mail: true,
      imap: true,
      jmap: true,
    },
  };
  const templateId = context.cohort ? policies.cohortTemplates[context.cohort] : undefined;
  const template = policies.templates.find((t) => t.id === templateId) ?? null;
  const when = `at ${listTimes([...policies.triageTimes].sort())} (${timeZone})`;
  const allows = MailboxAction.options.map((action) => {
    const mode = gateAction({
      input: {
        action,
        source: "gmail",
        level,
        confidence: 1,
        lowConfidenceThreshold: 0,
        initiator: "assistant",
        confirmed: false,
        ...(template ? { templateId: template.id } : {}),
        templateIds: policies.templates.map((t) => t.id),
        now: 0,
      },
      switches,
    }).mode;
    let detail: string | undefined;
    // The gate would allow it, but the assistant never chooses it by itself: say so.
    if (mode === "act" && action !== "draft_reply" && !ASSISTANT_ACTIONS.has(action))
      return { action, mode: "suggest" as const, detail: "never by itself: one tap on the card" };
    if (IRREVERSIBLE_ACTIONS.has(action)) detail = "always asks you first";
    else if (mode === "act" && action === "draft_reply")
      detail = `drafts a reply from “${template?.name}” ${when}; kept as a Gmail draft, never sent`;
    else if (mode === "act")
      detail =
        level >= 5
          ? `${ACTION_SCOPE[action] ?? ""}on arrival and at scheduled triage ${when}; undo in Activity`
          : `${ACTION_SCOPE[action] ?? ""}on arrival; undo in Activity`;
    else if (level === 5 && action === "draft_reply")
      detail = policies.templates.length
        ? "choose a reply template for this cohort to draft replies"
        : "write a reply template below, then choose it for this cohort";
    return { action, mode, ...(detail ? { detail } : {}) };
  });
  return {
    level,
    name: `L${level} ${LEVEL_NAMES[level]}`,
    summary: summaries[level] ?? "",
    shows: shows(level),
    allows,
    schedule: level >= 5 ? { times: [...policies.triageTimes].sort(), timeZone } : null,
    template: template ? { id: template.id, name: template.name } : null,
  };
}

export const cohorts = Cohort.options;
