import type {
  Cohort,
  ControlState,
  MailboxAction,
  Policies,
  ReplyTemplate,
  Suggestion,
} from "../protocol/local-api.ts";
import { localClock } from "./brief-schedule.ts";
import { isNoReplySender } from "./sender.ts";
import { surfaceFor } from "./surface.ts";

/** Every action `proposedAction` can return: what the assistant really does by itself (L4+). */
export const ASSISTANT_ACTIONS: ReadonlySet<MailboxAction> = new Set(["archive", "mark_read"]);

/**
 * The one reversible action the assistant would take on a suggestion by itself, if any: archive
 * low priority mail, mark bulk informational mail read. Whether it may is the gate's call.
 *
 * @example proposedAction({ verdict: "relevant", bucket: "low_priority", cohort: "default" }) // "archive"
 */
export function proposedAction(s: Pick<Suggestion, "verdict" | "bucket" | "cohort">): MailboxAction | null {
  if (s.verdict === "spam") return null;
  if (s.bucket === "low_priority") return "archive";
  if (s.bucket === "informational" && ["newsletters", "social", "transactional"].includes(s.cohort))
    return "mark_read";
  return null;
}

/** A slot that passed more than this long ago is skipped (the agent was off): no surprise sweeps. */
export const TRIAGE_GRACE_MS = 2 * 3_600_000;

/**
 * The scheduled-triage slot due now, if any: the latest of the person's times that passed today
 * (in their zone) within the grace window and has not run. A late tick runs it once; an early
 * one never does; a slot missed by more than the grace waits for the next one.
 *
 * @example dueTriage({ now, timeZone: "Europe/Paris", times: ["08:00", "17:00"], done: [] }) // { slot: "08:00", key: "2026-11-20@08:00" } | null
 */
export function dueTriage(input: {
  now: number;
  timeZone: string;
  times: readonly string[];
  /** Keys of slots already run, `${day}@${HH:MM}`. */
  done: readonly string[];
}): { slot: string; key: string } | null {
  const { day, hhmm } = localClock(input.now, input.timeZone);
  const slot = [...input.times]
    .sort()
    .filter((t) => t <= hhmm)
    .at(-1);
  if (!slot) return null;
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  if ((minutes(hhmm) - minutes(slot)) * 60_000 > TRIAGE_GRACE_MS) return null;
  const key = `${day}@${slot}`;
  return input.done.includes(key) ? null : { slot, key };
}

/** Cohorts the person set to L5: the only ones scheduled triage looks at. */
export function scheduledCohorts(policies: Pick<Policies, "levels">): Cohort[] {
  return (Object.keys(policies.levels) as Cohort[]).filter((c) => policies.levels[c] === 5);
}

/**
 * What scheduled triage does for one open suggestion of an L5 cohort: its reversible action
 * (when nothing acted on it yet: it came while paused or travelling, or before the level was
 * raised) and a draft from the cohort's template (a Gmail item that wants a reply and has no draft
 * yet). Each still goes through the action gate when it runs.
 *
 * @example scheduledWork({ input: { suggestion, policies, control, now, actions: [] } })
 *   // { action: "archive", template: null, skipped: ["low priority: no reply drafted"] }
 */
export function scheduledWork(args: {
  input: {
    suggestion: Suggestion;
    policies: Policies;
    control: ControlState;
    now: number;
    /** The actions its ledger entries record (undone ones included; undo entries left out). */
    actions: readonly string[];
  };
}): { action: MailboxAction | null; template: ReplyTemplate | null; skipped: string[] } {
  const { suggestion: s, policies, control, now } = args.input;
  const history = {
    acted: args.input.actions.some((a) => a !== "draft_reply"),
    drafted: args.input.actions.includes("draft_reply"),
  };
  const surface = surfaceFor({ input: { suggestion: s, policies, control, now } });
  if (!surface.scheduled || s.status !== "new")
    return { action: null, template: null, skipped: [`effective level L${surface.level} or not new`] };
  const action = history.acted ? null : proposedAction(s);
  const id = policies.cohortTemplates[s.cohort];
  const template = policies.templates.find((t) => t.id === id) ?? null;
  const refusal = !template
    ? "no reply template for this cohort"
    : history.drafted || s.draftId
      ? "a reply was drafted before (undoing it means no)"
      : s.source !== "gmail"
        ? "drafts are Gmail only"
        : s.verdict === "spam"
          ? "spam"
          : s.bucket === "low_priority"
            ? "low priority: no reply drafted"
            : isNoReplySender(s.from)
              ? "the sender does not take replies"
              : null;
  return { action, template: refusal ? null : template, skipped: refusal ? [refusal] : [] };
}

/** The run id scheduled triage records its ledger entries under (undo the whole run in Activity). */
export function triageRunId(key: string): string {
  return `scheduled-${key}`;
}
