import { describe, expect, it } from "vitest";
import type { Cohort } from "../protocol/local-api.ts";
import { initialControl } from "./control.ts";
import { defaultPolicies } from "./policies.ts";
import { batchRefusal, cardCohorts, surfaceFor } from "./surface.ts";

const now = Date.UTC(2026, 10, 20, 9);
const at = (level: number, cohort: Cohort = "newsletters") => ({
  ...defaultPolicies,
  levels: { ...defaultPolicies.levels, [cohort]: level },
});
const surface = (level: number, opts: { confidence?: number; travelUntil?: number } = {}) =>
  surfaceFor({
    input: {
      suggestion: { cohort: "newsletters", confidence: opts.confidence ?? 0.9 },
      policies: at(level),
      control: { ...initialControl, travelUntil: opts.travelUntil ?? null },
      now,
    },
  });

describe("surfaceFor: what each level shows and does", () => {
  it.each([
    [0, { card: false, overview: false, batch: false, act: false, scheduled: false }],
    [1, { card: false, overview: true, batch: false, act: false, scheduled: false }],
    [2, { card: true, overview: true, batch: false, act: false, scheduled: false }],
    [3, { card: true, overview: true, batch: true, act: false, scheduled: false }],
    [4, { card: true, overview: true, batch: true, act: true, scheduled: false }],
    [5, { card: true, overview: true, batch: true, act: true, scheduled: true }],
  ])("L%i", (level, expected) => {
    expect(surface(level)).toMatchObject({ cohortLevel: level, level, ...expected });
  });

  it("low confidence drops one level of what the assistant does, but never hides a card", () => {
    expect(surface(5, { confidence: 0.3 })).toMatchObject({ level: 4, act: true, scheduled: false });
    expect(surface(4, { confidence: 0.3 })).toMatchObject({ level: 3, act: false, batch: true });
    expect(surface(3, { confidence: 0.3 })).toMatchObject({ level: 2, batch: false, card: true });
    expect(surface(2, { confidence: 0.3 })).toMatchObject({ level: 1, card: true });
    expect(surface(3, { confidence: 0.3 }).reasons).toContain("low confidence (0.30) drops one level");
  });

  it("travel mode caps what the assistant does at L2 until its date", () => {
    expect(surface(5, { travelUntil: now + 1 })).toMatchObject({
      level: 2,
      card: true,
      batch: false,
      act: false,
      scheduled: false,
    });
    expect(surface(5, { travelUntil: now })).toMatchObject({ level: 5, scheduled: true });
  });

  it("a cohort without a level uses the default cohort's", () => {
    const levels = { ...defaultPolicies.levels } as Record<string, number>;
    delete levels.social;
    const s = surfaceFor({
      input: {
        suggestion: { cohort: "social", confidence: 1 },
        policies: { ...defaultPolicies, levels: { ...levels, default: 0 } as never },
        control: initialControl,
        now,
      },
    });
    expect(s).toMatchObject({ cohortLevel: 0, card: false });
  });
});

describe("batch approve and card cohorts", () => {
  it("refuses below L3 and after a decision, saying why", () => {
    expect(batchRefusal({ cohort: "newsletters", status: "new" }, surface(3))).toBeNull();
    expect(batchRefusal({ cohort: "newsletters", status: "new" }, surface(2))).toBe(
      "newsletters is at L2: batch approve starts at L3 (Policies)",
    );
    expect(batchRefusal({ cohort: "newsletters", status: "new" }, surface(3, { confidence: 0.1 }))).toBe(
      "low confidence (0.10) drops one level: not batched",
    );
    expect(batchRefusal({ cohort: "newsletters", status: "approved" }, surface(3))).toBe("already approved");
  });

  it("lists the cohorts whose level shows cards", () => {
    const p = { ...defaultPolicies, levels: { ...defaultPolicies.levels, vips: 0, social: 1, default: 5 } };
    expect(cardCohorts(p).sort()).toEqual(
      ["cross_org", "default", "first_contact", "intra_org", "newsletters", "transactional"].sort(),
    );
  });
});
