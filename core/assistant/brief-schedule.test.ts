import { describe, expect, it } from "vitest";
import { dueBrief, localClock } from "./brief-schedule.ts";

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
