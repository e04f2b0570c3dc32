import { compileFilter } from "@scouts/core/automation/filter/compile";
import { evaluateFilter } from "@scouts/core/automation/filter/evaluate";
import { createTriggerMatcher } from "@scouts/core/automation/filter/matcher";
import type { Filter } from "@scouts/core/automation/filter/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const paths = ["payload.a", "payload.b", "payload.list", "type", "payload.missing"];
const scalar = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom("x", "y", "xy", ""),
  fc.boolean(),
  fc.constant(null),
);
const leaf: fc.Arbitrary<Filter> = fc.oneof(
  ...(["equals", "not_equals", "gt", "gte", "lt", "lte", "contains"] as const).map(
    (op) => fc.record({ path: fc.constantFrom(...paths), [op]: scalar }) as fc.Arbitrary<Filter>,
  ),
  fc.record({
    path: fc.constantFrom(...paths),
    in: fc.array(scalar, { maxLength: 4 }),
  }) as fc.Arbitrary<Filter>,
  fc.record({
    path: fc.constantFrom(...paths),
    not_in: fc.array(scalar, { maxLength: 4 }),
  }) as fc.Arbitrary<Filter>,
  fc.record({ path: fc.constantFrom(...paths), exists: fc.boolean() }) as fc.Arbitrary<Filter>,
  fc.record({
    path: fc.constantFrom(...paths),
    starts_with: fc.constantFrom("x", ""),
  }) as fc.Arbitrary<Filter>,
  fc.record({ path: fc.constantFrom(...paths), regex: fc.constantFrom("^x", "y$") }) as fc.Arbitrary<Filter>,
);
const filter: fc.Arbitrary<Filter> = fc.letrec<{ f: Filter }>((tie) => ({
  f: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.record({ $and: fc.array(tie("f"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ $or: fc.array(tie("f"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ $not: tie("f") }),
  ) as fc.Arbitrary<Filter>,
})).f;
const doc = fc.record({
  type: fc.constantFrom("a", "b"),
  payload: fc.record({ a: scalar, b: scalar, list: fc.array(scalar, { maxLength: 3 }) }),
});

describe("compiled filters", () => {
  it("agree with the reference evaluator on random filters and documents", () => {
    fc.assert(
      fc.property(filter, doc, (f, d) => compileFilter(f)(d) === evaluateFilter(f, d)),
      { numRuns: 3000 },
    );
  });

  it("the trigger matcher returns exactly the triggers a full scan would", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("a", "b"), filter), { maxLength: 20 }),
        fc.array(doc, { maxLength: 10 }),
        (specs, docs) => {
          const triggers = specs.map(([eventType, f], i) => ({ id: `t${i}`, eventType, filter: f }));
          const m = createTriggerMatcher(triggers);
          for (const d of docs) {
            const expected = triggers
              .filter((t) => t.eventType === d.type && evaluateFilter(t.filter, d))
              .map((t) => t.id)
              .sort();
            expect(m.match(d).sort()).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
