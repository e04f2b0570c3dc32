import { batchRefusal, cohortLevel, surfaceFor } from "../assistant/surface.ts";
import { CoreError } from "../errors.ts";
import type { BatchDecisionRequest, ControlState, Policies, Suggestion } from "../protocol/local-api.ts";

/**
 * Which suggestions a batch decision may touch, shared by the agent and the browser device.
 * Batch approve is the L3 behaviour: a whole cohort below L3 is refused (bad_input), and each
 * suggestion whose effective level is below L3 (low confidence, travel mode), that is no longer
 * new, or that does not exist is skipped with its reason.
 *
 * @example batchPlan({ input: { request, found, policies, control, now } }) // { ids: ["a"], skipped: [{ id: "b", reason }] }
 */
export function batchPlan(args: {
  input: {
    request: BatchDecisionRequest;
    /** The suggestions the request's ids name (missing ones absent) and, with a cohort, its new ones. */
    found: readonly Suggestion[];
    policies: Policies;
    control: ControlState;
    now: number;
  };
}): { ids: string[]; skipped: { id: string; reason: string }[] } {
  const { request, found, policies, control, now } = args.input;
  if (request.cohort) {
    const level = cohortLevel(policies, request.cohort);
    if (level < 3)
      throw new CoreError(
        "bad_input",
        `${request.cohort.replace("_", " ")} is at L${level}: batch approve starts at L3 (Policies)`,
      );
  }
  const byId = new Map(found.map((s) => [s.id, s]));
  const wanted = [
    ...new Set([
      ...(request.ids ?? []),
      ...found.filter((s) => request.cohort && s.cohort === request.cohort).map((s) => s.id),
    ]),
  ];
  const ids: string[] = [];
  const skipped: { id: string; reason: string }[] = [];
  for (const id of wanted) {
    const s = byId.get(id);
    const refusal = s
      ? batchRefusal(s, surfaceFor({ input: { suggestion: s, policies, control, now } }))
      : "no such suggestion";
    if (refusal) skipped.push({ id, reason: refusal });
    else ids.push(id);
  }
  return { ids, skipped };
}
