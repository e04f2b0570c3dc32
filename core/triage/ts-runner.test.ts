import { describe, expect, it } from "vitest";
import type { SparseRow } from "./features/featurize.ts";
import type { LinearHead } from "./onnx/linear-model.ts";
import { evaluate, logits } from "./ts-runner.ts";

// The plain loop the specialised widths must match bit for bit (same additions, same order).
function reference(head: LinearHead, row: SparseRow): number[] {
  const z = Array.from(head.bias, Number);
  for (let j = 0; j < row.indices.length; j++)
    for (let k = 0; k < head.width; k++)
      z[k] = z[k]! + row.values[j]! * head.weights[row.indices[j]! * head.width + k]!;
  return z;
}

/** A seeded linear congruential generator in [-1, 1): the same weights on every run. */
function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state / 2 ** 32) * 2 - 1;
  };
}

describe("logits", () => {
  it("equals the plain loop exactly for every head width", () => {
    const rnd = lcg(7);
    const dim = 300;
    for (const width of [1, 2, 4, 6, 7]) {
      const head: LinearHead = {
        output: "o",
        activation: "softmax",
        width,
        weights: Float32Array.from({ length: dim * width }, rnd),
        bias: Float32Array.from({ length: width }, rnd),
      };
      for (let r = 0; r < 20; r++) {
        const indices = Int32Array.from(
          new Set(Array.from({ length: 40 }, () => Math.floor(((rnd() + 1) / 2) * dim))),
        ).sort();
        const row: SparseRow = { indices, values: Float32Array.from(indices, rnd), dim };
        expect(Array.from(logits(head, row))).toEqual(reference(head, row));
      }
    }
  });

  it("evaluates several heads at once exactly as each head alone", () => {
    const rnd = lcg(11);
    const dim = 500;
    const heads: LinearHead[] = [4, 7, 6, 1].map((width, n) => ({
      output: `h${n}`,
      activation: width === 1 ? "sigmoid" : "softmax",
      width,
      weights: Float32Array.from({ length: dim * width }, rnd),
      bias: Float32Array.from({ length: width }, rnd),
    }));
    const model = { input: "x", dim, heads };
    const rows = Array.from({ length: 30 }, () => {
      const indices = Int32Array.from(
        new Set(Array.from({ length: 60 }, () => Math.floor(((rnd() + 1) / 2) * dim))),
      ).sort();
      return { indices, values: Float32Array.from(indices, rnd), dim };
    });
    const all = evaluate(model, rows);
    for (const head of heads) {
      expect(Array.from(all[head.output]!)).toEqual(
        Array.from(evaluate({ input: "x", dim, heads: [head] }, rows)[head.output]!),
      );
    }
  });
});
