import { describe, expect, it } from "vitest";
import { suggestionFixture } from "../device/suggestion-fixture.ts";
import { answerQuestion, askIntent } from "./ask.ts";
import { classifyIntent, senderSlot, timeSpan } from "./ask-intent.ts";
import { defaultPolicies } from "./policies.ts";

// Paraphrases that are not among the classifier's examples: it has to generalise to them.
const heldOut: [string, string][] = [
  ["What's urgent?", "urgent_today"],
  ["anything pressing?", "urgent_today"],
  ["is there anything important I need to deal with", "urgent_today"],
  ["what requires my immediate attention", "urgent_today"],
  ["critical stuff today?", "urgent_today"],
  ["What did I promise?", "promises"],
  ["what have I promised people this week", "promises"],
  ["which commitments do I have", "promises"],
  ["what am I on the hook for — what do I owe", "promises"],
  ["Summarise today", "summarize"],
  ["summarize my inbox", "summarize"],
  ["give me a quick recap", "summarize"],
  ["what's been happening this week", "summarize"],
  ["a rundown of today please", "summarize"],
  ["Anything from Ana this week?", "sender_about"],
  ["did Priya send anything?", "sender_about"],
  ["what did bob write about the contract", "sender_about"],
  ["emails by carol yesterday", "sender_about"],
  ["have I heard from the landlord", "sender_about"],
  ["edge databases", "search"],
  ["invoice 12", "search"],
  ["from:ana is:unread", "search"],
];

describe("Ask understands the questions people ask, not three phrasings", () => {
  it.each(heldOut)("%s → %s", (q, intent) => {
    expect(askIntent(q).intent).toBe(intent);
  });

  it("reads the sender and the time span from the words", () => {
    expect(senderSlot("Anything from Ana this week?")).toBe("ana");
    expect(senderSlot("did Priya send anything?")).toBe("priya");
    expect(senderSlot("what did ann send about invoice?")).toBe("ann");
    expect(senderSlot("anything from ana@acme.example about Q3")).toBe("ana@acme.example");
    expect(senderSlot("what did I promise")).toBeNull();
    const now = Date.parse("2026-11-26T10:00:00Z"); // a Thursday
    expect(timeSpan("this week", { now, timeZone: "UTC" })?.since).toBe(Date.parse("2026-11-23T00:00:00Z"));
    expect(timeSpan("summarise today", { now, timeZone: "Europe/Paris" })?.since).toBe(
      Date.parse("2026-11-25T23:00:00Z"),
    );
    expect(timeSpan("last 3 days", { now, timeZone: "UTC" })?.since).toBe(now - 3 * 86_400_000);
  });

  it("scores below the threshold fall back to search", () => {
    expect(classifyIntent("quarterly numbers spreadsheet").intent).toBe("search");
  });
});

describe("answers from local data", () => {
  const now = Date.parse("2026-11-26T10:00:00Z");
  const policies = defaultPolicies;
  const items = [
    suggestionFixture("ana-new", {
      from: "Ana Lima <ana@acme.example>",
      subject: "Can you review the plan?",
      speechAct: "request",
      bucket: "actionable",
      receivedAt: now - 3_600_000,
      storedAt: now - 3_600_000,
    }),
    suggestionFixture("ana-old", {
      from: "Ana Lima <ana@acme.example>",
      subject: "Last month's numbers",
      speechAct: "fyi",
      receivedAt: now - 20 * 86_400_000,
      storedAt: now - 20 * 86_400_000,
    }),
    suggestionFixture("bob", {
      from: "Bob <bob@x.example>",
      subject: "Server down",
      speechAct: "fyi",
      bucket: "urgent",
      receivedAt: now - 7_200_000,
      storedAt: now - 7_200_000,
    }),
  ];
  const ask = (question: string, extra = {}) =>
    answerQuestion({ input: { question, suggestions: items, policies, now, timeZone: "UTC", ...extra } });

  it("anything from Ana this week: only this week's", () => {
    const a = ask("Anything from Ana this week?");
    expect(a.links.map((l) => l.suggestionId)).toEqual(["ana-new"]);
    expect(a.answer).toBe("1 from ana this week: Can you review the plan?");
  });

  it("what did I promise: open tasks and requests waiting for an answer", () => {
    const a = ask("what did I promise?", {
      tasks: [{ id: "t1", title: "Send Bob the slides", sourceSuggestionId: "bob" }],
    });
    expect(a.intent).toBe("promises");
    expect(a.answer).toContain("1 open task: Send Bob the slides");
    expect(a.answer).toContain(
      "1 request waiting for your answer: Ana Lima <ana@acme.example> — Can you review the plan?",
    );
    expect(a.links.map((l) => l.suggestionId)).toEqual(["bob", "ana-new"]);
  });

  it("summarise today counts only today's", () => {
    const a = ask("summarise today");
    expect(a.answer).toMatch(/^2 open today: /);
  });

  it("operators in Ask search; a bad value is answered with what to write", () => {
    expect(ask("from:bob").links.map((l) => l.suggestionId)).toEqual(["bob"]);
    expect(ask("bucket:soon").answer).toMatch(/bucket:soon — one of urgent/);
  });
});
