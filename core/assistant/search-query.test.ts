import { describe, expect, it } from "vitest";
import { suggestionFixture } from "../device/suggestion-fixture.ts";
import { CoreError } from "../errors.ts";
import { matchesSearch, parseSearch, searchFilter } from "./search-query.ts";

const now = Date.parse("2026-11-26T10:00:00Z");
const ctx = { now, timeZone: "Europe/Paris" };
const items = [
  suggestionFixture("ana", {
    from: "Ana Lima <ana@acme.example>",
    to: "me@home.example, team@acme.example",
    subject: "Q3 plan draft",
    snippet: "The numbers for the quarter",
    receivedAt: Date.parse("2026-11-25T09:00:00Z"),
    unread: true,
    hasAttachment: true,
    bucket: "actionable",
    category: "primary",
    contentCategory: "primary",
  }),
  suggestionFixture("shop", {
    from: "Shop <news@shop.example>",
    to: "me@home.example",
    subject: "Winter sale",
    snippet: "Everything half price",
    receivedAt: Date.parse("2026-11-20T09:00:00Z"),
    unread: false,
    hasAttachment: false,
    bucket: "low_priority",
    category: "promotion",
    contentCategory: "promotion",
  }),
  suggestionFixture("old", {
    from: "Bob <bob@partner.example>",
    subject: "Invoice 12",
    snippet: "plan attached",
    receivedAt: Date.parse("2026-11-01T09:00:00Z"),
    unread: null,
    hasAttachment: null,
    bucket: "urgent",
  }),
];
const ids = (q: string) => items.filter(searchFilter(q, ctx)).map((s) => s.id);

describe("search operators over the device's copy", () => {
  it("each operator narrows, and they combine with free text", () => {
    expect(ids("from:ana")).toEqual(["ana"]);
    expect(ids("from:acme.example")).toEqual(["ana"]);
    expect(ids('from:"ana lima"')).toEqual(["ana"]);
    expect(ids("to:team@acme")).toEqual(["ana"]);
    expect(ids('subject:"q3 plan"')).toEqual(["ana"]);
    expect(ids("has:attachment")).toEqual(["ana"]);
    expect(ids("is:unread")).toEqual(["ana"]);
    expect(ids("is:read")).toEqual(["shop"]);
    expect(ids("bucket:low_priority")).toEqual(["shop"]);
    expect(ids("bucket:low-priority")).toEqual(["shop"]);
    expect(ids("category:promotion")).toEqual(["shop"]);
    expect(ids("plan")).toEqual(["ana", "old"]);
    expect(ids("plan before:2026-11-10")).toEqual(["old"]);
    expect(ids("after:2026/11/20")).toEqual(["ana", "shop"]);
    expect(ids("after:yesterday")).toEqual(["ana"]);
    expect(ids("after:today")).toEqual([]);
    expect(ids("from:ana is:unread has:attachment after:2026-11-25 quarter")).toEqual(["ana"]);
  });

  it("reads days in the person's zone: after: is that day's local midnight", () => {
    expect(parseSearch("after:2026-11-25", ctx).after).toBe(Date.parse("2026-11-24T23:00:00Z"));
    expect(parseSearch("before:2026-11-25", { now, timeZone: "UTC" }).before).toBe(
      Date.parse("2026-11-25T00:00:00Z"),
    );
  });

  it("unknown is never no: is:read and has:attachment skip mail whose source did not say", () => {
    const q = parseSearch("is:read", ctx);
    expect(matchesSearch(items[2]!, q)).toBe(false);
    expect(matchesSearch(items[2]!, parseSearch("has:attachment", ctx))).toBe(false);
  });

  it("a word with a colon that is no operator stays text", () => {
    expect(parseSearch("re: lunch https://x.example", ctx).text).toEqual([
      "re:",
      "lunch",
      "https://x.example",
    ]);
  });

  it.each([
    ["bucket:soon", /bucket:soon — one of urgent, actionable/],
    ["category:spamz", /category:spamz — one of primary/],
    ["has:pdf", /only has:attachment/],
    ["is:starred", /is:unread or is:read/],
    ["before:2026-13-01", /before:2026-13-01 — a date as YYYY-MM-DD/],
    ["after:2026-02-30", /a date as YYYY-MM-DD/],
    ["after:last-tuesday", /a date as YYYY-MM-DD/],
    ["from:", /from: needs a value/],
    ['from:""', /from: needs a value/],
  ])("refuses %s with a clear reason", (q, why) => {
    let err: unknown;
    try {
      parseSearch(q, ctx);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CoreError);
    expect((err as CoreError).code).toBe("bad_input");
    expect((err as Error).message).toMatch(why);
  });

  it("refuses a huge query", () => {
    expect(() => parseSearch("a ".repeat(600), ctx)).toThrow(/at most 1000/);
  });
});
