import { RE2JS } from "re2js";
import { CoreError } from "../../errors.ts";

/** Longest regex source the filter grammar accepts. */
export const MAX_REGEX_LENGTH = 200;
/** Longest subject string a regex is tested against; longer values are cut. */
export const MAX_REGEX_SUBJECT = 10_000;

/** A compiled pattern that matches in time linear in the subject (RE2 semantics, no backtracking). */
export interface LinearRegex {
  test(subject: string): boolean;
}

const cache = new Map<string, LinearRegex>();
const MAX_CACHED = 2000;

function compileRe2(source: string): LinearRegex {
  const re = RE2JS.compile(source);
  // `find` is an unanchored search, like RegExp#test.
  return { test: (subject) => re.matcher(subject).find() };
}

function why(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if (/invalid escape sequence: `\\[1-9]`|\\k</.test(message)) return "backreferences are not allowed";
  if (/`\(\?<?[=!]`/.test(message)) return "lookarounds are not allowed";
  return `not a valid RE2 pattern (${message.replace(/^error parsing regexp: /, "")})`;
}

/**
 * Why a pattern is refused, or null when it can run. Every pattern runs on RE2 (linear-time
 * matching: no catastrophic backtracking, whatever the pattern), so only what RE2 cannot express
 * (backreferences, lookarounds) and patterns over `maxLength` are refused.
 * @example regexProblem("(a)\\1") // "backreferences are not allowed"
 */
export function regexProblem(source: string, maxLength = MAX_REGEX_LENGTH): string | null {
  if (source.length > maxLength) return `longer than ${maxLength} characters`;
  if (cache.has(source)) return null;
  try {
    RE2JS.compile(source);
    return null;
  } catch (e) {
    return why(e);
  }
}

/**
 * Compiles a pattern on the linear-time engine (cached). Throws `bad_input` with the reason when
 * `regexProblem` refuses it.
 * @example compileLinearRegex("a*a*a*b").test("a".repeat(100_000)) // false, in linear time
 */
export function compileLinearRegex(source: string, maxLength = MAX_REGEX_LENGTH): LinearRegex {
  const hit = cache.get(source);
  if (hit) return hit;
  const problem = regexProblem(source, maxLength);
  if (problem) throw new CoreError("bad_input", `regex refused: ${problem}`);
  const re = compileRe2(source);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(source, re);
  return re;
}
