import type {
  AutonomyLevel,
  Cohort,
  ControlState,
  Policies,
  Suggestion,
  SuggestionSurface,
} from "../protocol/local-api.ts";
import { effectiveLevel } from "./autonomy.ts";

type LevelPolicies = Pick<Policies, "levels" | "lowConfidenceThreshold">;

const cohortName = (c: Cohort) => (c === "vips" ? "VIPs" : c.replace("_", " "));

/** The level the person set for a cohort (the default cohort's when a level is missing). */
export function cohortLevel(policies: Pick<Policies, "levels">, cohort: Cohort): AutonomyLevel {
  return policies.levels[cohort] ?? policies.levels.default ?? 2;
}

/**
 * What a suggestion's autonomy level means for the person, shared by the agent and the browser
 * device. What is *seen* follows the cohort's level: L0 kept and found only when searched for,
 * L1 also in Ask's overviews, L2+ a card, a brief line and urgent alerts. A low confidence never
 * hides a message. What the assistant *does* follows the effective level (`effectiveLevel`: low
 * confidence drops one, travel mode caps at L2): L3 batch approve, L4 acts with undo, L5
 * scheduled triage and template drafts.
 *
 * @example surfaceFor({ input: { suggestion: { cohort: "newsletters", confidence: 0.9 }, policies, control, now } })
 *   // { cohortLevel: 3, level: 3, card: true, batch: true, act: false, ... }
 */
export function surfaceFor(args: {
  input: {
    suggestion: Pick<Suggestion, "cohort" | "confidence">;
    policies: LevelPolicies;
    control: ControlState;
    now: number;
  };
}): SuggestionSurface {
  const { suggestion, policies, control, now } = args.input;
  const set = cohortLevel(policies, suggestion.cohort);
  const eff = effectiveLevel({
    level: set,
    confidence: suggestion.confidence,
    lowConfidenceThreshold: policies.lowConfidenceThreshold,
    control,
    now,
  });
  const name = cohortName(suggestion.cohort);
  const seen =
    set === 0
      ? `${name} is at L0: kept and found when you search, never shown by itself`
      : set === 1
        ? `${name} is at L1: answers in Ask and search, no card`
        : `${name} is at L${set}: shown as a card`;
  return {
    cohortLevel: set,
    level: eff.level,
    card: set >= 2,
    overview: set >= 1,
    batch: eff.level >= 3,
    act: eff.level >= 4,
    scheduled: eff.level >= 5,
    reasons: [seen, ...eff.reasons],
  };
}

/**
 * Suggestions with their `surface` filled in, for list answers.
 *
 * @example withSurface(page.items, { policies, control, now })[0].surface.card
 */
export function withSurface(
  items: readonly Suggestion[],
  ctx: { policies: LevelPolicies; control: ControlState; now: number },
): Suggestion[] {
  return items.map((s) => ({ ...s, surface: surfaceFor({ input: { suggestion: s, ...ctx } }) }));
}

/** Cohorts whose level shows cards (L2+): the Suggestions screen, the brief and alerts. */
export function cardCohorts(policies: Pick<Policies, "levels">): Cohort[] {
  return (Object.keys(policies.levels) as Cohort[]).filter((c) => cohortLevel(policies, c) >= 2);
}

/** True when the suggestion's cohort shows cards, brief lines and alerts (L2+). */
export function showsCard(s: Pick<Suggestion, "cohort">, policies: Pick<Policies, "levels">): boolean {
  return cohortLevel(policies, s.cohort) >= 2;
}

/** True when Ask's overviews ("what's urgent today?", "summarize") include it (L1+). */
export function inOverview(s: Pick<Suggestion, "cohort">, policies: Pick<Policies, "levels">): boolean {
  return cohortLevel(policies, s.cohort) >= 1;
}

/**
 * Why a suggestion may not be batch-approved (null when it may): batch approve is the L3
 * behaviour, so its effective level must be L3 or above and it must still be new.
 *
 * @example batchRefusal(s, surface) // "newsletters is at L2: batch approve starts at L3"
 */
export function batchRefusal(
  s: Pick<Suggestion, "cohort" | "status">,
  surface: SuggestionSurface,
): string | null {
  if (s.status !== "new") return `already ${s.status}`;
  if (surface.batch) return null;
  if (surface.cohortLevel < 3)
    return `${cohortName(s.cohort)} is at L${surface.cohortLevel}: batch approve starts at L3 (Policies)`;
  return `${surface.reasons.slice(1).join("; ") || "effective level below L3"}: not batched`;
}
