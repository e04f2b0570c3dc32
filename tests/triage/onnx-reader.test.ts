import { readLinearModel } from "@scouts/core/triage/onnx/linear-model";
import { createTsRunner } from "@scouts/core/triage/ts-runner";
import { describe, expect, it } from "vitest";
import { buildOnnx } from "../../scripts/triage/export-onnx.ts";

describe("ONNX reader", () => {
  it("reads back exactly the weights the exporter wrote and evaluates them", async () => {
    const W = Float32Array.from([0.5, -1, 2, 0.25, -0.125, 3]);
    const bytes = buildOnnx(
      "features",
      3,
      [{ output: "y", activation: "softmax", weights: W, bias: Float32Array.from([0.1, -0.2]), width: 2 }],
      "t",
    );
    const m = readLinearModel(bytes);
    expect(m.dim).toBe(3);
    expect([...m.heads[0]!.weights]).toEqual([...W]);
    const out = await createTsRunner(m).run([
      { indices: Int32Array.from([0, 2]), values: Float32Array.from([1, 2]), dim: 3 },
    ]);
    // logits: [0.1 + 0.5 - 0.25, -0.2 - 1 + 6] = [0.35, 4.8]
    const e = [Math.exp(0.35), Math.exp(4.8)];
    expect(out.y![1]).toBeCloseTo(e[1]! / (e[0]! + e[1]!), 6);
  });

  it("rejects graphs that are not MatMul → Add → Softmax/Sigmoid and truncated files", () => {
    const bytes = buildOnnx(
      "features",
      2,
      [
        {
          output: "y",
          activation: "sigmoid",
          weights: Float32Array.from([1, 2]),
          bias: Float32Array.from([0]),
          width: 1,
        },
      ],
      "t",
    );
    // Rename the Sigmoid op to Relu in place (same length): the reader must refuse it.
    const text = new TextDecoder("latin1").decode(bytes);
    const at = text.indexOf("Sigmoid");
    const tampered = Uint8Array.from(bytes);
    tampered.set(new TextEncoder().encode("Relu\u0000\u0000\u0000"), at);
    expect(() => readLinearModel(tampered)).toThrow();
    expect(() => readLinearModel(bytes.subarray(0, bytes.length - 7))).toThrow();
  });
});
