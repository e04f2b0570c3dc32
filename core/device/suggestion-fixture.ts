import type { Suggestion } from "../protocol/local-api.ts";

/**
 * A classified Gmail suggestion for tests of device logic and screens (every field set; override
 * what matters).
 *
 * @example suggestionFixture("a", { cohort: "newsletters" })
 */
export function suggestionFixture(id: string, over: Partial<Suggestion> = {}): Suggestion {
  return {
    id,
    scoutId: "sc",
    source: "gmail",
    sourceMsgRef: `m-${id}`,
    threadRef: null,
    from: "ann@example.com",
    subject: `Subject ${id}`,
    snippet: "",
    receivedAt: 1000,
    storedAt: 1000,
    status: "new",
    category: "primary",
    bucket: "actionable",
    speechAct: "request",
    contentCategory: "primary",
    priority: 0.5,
    why: [],
    cohort: "default",
    entities: [],
    verdict: "relevant",
    confidence: 0.9,
    reason: "t0",
    corrected: false,
    snoozedUntil: null,
    labels: [],
    convertedTo: null,
    decidedAt: null,
    draftId: null,
    ...over,
  };
}
