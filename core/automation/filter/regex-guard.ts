/** Longest regex source the filter grammar accepts. */
export const MAX_REGEX_LENGTH = 200;
/** Longest subject string a regex is tested against; longer values are cut, keeping evaluation linear-ish. */
export const MAX_REGEX_SUBJECT = 10_000;

/**
 * Why a pattern is refused, or null when it is safe to run. Refuses patterns that can backtrack
 * catastrophically: quantified groups holding a quantifier or an alternation (`(a+)+`, `(a|a)*`),
 * backreferences and lookarounds, plus anything over the length cap or that does not compile.
 * @example regexProblem("(a+)+$") // "nested quantifier"
 */
export function regexProblem(source: string): string | null {
  if (source.length > MAX_REGEX_LENGTH) return `longer than ${MAX_REGEX_LENGTH} characters`;
  if (/\\[1-9]|\\k</.test(source)) return "backreferences are not allowed";
  if (/\(\?<?[=!]/.test(source)) return "lookarounds are not allowed";
  const groups: { risky: boolean }[] = [];
  let lastGroupRisky = false;
  let lastWasGroup = false;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === "\\") {
      i++;
      lastWasGroup = false;
      continue;
    }
    if (inClass) {
      if (ch === "]") inClass = false;
      lastWasGroup = false;
      continue;
    }
    if (ch === "[") {
      inClass = true;
      lastWasGroup = false;
      continue;
    }
    if (ch === "(") {
      groups.push({ risky: false });
      lastWasGroup = false;
      continue;
    }
    if (ch === ")") {
      const g = groups.pop();
      if (!g) return "unbalanced parenthesis";
      lastGroupRisky = g.risky;
      // A group inside a risky group makes the outer one risky too.
      if (g.risky && groups.length) groups[groups.length - 1]!.risky = true;
      lastWasGroup = true;
      continue;
    }
    const unbounded = ch === "*" || ch === "+" || (ch === "{" && /^\{\d*,?\d*\}/.test(source.slice(i)));
    if (ch === "|" && groups.length) groups[groups.length - 1]!.risky = true;
    if (unbounded) {
      if (lastWasGroup && lastGroupRisky) return "nested quantifier or quantified alternation";
      if (groups.length) groups[groups.length - 1]!.risky = true;
    }
    lastWasGroup = false;
  }
  if (groups.length) return "unbalanced parenthesis";
  try {
    new RegExp(source, "u");
  } catch {
    return "does not compile";
  }
  return null;
}
