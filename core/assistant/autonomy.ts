import type {
  AutonomyLevel,
  ControlState,
  GateDecision,
  MailboxAction,
  SuggestionSource,
} from "../protocol/local-api.ts";
import { type Switches, stoppedReason, travelActive } from "./control.ts";

/** Actions the assistant may take by itself at L4+ (each has an exact reversal). */
export const AUTO_ACTIONS: ReadonlySet<MailboxAction> = new Set(["label", "archive", "snooze", "mark_read"]);

/** Always asked, at every level, whoever starts them. */
export const IRREVERSIBLE_ACTIONS: ReadonlySet<MailboxAction> = new Set([
  "send",
  "delete_permanent",
  "unsubscribe",
  "block",
]);

export const LEVEL_NAMES = [
  "silent",
  "query",
  "suggest",
  "batch-suggest",
  "act with undo",
  "scheduled + templates",
];

export interface GateInput {
  action: MailboxAction;
  source: SuggestionSource;
  level: AutonomyLevel;
  /** Stage-2 (or stage-1) confidence of the classification the action rests on. */
  confidence: number;
  lowConfidenceThreshold: number;
  /** `person` = an explicit click; `assistant` = proactive. */
  initiator: "person" | "assistant";
  /** The person already confirmed this action. */
  confirmed: boolean;
  /** L5 replies: the id of a user-authored template, checked against `templateIds`. */
  templateId?: string;
  templateIds?: string[];
  now: number;
}

/**
 * The level that really applies: a low confidence drops one level, travel mode caps it at L2.
 * The action gate and what a suggestion shows (`surface.ts`) both start from this.
 *
 * @example effectiveLevel({ level: 4, confidence: 0.3, lowConfidenceThreshold: 0.6, control, now })
 *   // { level: 3, reasons: ["low confidence (0.30) drops one level"] }
 */
export function effectiveLevel(input: {
  level: AutonomyLevel;
  confidence: number;
  lowConfidenceThreshold: number;
  control: ControlState;
  now: number;
}): { level: AutonomyLevel; reasons: string[] } {
  const reasons: string[] = [];
  let level = input.level;
  if (input.confidence < input.lowConfidenceThreshold && level > 0) {
    level -= 1;
    reasons.push(`low confidence (${input.confidence.toFixed(2)}) drops one level`);
  }
  if (travelActive(input.control, input.now) && level > 2) {
    level = 2;
    reasons.push("travel mode: no proactive actions above L2");
  }
  return { level, reasons };
}

/**
 * Decides whether an action may run. Levels gate actions, never understanding: a low confidence
 * drops one level, travel mode caps proactive work at L2, irreversible actions always ask.
 *
 * @example gateAction({ input: { action: "archive", level: 4, confidence: 0.9, initiator: "assistant", ... }, switches })
 *   // { allowed: true, mode: "act", effectiveLevel: 4, reasons: [...] }
 */
export function gateAction(args: { input: GateInput; switches: Switches }): GateDecision {
  const { input, switches } = args;
  const stopped = stoppedReason(switches, input.source);
  if (stopped) return { allowed: false, mode: "blocked", effectiveLevel: 0, reasons: [stopped] };

  const { level, reasons } = effectiveLevel({ ...input, control: switches.control });
  const irreversible = IRREVERSIBLE_ACTIONS.has(input.action);

  if (input.initiator === "person") {
    if (irreversible && !input.confirmed)
      return {
        allowed: false,
        mode: "ask",
        effectiveLevel: level,
        reasons: [...reasons, `${input.action} is irreversible: confirm first`],
      };
    return { allowed: true, mode: "act", effectiveLevel: level, reasons: [...reasons, "you asked for it"] };
  }

  if (irreversible)
    return {
      allowed: false,
      mode: "ask",
      effectiveLevel: level,
      reasons: [...reasons, `${input.action} is irreversible: always asks`],
    };
  if (level === 0)
    return { allowed: false, mode: "silent", effectiveLevel: 0, reasons: [...reasons, "L0: silent"] };
  if (level === 1)
    return {
      allowed: false,
      mode: "query",
      effectiveLevel: 1,
      reasons: [...reasons, "L1: answers only when asked"],
    };
  if (level === 2)
    return { allowed: false, mode: "suggest", effectiveLevel: 2, reasons: [...reasons, "L2: suggests"] };
  if (level === 3)
    return {
      allowed: false,
      mode: "batch_suggest",
      effectiveLevel: 3,
      reasons: [...reasons, "L3: suggests in batches"],
    };
  if (AUTO_ACTIONS.has(input.action))
    return {
      allowed: true,
      mode: "act",
      effectiveLevel: level,
      reasons: [...reasons, `L${level}: acts, with undo`],
    };
  if (
    level === 5 &&
    input.action === "draft_reply" &&
    input.templateId &&
    input.templateIds?.includes(input.templateId)
  )
    return {
      allowed: true,
      mode: "act",
      effectiveLevel: 5,
      reasons: [...reasons, "L5: reply from your own template, kept as a draft"],
    };
  return {
    allowed: false,
    mode: "ask",
    effectiveLevel: level,
    reasons: [...reasons, `${input.action} is not an automatic action: asks`],
  };
}
