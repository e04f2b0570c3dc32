import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HELD_OUT_GROUPS, loadCorpus } from "../../../scripts/triage/corpus.ts";
import {
  gateHits,
  gateHitsFiltered,
  gateHitsScan,
  machineGateStarts,
  machineGates,
  machineGateTests,
} from "./injection-function.ts";
import { injectionSkeleton } from "./normalise.ts";
import { regexStarts, startFilter } from "./regex-starts.ts";

/**
 * Positions where one of `res` matches (tried there, sticky) that the filter rejects. `union`
 * tries them as one alternation (as `gateHits` does), else one by one with their own flags.
 */
function rejectedMatches(
  res: readonly RegExp[],
  texts: readonly string[],
  filter = startFilter(res)!,
  union = false,
): string[] {
  const tries = union
    ? [new RegExp(res.map((r) => `(?:${r.source})`).join("|"), "y")]
    : res.map((r) => new RegExp(r.source, `${r.flags}y`));
  const bad: string[] = [];
  for (const t of texts)
    for (let i = 0; i < t.length; i++) {
      if (filter.at(t, i)) continue;
      for (const re of tries) {
        re.lastIndex = i;
        if (re.test(t))
          bad.push(`${re.source.slice(0, 40)} at ${i} of ${JSON.stringify(t.slice(i, i + 20))}`);
      }
    }
  return bad;
}

// Sources with the syntax the reader handles: classes and ranges, negation, escapes, quantifiers,
// optional and repeated groups, assertions, non-ASCII.
const SHAPES = [
  /\bab?c|d[e-g]x/,
  /(?:ab|c){2,3}d/,
  /\b(you are|not (a )?human)\b/,
  /[^a-c]z/,
  /x*y/,
  /(?<![\p{L}\p{N}])q(?:u|v)+e/u,
  /(?=a)ab|\d\d-/,
  /\u00e9t[\u00e0-\u00ff]|é/u,
  /-(bot|tool)\b|"role" ?:/,
  /\s+hi|\S{2}!/,
  /\.[.\\]x|\x41b/,
  /[\u0400-\u04ff]|ï(?!x)/u,
  /a{0,2}b?c/,
  /a(?:b|)c/,
  /^zz|yy$/m,
  /\bwho(ever)? /,
];

describe("regexStarts: where a match can start, read from the source", () => {
  it("reads alternations, optional parts and classes", () => {
    const first3 = (re: RegExp) =>
      regexStarts(re)!
        .map((s) => s.map((u) => String.fromCharCode(u[0]!)).join(""))
        .sort();
    expect(first3(/\bab?c|d[e]f/)).toEqual(["abc", "ac", "def"]);
    expect(first3(/(x|yz)w/)).toEqual(["xw", "yzw"]);
    expect(first3(/ab/)).toEqual(["ab"]);
  });

  it("gives up on what it cannot read, and on a source that matches empty text", () => {
    expect(regexStarts(/abc/i)).toBeUndefined();
    expect(regexStarts(/(a)\1/)).toBeUndefined();
    expect(regexStarts(/a?/)).toBeUndefined();
    expect(regexStarts(/\bx*/)).toBeUndefined();
    expect(startFilter([/ab/, /(c)(d)\2/])).toBeUndefined();
  });

  it("never rejects a position where one of the expressions matches (random text)", () => {
    const filter = startFilter(SHAPES)!;
    const alphabet = fc.constantFrom(..."abcdefgqruvxyz-\"'.:!é\u00e0ïдя \n\t012AhiwoerZ\\".split(""));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 24 }), (chars) => {
        expect(rejectedMatches(SHAPES, [chars.join("")], filter)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("the injection gates' start filter", () => {
  const dir = path.join(import.meta.dirname, "../../../corpus/injection");
  const lines = ["attacks.txt", "benign.txt"].flatMap((f) =>
    readFileSync(path.join(dir, f), "utf8")
      .split("\n")
      .filter((l) => l.trim() && !l.startsWith("#")),
  );
  const injection = [...lines];
  for (let k = 0; k < lines.length; k += 12) injection.push(lines.slice(k, k + 12).join("\n"));
  const injectionSkels = injection.map(injectionSkeleton);
  // SpamAssassin held-out mail as whole raw messages (headers, HTML, base64 and all).
  const heldOutSkels = loadCorpus(HELD_OUT_GROUPS).map((m) => injectionSkeleton(m.text.slice(0, 30_000)));

  it("reads every gate (no gate falls back to trying every position)", () => {
    expect(lines.length).toBeGreaterThan(1000);
    expect(heldOutSkels.length).toBe(2796);
    expect(machineGateStarts()).toBeDefined();
    for (const g of machineGates()) expect(regexStarts(g), g.source).toBeDefined();
  });

  it("rejects no position where a gate matches, on the injection corpus and held-out mail", () => {
    expect(rejectedMatches(machineGates(), injectionSkels)).toEqual([]);
    // Held-out mail by the union (each gate on its own is 18 times slower; the test below checks
    // the union against each gate's own test).
    expect(rejectedMatches(machineGates(), heldOutSkels, undefined, true)).toEqual([]);
  });

  it("gives the same gate hits as the full scan and as each gate's own test", () => {
    const starts = machineGateStarts()!;
    let some = 0;
    for (const skel of [...injectionSkels, ...heldOutSkels]) {
      const hits = gateHitsFiltered(skel, starts);
      expect(hits).toEqual(gateHitsScan(skel));
      expect(hits).toEqual(machineGateTests(skel));
      // Whichever of the two the process is on (the filter comes after 1 M characters).
      expect(gateHits(skel)).toEqual(hits);
      if (hits.includes(true)) some++;
    }
    // Not vacuous: most texts pass some gate.
    expect(some).toBeGreaterThan(2000);
  });
});
