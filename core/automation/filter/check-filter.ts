import { pathProblem } from "./path.ts";
import { regexProblem } from "./regex-guard.ts";
import type { Filter } from "./types.ts";

export const MAX_FILTER_DEPTH = 8;

export interface FilterIssue {
  path: string;
  rule: string;
  message: string;
}

/**
 * The rules JSON Schema cannot state: safe regexes, allowed path segments, nesting depth.
 * `at` is the JSON pointer of the filter inside its document.
 * @example checkFilter({ path: "a", regex: "(a+)+" }, "/triggers/0/filter") // [{ rule: "safe_regex", ... }]
 */
export function checkFilter(filter: Filter, at: string, depth = 1): FilterIssue[] {
  if (depth > MAX_FILTER_DEPTH) {
    return [{ path: at, rule: "max_depth", message: `filters nest at most ${MAX_FILTER_DEPTH} levels` }];
  }
  if ("$and" in filter) return filter.$and.flatMap((f, i) => checkFilter(f, `${at}/$and/${i}`, depth + 1));
  if ("$or" in filter) return filter.$or.flatMap((f, i) => checkFilter(f, `${at}/$or/${i}`, depth + 1));
  if ("$not" in filter) return checkFilter(filter.$not, `${at}/$not`, depth + 1);
  const issues: FilterIssue[] = [];
  const p = pathProblem(filter.path);
  if (p) issues.push({ path: `${at}/path`, rule: "safe_path", message: p });
  if (typeof filter.regex === "string") {
    const r = regexProblem(filter.regex);
    if (r) issues.push({ path: `${at}/regex`, rule: "safe_regex", message: r });
  }
  return issues;
}
