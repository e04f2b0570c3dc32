import { describe, expect, it } from "vitest";
import { createInvocationBudget, INVOCATION_LIMITS, ITEM_COST, JOB_COST } from "./invocation-budget.ts";

describe("createInvocationBudget", () => {
  it("admits items until the tighter of queries and subrequests runs out, then none", () => {
    const b = createInvocationBudget({ queries: 100, subrequests: 30 }, { queries: 8, subrequests: 5 });
    expect(b.admit(4)).toBe(4); // 32 q, 20 s
    expect(b.admit(4)).toBe(2); // subrequests: 30 / 5 = 6 items in all
    expect(b.admit(1)).toBe(0);
    expect(b.spent).toEqual({ queries: 48, subrequests: 30 });
  });

  it("reserves each batch message's own cost first: a full batch of 10 leaves inline triage only the remainder", () => {
    const b = createInvocationBudget();
    b.reserveJobs(10);
    const n = b.admit(200);
    const per = (k: keyof typeof ITEM_COST) => 10 * (JOB_COST[k] + ITEM_COST[k]) + n * ITEM_COST[k];
    expect(per("queries")).toBeLessThanOrEqual(INVOCATION_LIMITS.queries);
    expect(per("subrequests")).toBeLessThanOrEqual(INVOCATION_LIMITS.subrequests);
    expect(n).toBe(
      Math.floor(
        (INVOCATION_LIMITS.queries - 10 * (JOB_COST.queries + ITEM_COST.queries)) / ITEM_COST.queries,
      ),
    );
  });

  it("never admits a negative or fractional count", () => {
    const b = createInvocationBudget();
    expect(b.admit(-3)).toBe(0);
    expect(b.admit(2.7)).toBe(2);
  });

  it("refuses costs that would make it admit without bound", () => {
    expect(() => createInvocationBudget({ queries: Number.NaN, subrequests: 1 })).toThrow(/finite/);
    expect(() => createInvocationBudget(undefined, { queries: 0, subrequests: 0 })).toThrow(/cost something/);
    expect(() => createInvocationBudget(undefined, undefined, { queries: -1, subrequests: 0 })).toThrow(
      /non-negative/,
    );
  });
});
