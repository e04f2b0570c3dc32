import { describe, expect, it } from "vitest";
import { suggestionFixture } from "../device/suggestion-fixture.ts";
import { rankSenders } from "./cleanup.ts";

const DAY = 86_400_000;
const now = 100 * DAY;
const s = (id: string, from: string, daysAgo: number, over: Parameters<typeof suggestionFixture>[1] = {}) =>
  suggestionFixture(id, { from, receivedAt: now - daysAgo * DAY, labels: ["INBOX", "UNREAD"], ...over });

describe("rankSenders: who sends the most, and how much of it is opened", () => {
  const all = [
    s("n1", "News <news@shop.example>", 1),
    s("n2", "News <NEWS@shop.example>", 3),
    s("n3", "News Weekly <news@shop.example>", 20, { status: "archived" }),
    s("a1", "Ann <ann@example.org>", 2, { openedAt: now - DAY }),
    s("a2", "Ann <ann@example.org>", 4, { openedAt: now - 2 * DAY }),
    s("a3", "Ann <ann@example.org>", 40),
    s("x1", "Spam <x@bad.example>", 1, { verdict: "spam" }),
  ];

  it("counts per address within the period, most first, the less opened first on a tie", () => {
    const week = rankSenders({ input: { suggestions: all, now, days: 7 } });
    expect(week.map((v) => [v.address, v.count, v.opened, v.readRate])).toEqual([
      ["news@shop.example", 2, 0, 0],
      ["ann@example.org", 2, 2, 1],
    ]);
    expect(week[0]).toMatchObject({ from: "News <news@shop.example>", inbox: ["n1", "n2"], newestId: "n1" });
  });

  it("a longer period takes older mail; archived mail counts but is not in the inbox list", () => {
    const quarter = rankSenders({ input: { suggestions: all, now, days: 90 } });
    expect(quarter.map((v) => [v.address, v.count, v.inbox.length])).toEqual([
      ["news@shop.example", 3, 2],
      ["ann@example.org", 3, 3],
    ]);
  });

  it("leaves out what stage 1 screened", () => {
    expect(
      rankSenders({ input: { suggestions: all, now, days: 90 } }).some((v) => v.address === "x@bad.example"),
    ).toBe(false);
  });

  it("counts mail read in any mail app (the mailbox's read state) as well as opens in Scouts", () => {
    const mixed = [
      s("d1", "Daily <daily@news.example>", 1, { unread: false, labels: ["INBOX"] }),
      s("d2", "Daily <daily@news.example>", 2, { unread: false, labels: ["INBOX"] }),
      s("d3", "Daily <daily@news.example>", 3, { unread: true }),
      s("d4", "Daily <daily@news.example>", 4, { unread: true, openedAt: now - DAY }),
      // The source did not say: unknown is not read.
      s("u1", "Unknown <who@else.example>", 1, { unread: null }),
      s("u2", "Unknown <who@else.example>", 2),
    ];
    const ranked = rankSenders({ input: { suggestions: mixed, now, days: 7 } });
    expect(ranked.map((v) => [v.address, v.count, v.opened, v.readRate])).toEqual([
      ["daily@news.example", 4, 3, 0.75],
      ["who@else.example", 2, 0, 0],
    ]);
  });
});
