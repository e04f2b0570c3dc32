import { CoreError } from "../../errors.ts";
import { readPath } from "./path.ts";
import { compileLinearRegex, MAX_REGEX_SUBJECT } from "./regex-guard.ts";
import { type Filter, type FilterLeaf, type JsonValue, type LeafOperator, leafOperators } from "./types.ts";

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function compare(actual: unknown, expected: JsonValue): number | null {
  if (typeof actual === "number" && typeof expected === "number") return actual - expected;
  if (typeof actual === "string" && typeof expected === "string")
    return actual < expected ? -1 : actual > expected ? 1 : 0;
  return null;
}

function leafOperator(leaf: FilterLeaf): LeafOperator {
  for (const op of leafOperators) if (Object.hasOwn(leaf, op)) return op;
  throw new CoreError("bad_input", "filter leaf has no operator");
}

function evalLeaf(leaf: FilterLeaf, root: unknown): boolean {
  const op = leafOperator(leaf);
  const expected = leaf[op] as JsonValue;
  const actual = readPath(root, leaf.path);
  switch (op) {
    case "exists":
      return (actual !== undefined) === (expected === true);
    case "equals":
      return sameValue(actual, expected);
    case "not_equals":
      return !sameValue(actual, expected);
    case "starts_with":
      return typeof actual === "string" && typeof expected === "string" && actual.startsWith(expected);
    case "ends_with":
      return typeof actual === "string" && typeof expected === "string" && actual.endsWith(expected);
    case "contains":
      if (typeof actual === "string") return typeof expected === "string" && actual.includes(expected);
      return Array.isArray(actual) && actual.some((v) => sameValue(v, expected));
    case "regex":
      return (
        typeof actual === "string" &&
        typeof expected === "string" &&
        compileLinearRegex(expected).test(actual.slice(0, MAX_REGEX_SUBJECT))
      );
    case "gt":
    case "gte":
    case "lt":
    case "lte": {
      const c = compare(actual, expected);
      if (c === null || Number.isNaN(c)) return false;
      return op === "gt" ? c > 0 : op === "gte" ? c >= 0 : op === "lt" ? c < 0 : c <= 0;
    }
    case "in":
      return Array.isArray(expected) && expected.some((v) => sameValue(actual, v));
    case "not_in":
      return Array.isArray(expected) && !expected.some((v) => sameValue(actual, v));
  }
}

/**
 * Evaluates a (validated) filter against a JSON document. Missing paths never match except
 * under `exists: false`, `not_equals` and `not_in`. Pure: no I/O, no clock.
 * @example evaluateFilter({ $and: [{ path: "type", equals: "a" }, { path: "n", gte: 2 }] }, { type: "a", n: 3 }) // true
 */
export function evaluateFilter(filter: Filter, root: unknown): boolean {
  if ("$and" in filter) return filter.$and.every((f) => evaluateFilter(f, root));
  if ("$or" in filter) return filter.$or.some((f) => evaluateFilter(f, root));
  if ("$not" in filter) return !evaluateFilter(filter.$not, root);
  return evalLeaf(filter, root);
}
