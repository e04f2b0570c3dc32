import { describe, expect, it } from "vitest";
import { briefWindow, dueBrief, localClock } from "./brief-schedule.ts";

describe("brief schedule", () => {
  const at = Date.parse("2026-11-20T07:30:00Z");
  it("uses the person's time zone", () => {
    expect(localClock(at, "Europe/Paris")).toEqual({ day: "2026-11-20", hhmm: "08:30" });
    expect(localClock(at, "Not/AZone").hhmm).toBe("07:30");
  });
  it("is due once after its time, morning then evening", () => {
    const base = { timeZone: "Europe/Paris", morning: "08:00", evening: "18:00", posted: [] as string[] };
    expect(dueBrief({ ...base, now: at - 3_600_000 })).toBeNull();
    expect(dueBrief({ ...base, now: at })).toEqual({ period: "morning", key: "2026-11-20:morning" });
    expect(dueBrief({ ...base, now: at, posted: ["2026-11-20:morning"] })).toBeNull();
    expect(dueBrief({ ...base, now: at + 10 * 3_600_000, posted: ["2026-11-20:morning"] })?.period).toBe(
      "evening",
    );
  });
});

describe("brief windows", () => {
  const zone = "Europe/Paris";
  const evening = "18:00";
  it("the evening brief covers the day since local midnight", () => {
    const now = Date.parse("2026-11-20T17:05:00Z"); // 18:05 in Paris
    expect(briefWindow({ period: "evening", now, timeZone: zone, evening })).toEqual({
      since: Date.parse("2026-11-19T23:00:00Z"),
      until: now,
    });
  });
  it("the morning brief covers since yesterday's evening brief, not a rolling 24 hours", () => {
    const now = Date.parse("2026-11-21T07:10:00Z"); // 08:10 in Paris
    expect(briefWindow({ period: "morning", now, timeZone: zone, evening }).since).toBe(
      Date.parse("2026-11-20T17:00:00Z"),
    );
    const postedLate = Date.parse("2026-11-20T20:30:00Z");
    expect(
      briefWindow({ period: "morning", now, timeZone: zone, evening, lastEveningAt: postedLate }).since,
    ).toBe(postedLate);
    const longAgo = now - 30 * 86_400_000;
    expect(
      briefWindow({ period: "morning", now, timeZone: zone, evening, lastEveningAt: longAgo }).since,
    ).toBe(now - 7 * 86_400_000);
  });
  it("follows the zone's clock across a DST change", () => {
    const now = Date.parse("2026-03-29T06:30:00Z"); // 08:30 CEST, the day clocks went forward
    expect(briefWindow({ period: "morning", now, timeZone: zone, evening }).since).toBe(
      Date.parse("2026-03-28T17:00:00Z"),
    );
    expect(briefWindow({ period: "evening", now, timeZone: zone, evening }).since).toBe(
      Date.parse("2026-03-28T23:00:00Z"),
    );
  });
});
