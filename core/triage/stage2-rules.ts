import type { SparseRow } from "./features/featurize.ts";
import { STAGE2_NAMED } from "./features/stage2-features.ts";
import { BUCKETS, SPEECH_ACTS } from "./labels.ts";
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
 * - `invitation_bucket` (the guide's bucket table: "an invitation to accept" is `actionable`): a
 *   calendar invitation or its update (`METHOD:REQUEST`) is `actionable`.
 */
export const STAGE2_RULE_NAMES = ["calendar", "invitation_bucket"] as const;
export type Stage2Rule = (typeof STAGE2_RULE_NAMES)[number];

/**
 * The probability a rule gives its label; the rest is the heads' own distribution scaled to
 * 1 − RULE_P, so the person's corrections (`personal.ts`, on log-probabilities) can still
 * overturn it.
 */
export const RULE_P = 0.9;

export interface RuleLabel {
  head: "speech_act" | "bucket";
  /** Index into the head's labels. */
  label: number;
  rule: Stage2Rule;
  words: string;
}

/** Each named slot's place in the row's named block, looked up once. */
const slotAt = (name: string) => {
  const i = STAGE2_NAMED.findIndex((f) => f.name === name);
  if (i < 0) throw new Error(`stage2-rules: no named slot ${name}`);
  return i;
};
const CHANGE = slotAt("calendar_change");
const REQUEST = slotAt("s2:calendar_request");
const CANCEL = slotAt("s2:calendar_cancel");
const MEET = SPEECH_ACTS.indexOf("meet");
const AMEND = SPEECH_ACTS.indexOf("amend");
const ACTIONABLE = BUCKETS.indexOf("actionable");
const WIDTH = { speech_act: SPEECH_ACTS.length, bucket: BUCKETS.length };

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
 * The labels the enabled rules set for this row (at most one per head).
 *
 * @example
 * ruleLabels(["calendar"], row, 13) // [{ head: "speech_act", label: 4, rule: "calendar", words: "it is a calendar invitation" }]
 */
export function ruleLabels(rules: readonly Stage2Rule[], row: SparseRow, bits: number): RuleLabel[] {
  const out: RuleLabel[] = [];
  if (rules.length === 0) return out;
  const change = has(row, (1 << bits) + CHANGE);
  const request = has(row, (1 << bits) + REQUEST);
  if (rules.includes("calendar")) {
    if (change)
      out.push({
        head: "speech_act",
        label: AMEND,
        rule: "calendar",
        words: "it updates or cancels a calendar event",
      });
    else if (request)
      out.push({ head: "speech_act", label: MEET, rule: "calendar", words: "it is a calendar invitation" });
  }
  if (rules.includes("invitation_bucket") && request && !has(row, (1 << bits) + CANCEL))
    out.push({
      head: "bucket",
      label: ACTIONABLE,
      rule: "invitation_bucket",
      words: "it is a calendar invitation to answer",
    });
  return out;
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
    for (const hit of ruleLabels(rules, row, bits)) {
      next ??= { ...out };
      if (next[hit.head] === out[hit.head]) next[hit.head] = Float32Array.from(out[hit.head]!);
      const w = WIDTH[hit.head];
      setRuleLabel(next[hit.head]!.subarray(r * w, (r + 1) * w), hit.label);
    }
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
