import { describe, expect, it } from "vitest";
import { demoMessage } from "../connectors/demo/catalog.ts";
import type { Suggestion } from "../protocol/local-api.ts";
import { answerQuestion } from "./ask.ts";
import { composeBrief } from "./brief.ts";
import { defaultPolicies as policies } from "./policies.ts";

const now = Date.UTC(2026, 10, 22, 5, 40);
const day = 86_400_000;

/** A suggestion as the agent stores a demo proposal: receivedAt is the message's own Date. */
function demoSuggestion(seq: number, bucket: Suggestion["bucket"], storedAt: number): Suggestion {
  const m = demoMessage(seq);
  return {
    id: `p-${seq}`,
    scoutId: "scout-demo",
    source: "demo",
    sourceMsgRef: `demo-${seq}`,
    threadRef: null,
    from: `${m.fromName} <${m.fromAddr}>`,
    subject: m.subject,
    snippet: m.body.slice(0, 140),
    receivedAt: m.date,
    storedAt,
    status: "new",
    category: "work",
    bucket,
    speechAct: null,
    contentCategory: "work",
    priority: 0.5,
    why: [],
    cohort: "default",
    entities: [],
    verdict: "relevant",
    confidence: 0.9,
    reason: "demo",
    corrected: false,
    snoozedUntil: null,
    labels: [],
    convertedTo: null,
    decidedAt: null,
  };
}

describe("composeBrief window", () => {
  it("counts demo items that reached the device today although their Date header is weeks old", () => {
    // The demo catalog dates item n at 2026-11-02 08:00 + 7n min: far outside a 24 h window.
    expect(now - demoMessage(3).date).toBeGreaterThan(7 * day);
    const items = [demoSuggestion(3, "urgent", now - 60_000), demoSuggestion(5, "actionable", now - 30_000)];
    const brief = composeBrief({
      input: { suggestions: items, policies, period: "morning", since: now - day, now },
    });
    expect(brief.total).toBe(2);
    expect(brief.buckets.filter((b) => b.count > 0).map((b) => [b.bucket, b.count])).toEqual([
      ["urgent", 1],
      ["actionable", 1],
    ]);
  });

  it("still leaves out what arrived before the window, whatever its date", () => {
    const old = demoSuggestion(3, "urgent", now - 2 * day);
    const brief = composeBrief({
      input: { suggestions: [old], policies, period: "evening", since: now - day, now },
    });
    expect(brief.total).toBe(0);
  });

  it("Ask's urgent-today uses the same arrival time", () => {
    const items = [demoSuggestion(3, "urgent", now - 60_000), demoSuggestion(4, "urgent", now - 3 * day)];
    const answer = answerQuestion({
      input: { question: "what's urgent today?", suggestions: items, policies, now },
    });
    expect(answer.links.map((l) => l.suggestionId)).toEqual(["p-3"]);
  });
});

describe("what L0 and L1 cohorts mean for the brief and Ask", () => {
  const at = (level: number) => ({ levels: { ...policies.levels, newsletters: level } });
  const items = () => [
    { ...demoSuggestion(8, "urgent", now - 60_000), cohort: "newsletters" as const },
    { ...demoSuggestion(3, "urgent", now - 30_000), cohort: "default" as const },
  ];

  it.each([
    [0, ["p-3"], ["p-3"]],
    [1, ["p-3"], ["p-3", "p-8"]],
    [2, ["p-3", "p-8"], ["p-3", "p-8"]],
  ] as const)("L%i: brief lines %j, Ask's urgent overview %j", (level, briefIds, askIds) => {
    const brief = composeBrief({
      input: { suggestions: items(), policies: at(level), period: "morning", since: now - day, now },
    });
    expect(brief.buckets.flatMap((b) => b.top.map((t) => t.suggestionId)).sort()).toEqual(briefIds);
    expect(brief.total).toBe(briefIds.length);
    const urgent = answerQuestion({
      input: { question: "what's urgent today?", suggestions: items(), policies: at(level), now },
    });
    expect(urgent.links.map((l) => l.suggestionId).sort()).toEqual(askIds);
  });

  it("L0 mail is still found when the person searches or asks about the sender", () => {
    const found = answerQuestion({
      input: { question: "what did weeklybyte send?", suggestions: items(), policies: at(0), now },
    });
    expect(found.links.map((l) => l.suggestionId)).toEqual(["p-8"]);
    const search = answerQuestion({
      input: { question: "edge databases", suggestions: items(), policies: at(0), now },
    });
    expect(search.links.map((l) => l.suggestionId)).toEqual(["p-8"]);
  });
});
