import type { SparseRow } from "./features/featurize.ts";
import { STAGE2_NAMED } from "./features/stage2-features.ts";
import { SPEECH_ACTS } from "./labels.ts";
import type { ModelOutputs } from "./model-runner.ts";

/**
 * Rules kept where they are right, over the heads' outputs: a rule sets one head's label for the
 * mail it covers, and `select-stage2.ts` keeps it only when the combination (heads, then rule)
 * scores higher out of fold than the heads alone. They read the row's named slots, so every
 * runtime and every caller of `stage2Outputs` (triage, corrections, the eval's replay) agrees.
 *
 * - `calendar` (the label guide's speech-act rule 3): a calendar part that cancels an event or
 *   updates one (`METHOD:CANCEL`, or `SEQUENCE` ≥ 1) is `amend`; a first invitation
 *   (`METHOD:REQUEST`) is `meet`.
 */
export const STAGE2_RULE_NAMES = ["calendar"] as const;
export type Stage2Rule = (typeof STAGE2_RULE_NAMES)[number];

/**
 * The probability a rule gives its label; the rest is the heads' own distribution scaled to
 * 1 − RULE_P, so the person's corrections (`personal.ts`, on log-probabilities) can still
 * overturn it.
 */
export const RULE_P = 0.9;

export interface RuleLabel {
  head: "speech_act";
  /** Index into the head's labels. */
  label: number;
  rule: Stage2Rule;
  words: string;
}

const slotCol = (bits: number, name: string) => {
  const i = STAGE2_NAMED.findIndex((f) => f.name === name);
  if (i < 0) throw new Error(`stage2-rules: no named slot ${name}`);
  return (1 << bits) + i;
};
const MEET = SPEECH_ACTS.indexOf("meet");
const AMEND = SPEECH_ACTS.indexOf("amend");

function has(row: SparseRow, col: number): boolean {
  // Indices are sorted ascending (toRow), and named slots sit after the hashed block: scan back.
  for (let k = row.indices.length - 1; k >= 0; k--) {
    const i = row.indices[k]!;
    if (i === col) return row.values[k] !== 0;
    if (i < col) return false;
  }
  return false;
}

/**
 * The label the enabled rules set for this row, if any.
 *
 * @example
 * ruleLabel(["calendar"], row, 13) // { head: "speech_act", label: 4, rule: "calendar", words: "it is a calendar invitation" }
 */
export function ruleLabel(rules: readonly Stage2Rule[], row: SparseRow, bits: number): RuleLabel | undefined {
  if (!rules.includes("calendar")) return undefined;
  if (has(row, slotCol(bits, "calendar_change")))
    return {
      head: "speech_act",
      label: AMEND,
      rule: "calendar",
      words: "it updates or cancels a calendar event",
    };
  if (has(row, slotCol(bits, "s2:calendar_request")))
    return { head: "speech_act", label: MEET, rule: "calendar", words: "it is a calendar invitation" };
  return undefined;
}

/** The heads' outputs with the enabled rules applied (a new object; `out` is not changed). */
export function applyRules(
  rules: readonly Stage2Rule[],
  out: ModelOutputs,
  rows: readonly SparseRow[],
  bits: number,
): ModelOutputs {
  if (rules.length === 0) return out;
  let next: ModelOutputs | undefined;
  rows.forEach((row, r) => {
    const hit = ruleLabel(rules, row, bits);
    if (!hit) return;
    next ??= { ...out, [hit.head]: Float32Array.from(out[hit.head]!) };
    const w = SPEECH_ACTS.length;
    setRuleLabel(next[hit.head]!.subarray(r * w, (r + 1) * w), hit.label);
  });
  return next ?? out;
}

/** Puts RULE_P on `label` and scales the others to share the rest, in place. */
export function setRuleLabel(p: Float32Array | Float64Array, label: number): void {
  let rest = 0;
  for (let k = 0; k < p.length; k++) if (k !== label) rest += p[k]!;
  for (let k = 0; k < p.length; k++)
    p[k] = k === label ? RULE_P : rest > 0 ? (p[k]! / rest) * (1 - RULE_P) : (1 - RULE_P) / (p.length - 1);
}
