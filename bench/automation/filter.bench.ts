import type { Filter } from "@scouts/core/automation/filter/types";
import { eventDocument, matchingTriggers } from "@scouts/core/automation/triggers/dispatch-event";

const EVENTS = 100_000;
const TRIGGERS = 1_000;
const types = [
  "scout.triage.verdict",
  "scout.run.finished",
  "automation.run.succeeded",
  "automation.run.failed",
  "workspace.seen",
];

function triggerFilter(i: number): Filter {
  switch (i % 5) {
    case 0:
      return {
        $and: [
          { path: "payload.scoutId", equals: `s${i % 200}` },
          { path: "payload.confidence", gte: 0.5 },
        ],
      };
    case 1:
      return {
        $or: [
          { path: "payload.verdict", in: ["relevant", "urgent"] },
          { path: "payload.count", gt: 40 },
        ],
      };
    case 2:
      return {
        $and: [
          { path: "payload.automationId", equals: `a${i % 300}` },
          { $not: { path: "payload.errorCode", exists: true } },
        ],
      };
    case 3:
      return { path: "payload.label", regex: "^team-[a-z]+$" };
    default:
      return {
        $and: [
          { path: "payload.verdict", not_equals: "spam" },
          { path: "subject", starts_with: "scout:" },
        ],
      };
  }
}

function workload(users: number, regex: string) {
  const triggers = Array.from({ length: TRIGGERS }, (_, i) => ({
    id: `t${i}`,
    userId: `u${i % users}`,
    eventType: types[Math.floor(i / users) % types.length]!,
    filter: i % 5 === 3 ? { path: "payload.label", regex } : triggerFilter(i),
  }));
  // What `TriggerStore.eventTriggers(userId, type)` hands dispatch: one user's triggers of one type.
  const byUserType = new Map<string, typeof triggers>();
  for (const t of triggers) {
    const key = `${t.userId}|${t.eventType}`;
    byUserType.set(key, [...(byUserType.get(key) ?? []), t]);
  }
  const events = Array.from({ length: EVENTS }, (_, i) => ({
    id: `e${i}`,
    userId: `u${(i * 7) % users}`,
    type: types[i % types.length]!,
    subject: i % 2 ? `scout:s${i % 200}` : null,
    createdAt: i,
    chainDepth: 0,
    payload: {
      scoutId: `s${i % 200}`,
      automationId: `a${i % 300}`,
      verdict: i % 7 === 0 ? "spam" : "relevant",
      confidence: (i % 100) / 100,
      count: i % 60,
      label: i % 3 ? "team-core" : `Team ${"x".repeat(i % 40)}`,
      ...(i % 11 === 0 ? { errorCode: "timeout" } : {}),
    },
  }));
  return { byUserType, events };
}

/**
 * 100,000 events through the production filter path (`matchingTriggers`, as `dispatchEvent`
 * calls it: the event's user's triggers of its type, each filter interpreted, regexes on RE2)
 * against 1,000 event triggers spread over `users` users. `regex` is the pattern one trigger in
 * five tests on `payload.label` (the adversarial `a*a*a*a*a*a*b` shows it stays linear).
 */
export function benchFilters(
  users: number,
  regex = "^team-[a-z]+$",
): {
  users: number;
  events: number;
  triggers: number;
  ms: number;
  evaluations: number;
  matches: number;
} {
  const { byUserType, events } = workload(users, regex);
  const t0 = performance.now();
  let matches = 0;
  let evaluations = 0;
  for (const e of events) {
    const candidates = byUserType.get(`${e.userId}|${e.type}`) ?? [];
    evaluations += candidates.length;
    matches += matchingTriggers(candidates, eventDocument(e)).length;
  }
  return { users, events: EVENTS, triggers: TRIGGERS, ms: performance.now() - t0, evaluations, matches };
}
