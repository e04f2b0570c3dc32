import { describe, expect, it } from "vitest";
import {
  createInvocationBudget,
  FANOUT_FIRST_COST,
  FANOUT_PAGE_COST,
  INVOCATION_LIMITS,
  ITEM_COST,
  JOB_COST,
} from "./invocation-budget.ts";

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

describe("a sync job's fan-out pages", () => {
  it("admits further history pages only from what the batch's reservations left, and none past it", () => {
    const b = createInvocationBudget({ queries: 500, subrequests: 60 });
    b.reserveJobs(1);
    b.reserveSyncs(1);
    const reserved = JOB_COST.subrequests + ITEM_COST.subrequests + FANOUT_FIRST_COST.subrequests;
    const k = b.admitPages(19);
    expect(k).toBe(Math.floor((60 - reserved) / FANOUT_PAGE_COST.subrequests));
    expect(b.spent.subrequests).toBeLessThanOrEqual(60);
    expect(b.admitPages(19)).toBe(0);
    expect(b.admit(1)).toBe(0);
  });

  it("ten sync jobs at the default limits: each keeps its first page, the rest share what is left", () => {
    const b = createInvocationBudget();
    b.reserveJobs(10);
    b.reserveSyncs(10);
    let pages = 0;
    for (let i = 0; i < 10; i++) pages += b.admitPages(19);
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBeLessThan(190);
    expect(b.spent.subrequests).toBeLessThanOrEqual(INVOCATION_LIMITS.subrequests);
  });

  it("tryReserveJob: a whole job (its cost, an item, a sync's first page) or nothing", () => {
    const sync = JOB_COST.subrequests + ITEM_COST.subrequests + FANOUT_FIRST_COST.subrequests;
    const b = createInvocationBudget({ queries: 500, subrequests: 2 * sync + 1 });
    expect(b.tryReserveJob(true)).toBe(true);
    expect(b.tryReserveJob(true)).toBe(true);
    expect(b.spent.subrequests).toBe(2 * sync);
    expect(b.tryReserveJob(true)).toBe(false);
    expect(b.spent.subrequests).toBe(2 * sync);
    const item = createInvocationBudget({
      queries: 500,
      subrequests: JOB_COST.subrequests + ITEM_COST.subrequests,
    });
    expect(item.tryReserveJob(true)).toBe(false);
    expect(item.tryReserveJob(false)).toBe(true);
  });
});
