import { compileLinearRegex, regexProblem } from "@scouts/core/automation/filter/regex-guard";
import fc from "fast-check";
import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";

// Patterns built from the shapes that make backtracking engines explode: nested and adjacent
// quantifiers, overlapping alternations, optional runs.
const atom = fc.constantFrom("a", "b", ".", "\\w", "\\s", "[ab]", "[^b]", "x");
const quant = fc.constantFrom("", "*", "+", "?", "{2,}", "{0,3}", "*?");
const pattern: fc.Arbitrary<string> = fc
  .letrec<{ re: string }>((tie) => ({
    re: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.tuple(atom, quant).map(([a, q]) => a + q),
      fc.tuple(tie("re"), tie("re")).map(([x, y]) => x + y),
      fc.tuple(tie("re"), tie("re"), quant).map(([x, y, q]) => `(${x}|${y})${q}`),
      fc.tuple(tie("re"), quant).map(([x, q]) => `(?:${x})${q || "+"}`),
    ),
  }))
  .re.map((re) => `^${re}$`);
const subject = fc
  .tuple(
    fc.constantFrom("a", "ab", "a ", "x"),
    fc.integer({ min: 1, max: 2000 }),
    fc.constantFrom("", "!", "b", "\n"),
  )
  .map(([unit, n, tail]) => unit.repeat(n) + tail);

/** Runs RE2 over an input whose every read is counted: the work, independent of the clock. */
function inputReads(source: string, text: string): number {
  const bytes = [...new TextEncoder().encode(text)];
  let reads = 0;
  const counted = new Proxy(bytes, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  RE2JS.compile(source).matcher(counted).find();
  return reads;
}

describe("linear-time regexes", () => {
  it("reads each subject a bounded number of times per pattern position, whatever the pattern", () => {
    fc.assert(
      fc.property(pattern, subject, (source, text) => {
        fc.pre(source.length <= 200);
        expect(regexProblem(source)).toBeNull();
        const n = new TextEncoder().encode(text).length;
        // RE2's bound is O(pattern × subject); a backtracking engine on these reaches 2^n.
        expect(inputReads(source, text)).toBeLessThanOrEqual(2 * (source.length + 2) * (n + 1));
      }),
      { numRuns: 150 },
    );
  });

  it("grows linearly with the subject on the review's catastrophic patterns", () => {
    for (const source of ["a*a*a*a*a*a*b", "(a+)+$", "^(\\w+\\s?)*$", "(x+x+)+y", "(a|aa)+c"]) {
      const small = inputReads(source, `${"a".repeat(1_000)}!`);
      const large = inputReads(source, `${"a".repeat(10_000)}!`);
      expect(large, source).toBeLessThanOrEqual(11 * Math.max(small, 1));
      expect(compileLinearRegex(source).test(`${"a".repeat(10_000)}!`)).toBe(new RegExp(source).test("a!"));
    }
  });
});
