import { createTriggerMatcher } from "@scouts/core/automation/filter/matcher";
import type { Filter } from "@scouts/core/automation/filter/types";

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

function workload(users: number) {
  const triggers = Array.from({ length: TRIGGERS }, (_, i) => ({
    id: `t${i}`,
    scope: `u${i % users}`,
    eventType: types[Math.floor(i / users) % types.length]!,
    filter: triggerFilter(i),
  }));
  const events = Array.from({ length: EVENTS }, (_, i) => ({
    scope: `u${(i * 7) % users}`,
    doc: {
      type: types[i % types.length]!,
      subject: i % 2 ? `scout:s${i % 200}` : null,
      payload: {
        scoutId: `s${i % 200}`,
        automationId: `a${i % 300}`,
        verdict: i % 7 === 0 ? "spam" : "relevant",
        confidence: (i % 100) / 100,
        count: i % 60,
        label: i % 3 ? "team-core" : "Team X",
        ...(i % 11 === 0 ? { errorCode: "timeout" } : {}),
      },
    },
  }));
  return { triggers, events };
}

/**
 * 100,000 events against 1,000 event triggers through the indexed matcher. `users` spreads the
 * triggers and events over that many users (an event only meets its own user's triggers, as in
 * dispatch); `users = 1` is the worst case where every trigger belongs to one user.
 */
export function benchFilters(users: number): {
  users: number;
  events: number;
  triggers: number;
  ms: number;
  evaluations: number;
  matches: number;
} {
  const { triggers, events } = workload(users);
  const t0 = performance.now();
  const matcher = createTriggerMatcher(triggers);
  let matches = 0;
  for (const e of events) matches += matcher.match(e.doc, e.scope).length;
  return {
    users,
    events: EVENTS,
    triggers: TRIGGERS,
    ms: performance.now() - t0,
    evaluations: matcher.evaluations(),
    matches,
  };
}
