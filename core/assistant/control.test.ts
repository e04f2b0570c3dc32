import { describe, expect, it } from "vitest";
import { localDay, travelEnd, travelEndOfDay } from "./control.ts";

describe("travel end day", () => {
  it("is local midnight at the start of the day, and prints back as the same day", () => {
    const t = travelEndOfDay("2026-12-01");
    expect(t).toBe(new Date(2026, 11, 1).getTime());
    expect(new Date(t as number).getHours()).toBe(0);
    expect(localDay(t as number)).toBe("2026-12-01");
  });

  it("refuses shapes and impossible dates, and days not after now", () => {
    for (const bad of ["", "2026-2-1", "2026-02-30", "2026-13-01", "tomorrow", "2026-12-01T00:00"])
      expect(travelEndOfDay(bad)).toBeNull();
    const now = new Date(2026, 10, 25, 9).getTime();
    expect(travelEnd("2026-11-25", now)).toEqual({ problem: "not_after_today" });
    expect(travelEnd("2026-11-26", now)).toEqual({ until: new Date(2026, 10, 26).getTime() });
    expect(travelEnd("someday", now)).toEqual({ problem: "not_a_day" });
  });
});
