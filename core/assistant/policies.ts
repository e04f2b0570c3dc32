import { Cohort, type LevelPreview, MailboxAction, type Policies } from "../protocol/local-api.ts";
import { gateAction, LEVEL_NAMES } from "./autonomy.ts";
import { initialControl } from "./control.ts";

/** Conservative defaults: suggest everywhere, batch-suggest the bulk cohorts, VIPs only on request. */
export const defaultPolicies: Policies = {
  levels: {
    newsletters: 3,
    transactional: 3,
    social: 3,
    vips: 1,
    first_contact: 2,
    cross_org: 2,
    intra_org: 2,
    default: 2,
  },
  lowConfidenceThreshold: 0.6,
  rules: [],
  templates: [],
};

const summaries = [
  "Never shows or does anything by itself.",
  "Answers when you ask (Ask, search), nothing proactive.",
  "Suggests one action per message; you decide.",
  "Groups similar messages so you can approve them together.",
  "Labels, archives, snoozes and marks read by itself; every action can be undone.",
  "Runs triage on a schedule and prepares replies only from your own templates.",
];

/**
 * What a level allows for each action, for the Policies screen's live preview.
 *
 * @example previewLevel(4).allows.find((a) => a.action === "archive")?.mode // "act"
 */
export function previewLevel(level: number): LevelPreview {
  const switches = {
    control: initialControl,
    assistantEnabled: true,
    providers: { gmail: true, slack: true, demo: true, local_dir: true, local_mail: true },
  };
  const allows = MailboxAction.options.map((action) => ({
    action,
    mode: gateAction({
      input: {
        action,
        source: "gmail",
        level,
        confidence: 1,
        lowConfidenceThreshold: 0,
        initiator: "assistant",
        confirmed: false,
        templateId: "t",
        templateIds: ["t"],
        now: 0,
      },
      switches,
    }).mode,
  }));
  return { level, name: `L${level} ${LEVEL_NAMES[level]}`, summary: summaries[level] ?? "", allows };
}

export const cohorts = Cohort.options;
