import type { Proposal, ProposedAction, Suggestion } from "../protocol/local-api.ts";
import { zonedTime } from "./brief-schedule.ts";
import { isNoReplySender } from "./sender.ts";
import { SNOOZE_MORNING, snoozeText } from "./snooze-choices.ts";

const DAY = 86_400_000;
const ASKS = new Set(["request", "propose", "meet", "amend"]);
const BULK = new Set(["newsletter", "promotion"]);

export type ProposalContext = {
  now: number;
  timeZone: string;
  /** A local language model is configured, so Approve can write a reply draft. */
  drafts: boolean;
};

type Proposable = Pick<
  Suggestion,
  "verdict" | "bucket" | "speechAct" | "contentCategory" | "cohort" | "source" | "from" | "entities"
>;

/** The first date stage 2 found that falls on a later day than today (ISO value), if any. */
function laterDate(s: Proposable, now: number): number | null {
  for (const e of s.entities) {
    if (e.kind !== "datetime" || !e.value) continue;
    const t = Date.parse(e.value);
    if (Number.isFinite(t) && t > now + DAY / 2 && t < now + 365 * DAY) return t;
  }
  return null;
}

/**
 * The one action Approve takes on a suggestion, and why, from what stage 1 and stage 2 found:
 * spam and low priority are archived (a low-priority mailing list is left instead), receipts are
 * labelled, information about a later day is snoozed until that morning, a question or request
 * gets a reply draft (a task when no local model can write one or nobody reads replies), anything
 * else to do becomes a task. Nothing the message says can choose an action.
 *
 * @example proposalFor(s, { now, timeZone: "UTC", drafts: false }) // { action: { kind: "archive" }, why: "Low priority: nothing for you to do" }
 */
export function proposalFor(s: Proposable, ctx: ProposalContext): Proposal {
  const archive: ProposedAction = { kind: "archive" };
  if (s.verdict === "spam") return { action: archive, why: "Set aside as spam" };
  if (s.contentCategory === "receipt")
    return { action: { kind: "label", label: "Receipts" }, why: "A receipt: filed under Receipts" };
  if (s.bucket === "low_priority") {
    const list = s.cohort === "newsletters" || BULK.has(s.contentCategory ?? "");
    if (list && s.source === "gmail")
      return { action: { kind: "unsubscribe" }, why: "Low-priority mailing list: leave it (asks first)" };
    return { action: archive, why: "Low priority: nothing for you to do" };
  }
  if (s.bucket === "informational") {
    const later = laterDate(s, ctx.now);
    if (later) {
      const day = new Date(later).toISOString().slice(0, 10);
      const until = zonedTime(day, SNOOZE_MORNING, ctx.timeZone);
      if (until > ctx.now)
        return {
          action: { kind: "snooze", until },
          why: `About a later day: back in your inbox ${snoozeText(until, ctx.timeZone)}`,
        };
    }
    return { action: archive, why: "For your information: nothing to answer" };
  }
  const asks = s.speechAct !== null && ASKS.has(s.speechAct);
  if (asks && !isNoReplySender(s.from) && s.source === "gmail") {
    if (ctx.drafts)
      return { action: { kind: "draft_reply" }, why: "Asks you something: a reply draft, never sent" };
    return { action: { kind: "task" }, why: "Asks you something: a task to answer it" };
  }
  return {
    action: { kind: "task" },
    why: s.bucket ? "Something for you to do: a task" : "Not sorted yet: a task",
  };
}

/**
 * The action in words, for the card's Approve button and Activity.
 *
 * @example actionText({ kind: "label", label: "Receipts" }, "UTC") // "Label “Receipts”"
 */
export function actionText(a: ProposedAction, timeZone: string): string {
  switch (a.kind) {
    case "archive":
      return "Archive";
    case "label":
      return `Label “${a.label}”`;
    case "snooze":
      return `Snooze until ${snoozeText(a.until, timeZone)}`;
    case "draft_reply":
      return "Draft a reply";
    case "unsubscribe":
      return "Unsubscribe";
    case "task":
      return "Make a task";
    case "move":
      return `Move to “${a.folder}”`;
  }
}

/** Suggestions with their `proposal` filled in, for list answers. */
export function withProposal(items: readonly Suggestion[], ctx: ProposalContext): Suggestion[] {
  return items.map((s) => ({ ...s, proposal: proposalFor(s, ctx) }));
}
