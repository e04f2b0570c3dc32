import { evaluateFilter } from "./evaluate.ts";
import { compileLinearRegex, MAX_REGEX_SUBJECT, regexProblem } from "./regex-guard.ts";
import type { Filter, FilterLeaf, JsonValue } from "./types.ts";

export type CompiledFilter = (doc: unknown) => boolean;

function reader(path: string): (doc: unknown) => unknown {
  const segs = path.split(".");
  return (doc) => {
    let cur: unknown = doc;
    for (const seg of segs) {
      if (cur === null || typeof cur !== "object" || !Object.hasOwn(cur, seg)) return undefined;
      cur = (cur as Record<string, unknown>)[seg];
    }
    return cur;
  };
}

function compileLeaf(leaf: FilterLeaf): CompiledFilter {
  const read = reader(leaf.path);
  const scalarEq = (v: JsonValue | undefined) => v === null || typeof v !== "object";
  if (Object.hasOwn(leaf, "equals") && scalarEq(leaf.equals)) {
    const want = leaf.equals;
    return (doc) => read(doc) === want;
  }
  if (Object.hasOwn(leaf, "in") && Array.isArray(leaf.in) && leaf.in.every(scalarEq)) {
    const set = new Set(leaf.in);
    return (doc) => set.has(read(doc) as JsonValue);
  }
  if (typeof leaf.gte === "number") {
    const n = leaf.gte;
    return (doc) => {
      const v = read(doc);
      return typeof v === "number" && v >= n;
    };
  }
  if (typeof leaf.gt === "number") {
    const n = leaf.gt;
    return (doc) => {
      const v = read(doc);
      return typeof v === "number" && v > n;
    };
  }
  if (Object.hasOwn(leaf, "not_equals") && scalarEq(leaf.not_equals)) {
    const bad = leaf.not_equals;
    return (doc) => read(doc) !== bad;
  }
  if (typeof leaf.starts_with === "string") {
    const p = leaf.starts_with;
    return (doc) => {
      const v = read(doc);
      return typeof v === "string" && v.startsWith(p);
    };
  }
  if (typeof leaf.regex === "string" && regexProblem(leaf.regex) === null) {
    const re = compileLinearRegex(leaf.regex);
    return (doc) => {
      const v = read(doc);
      return (
        typeof v === "string" && re.test(v.length > MAX_REGEX_SUBJECT ? v.slice(0, MAX_REGEX_SUBJECT) : v)
      );
    };
  }
  if (Object.hasOwn(leaf, "exists")) {
    const want = leaf.exists === true;
    return (doc) => (read(doc) !== undefined) === want;
  }
  // Every other operator shares the reference evaluator's exact semantics.
  return (doc) => evaluateFilter(leaf, doc);
}

/**
 * Turns a validated filter into nested closures (no code generation): paths are split once and
 * the common operators are specialised. Same results as `evaluateFilter`, several times faster.
 * @example compileFilter({ path: "payload.verdict", equals: "spam" })({ payload: { verdict: "spam" } }) // true
 */
export function compileFilter(filter: Filter): CompiledFilter {
  if ("$and" in filter) {
    const parts = filter.$and.map(compileFilter);
    return (doc) => {
      for (const p of parts) if (!p(doc)) return false;
      return true;
    };
  }
  if ("$or" in filter) {
    const parts = filter.$or.map(compileFilter);
    return (doc) => {
      for (const p of parts) if (p(doc)) return true;
      return false;
    };
  }
  if ("$not" in filter) {
    const inner = compileFilter(filter.$not);
    return (doc) => !inner(doc);
  }
  return compileLeaf(filter);
}
