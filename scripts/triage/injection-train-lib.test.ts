import { describe, expect, it } from "vitest";
import { leastCostMargin, slotsInGroups } from "./injection-train-lib.ts";

describe("leastCostMargin (the injection threshold by out-of-fold cost)", () => {
  // Margins over the real-mail bar: attacks (1) and benign items (0).
  const labels: (0 | 1)[] = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const oof = [3, 2, 1, 0.5, 2.5, 0.8, -1, -1, -1, -1, -1, -1, -1, -1];
  const none = labels.map(() => 0 as const);

  it("never goes below the real-mail bar, even when lower would catch more", () => {
    const withLow = [...oof];
    withLow[3] = -0.5;
    expect(leastCostMargin(withLow, labels, none, 1, 0.1)).toBeGreaterThanOrEqual(0);
  });

  it("keeps benign flagged within the cap, counting what the rules flag", () => {
    // 10 benign items, cap 10 %: one false alarm allowed.
    const m = leastCostMargin(oof, labels, none, 0.1, 0.5);
    expect(oof.filter((z, k) => labels[k] === 0 && z >= m).length).toBeLessThanOrEqual(1);
    // A rule already flags one benign item: the model may flag none.
    const rules = labels.map((_, k) => (k === 6 ? 1 : 0) as 0 | 1);
    const r = leastCostMargin(oof, labels, rules, 0.1, 0.5);
    expect(oof.filter((z, k) => labels[k] === 0 && z >= r).length).toBe(0);
    expect(r).toBeGreaterThan(2.5);
  });

  it("weighs a false alarm against the attacks it lets through", () => {
    // Cheap false alarms: go down to 0.5 and take the 0.8 benign item with the 0.5 attack.
    const cheap = leastCostMargin(oof, labels, none, 0.5, 0.5);
    expect(cheap).toBeLessThanOrEqual(0.5);
    // Costly ones (3 each): the 2.5 benign item costs as much as the three attacks under it, and
    // flagging them also flags it, so stop above it; at 1.5 each, stop above 0.8 instead.
    const costly = leastCostMargin(oof, labels, none, 0.5, 3.5);
    expect(costly).toBeGreaterThan(2.5);
    const middle = leastCostMargin(oof, labels, none, 0.5, 1.5);
    expect(middle).toBeGreaterThan(0.8);
    expect(middle).toBeLessThanOrEqual(1);
  });

  it("returns Infinity when the rules alone break the cap", () => {
    const rules = labels.map((y) => (y === 0 ? 1 : 0) as 0 | 1);
    expect(leastCostMargin(oof, labels, rules, 0.1, 1)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("slotsInGroups (the vocabulary floor by source group)", () => {
  const rows = [
    { index: [0, 1], value: [1, 1] },
    { index: [1, 2], value: [1, 1] },
    { index: [2, 3], value: [1, 1] },
    { index: [2], value: [1] },
  ];
  it("keeps a slot only when rows of enough distinct groups carry it", () => {
    // Slot 2 is in groups b and c, slot 1 in a and b; slot 3 twice in c only counts once.
    const groups = ["a", "b", "c", "c"];
    expect([...slotsInGroups(rows, groups, 2, 5)]).toEqual([0, 1, 1, 0, 0]);
    expect([...slotsInGroups(rows, groups, 3, 5)]).toEqual([0, 0, 0, 0, 0]);
    // Rows of one group, however many, never lift a slot over the floor.
    expect([...slotsInGroups(rows, ["a", "a", "a", "a"], 2, 5)]).toEqual([0, 0, 0, 0, 0]);
  });
  it("keeps every slot when the floor is 0 or 1", () => {
    expect([...slotsInGroups(rows, ["a", "a", "a", "a"], 1, 3)]).toEqual([1, 1, 1]);
    expect([...slotsInGroups(rows, ["a", "a", "a", "a"], 0, 3)]).toEqual([1, 1, 1]);
  });
});
