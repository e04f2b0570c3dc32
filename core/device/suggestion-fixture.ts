import type { Suggestion } from "../protocol/local-api.ts";

/**
 * A new, classified Gmail suggestion for tests (every field set; override what matters).
 *
 * @example suggestionFixture({ id: "u1", bucket: "urgent", cohort: "vips" })
 */
export function suggestionFixture(over: Partial<Suggestion> = {}): Suggestion {
  return {
    id: "s1",
    scoutId: "scout",
    source: "gmail",
    sourceMsgRef: `m-${over.id ?? "s1"}`,
    threadRef: null,
    from: "Kim <kim@partner.example>",
    subject: "Hello",
    snippet: "",
    receivedAt: 0,
    storedAt: 0,
    status: "new",
    category: "work",
    bucket: "actionable",
    speechAct: "request",
    contentCategory: "work",
    priority: 0.5,
    why: [],
    cohort: "first_contact",
    entities: [],
    verdict: "relevant",
    confidence: 0.9,
    reason: "",
    corrected: false,
    snoozedUntil: null,
    labels: [],
    convertedTo: null,
    decidedAt: null,
    draftId: null,
    ...over,
  };
}
