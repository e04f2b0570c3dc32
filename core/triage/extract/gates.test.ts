import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HELD_OUT_GROUPS, loadCorpus } from "../../../scripts/triage/corpus.ts";
import { CODE_PATTERNS } from "./codes.ts";
import { DATE_PATTERNS } from "./dates.ts";

// Each word test must hold wherever its pattern matches, or extraction would skip a match.
const gated = [...DATE_PATTERNS, ...CODE_PATTERNS].filter((p) => p.mayMatch);
const check = (t: string) => {
  const lower = t.toLowerCase();
  for (const { re, mayMatch } of gated) {
    re.lastIndex = 0;
    if (re.test(t)) expect(mayMatch!(lower, t), `${re.source.slice(0, 30)}: ${t.slice(0, 80)}`).toBe(true);
    re.lastIndex = 0;
  }
};

describe("extraction word tests", () => {
  it("never skip a pattern on mail it matches", () => {
    for (const m of loadCorpus(HELD_OUT_GROUPS)) check(m.text);
  });
  it("never skip a pattern on random text of its words", () => {
    const piece = fc.constantFrom(
      ...["next", "this", "on", "Monday", "FRIDAY", "sunday", "in", "2", "two", "days", "WEEK", "hours"],
      ...["Code", "OTP", "passcode", "PIN", "password", "one-time", "verification", "is", "your", "482913"],
      ...[
        "ABC-123",
        "1Z999AA10123456784",
        "1ZAB1234567890ABCD",
        "1z999aa10123456784",
        "FedEx",
        "123456789012",
        "DHL",
      ],
      ...["1234567890", "Tracking number", "no.", "#", "ABCD1234XY", " ", ":", "\n", "at", "3pm", "K", "é"],
      ...[
        "in 3 days",
        "code is 482913",
        "482913 is your code",
        "fedex 123456789012",
        "tracking id: AB123456",
      ],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.constantFrom("", " "), (ps, sep) =>
        check(ps.join(sep)),
      ),
      { numRuns: 20_000, seed: 9 },
    );
  });
});
