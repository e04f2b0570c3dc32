import { describe, expect, it } from "vitest";
import type { FeatureBag, SparseRow } from "./features/featurize.ts";
import type { LinearHead, LinearModel } from "./onnx/linear-model.ts";
import type { RuleHit } from "./rules/types.ts";
import { explainChoice, explainHeads } from "./why.ts";

/** A seeded linear congruential generator in [0, 1). */
function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

const BITS = 6;
const SIZE = 1 << BITS;
const NAMES = Array.from({ length: 10 }, (_, n) => ({
  name: n < 3 ? `rule:r${n}` : `f${n % 4}`,
  words: `named ${n}`,
}));
const DIM = SIZE + NAMES.length;

// Weights on a coarse grid, so equal contributions (ties broken by name, or by first offer) are common.
function model(rnd: () => number): LinearModel {
  const head = (output: string, width: number, activation: LinearHead["activation"]): LinearHead => ({
    output,
    activation,
    width,
    weights: Float32Array.from({ length: DIM * width }, () => Math.round(rnd() * 8 - 4) / 4),
    bias: Float32Array.from({ length: width }, rnd),
  });
  return {
    input: "features",
    dim: DIM,
    heads: [
      head("bucket", 5, "softmax"),
      head("speech_act", 3, "softmax"),
      head("category", 4, "softmax"),
      head("priority", 1, "sigmoid"),
    ],
  };
}

function sample(rnd: () => number, functionWords = false): { row: SparseRow; bag: FeatureBag } {
  const keys = Int32Array.from({ length: 1 + Math.floor(rnd() * 40) }, () => Math.floor(rnd() * 2 ** 32) | 0);
  const slots = new Set(Array.from(keys, (k) => k & (SIZE - 1)));
  for (let n = 0; n < NAMES.length; n++) if (rnd() < 0.5) slots.add(SIZE + n);
  const indices = Int32Array.from(slots).sort();
  const values = Float32Array.from(indices, () => (rnd() < 0.2 ? 1 : Math.round(rnd() * 4) / 4));
  const bag: FeatureBag = {
    keys,
    counts: Int32Array.from(keys, () => 1),
    named: new Float64Array(NAMES.length),
    // With `functionWords`, every fourth key is a lone function word, in two languages.
    tokenAt: (k) => (functionWords && k % 4 === 0 ? (k % 8 === 0 ? "the" : "opens with “und”") : `tok${k}`),
  };
  return { row: { indices, values, dim: DIM }, bag };
}

describe("explainHeads", () => {
  it.each([false, true])(
    "gives exactly the single-head answers, for every head in one pass (function words: %s)",
    (functionWords) => {
      const rnd = lcg(11);
      const hits: RuleHit[] = [
        { id: "r1" as RuleHit["id"], words: "first words" },
        { id: "r1" as RuleHit["id"], words: "last words win" },
      ];
      let compared = 0;
      for (let m = 0; m < 20; m++) {
        const mdl = model(rnd);
        const skip = new Set([SIZE + 1, Math.floor(rnd() * SIZE), Math.floor(rnd() * SIZE)]);
        for (let r = 0; r < 30; r++) {
          const { row, bag } = sample(rnd, functionWords);
          const pick = (w: number) => {
            const c = Math.floor(rnd() * w);
            return { c, second: (c + 1 + Math.floor(rnd() * (w - 1))) % w };
          };
          const [b, s, c] = [pick(5), pick(3), pick(4)];
          const maxes = [1 + (r % 3), 2, 1 + (r % 4)];
          for (const withSkip of [true, false]) {
            const sk = withSkip ? skip : undefined;
            const got = explainHeads(
              mdl,
              row,
              BITS,
              bag,
              hits,
              [
                { head: "bucket", chosen: b!.c, runnerUp: b!.second, max: maxes[0]! },
                { head: "speech_act", chosen: s!.c, runnerUp: s!.second, max: maxes[1]! },
                { head: "category", chosen: c!.c, runnerUp: c!.second, max: maxes[2]! },
              ],
              sk,
              NAMES,
            );
            const [hb, hs, hc] = mdl.heads;
            expect(got).toEqual([
              explainChoice(hb!, row, BITS, bag, hits, b!.c, b!.second, maxes[0], sk, NAMES),
              explainChoice(hs!, row, BITS, bag, hits, s!.c, s!.second, maxes[1], sk, NAMES),
              explainChoice(hc!, row, BITS, bag, hits, c!.c, c!.second, maxes[2], sk, NAMES),
            ]);
            compared += got.flat().length;
            for (const w of got.flat()) expect(w.words).not.toMatch(/“the”|“und”/);
          }
        }
      }
      // The comparison is not vacuous: most rows give reasons.
      expect(compared).toBeGreaterThan(2000);
    },
  );

  it("never names a lone function word; the next contribution takes its place", () => {
    const names = [{ name: "rule:r0", words: "named 0" }];
    const dim = SIZE + names.length;
    // Toward label 0 over label 1: slot 1 holds "the" with the largest weight; slot 2 holds
    // "invoice"; the named feature is weaker.
    const weights = new Float32Array(dim * 2);
    weights[1 * 2] = 3;
    weights[2 * 2] = 2;
    weights[SIZE * 2] = 1;
    const mdl: LinearModel = {
      input: "features",
      dim,
      heads: [{ output: "bucket", activation: "softmax", width: 2, weights, bias: new Float32Array(2) }],
    };
    const row: SparseRow = {
      indices: Int32Array.from([1, 2, SIZE]),
      values: Float32Array.from([1, 1, 1]),
      dim,
    };
    const bag: FeatureBag = {
      keys: Int32Array.from([1, 2]),
      counts: Int32Array.from([1, 1]),
      named: new Float64Array(names.length),
      tokenAt: (k) => (k === 0 ? "the" : "invoice"),
    };
    const fused = explainHeads(
      mdl,
      row,
      BITS,
      bag,
      [],
      [{ head: "bucket", chosen: 0, runnerUp: 1, max: 2 }],
      undefined,
      names,
    );
    const single = explainChoice(mdl.heads[0]!, row, BITS, bag, [], 0, 1, 2, undefined, names);
    expect(fused[0]!.map((w) => w.words)).toEqual(["mentions “invoice”", "named 0"]);
    expect(single).toEqual(fused[0]);
  });

  it("says which head is missing", () => {
    const rnd = lcg(3);
    const { row, bag } = sample(rnd);
    expect(() =>
      explainHeads(model(rnd), row, BITS, bag, [], [{ head: "urgency", chosen: 0, runnerUp: 1, max: 1 }]),
    ).toThrow(/no head urgency/);
  });
});
