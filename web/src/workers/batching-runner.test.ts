import { readFileSync } from "node:fs";
import path from "node:path";
import { classifyStage2 } from "@scouts/core/triage/stage2";
import { createTsRunner } from "@scouts/core/triage/ts-runner";
import { describe, expect, it } from "vitest";
import { batchingRunner } from "./batching-runner.ts";

const bytes = new Uint8Array(
  readFileSync(path.join(import.meta.dirname, "../../../core/triage/model/stage2.onnx")),
);

describe("batchingRunner", () => {
  it("answers concurrent calls in one model call with the same results as one call each", async () => {
    const plain = createTsRunner(bytes);
    let calls = 0;
    const counted = {
      ...plain,
      run: (rows: Parameters<typeof plain.run>[0]) => {
        calls++;
        return plain.run(rows);
      },
    };
    const batched = batchingRunner(counted);
    const inputs = Array.from({ length: 40 }, (_, i) => ({
      from: `P${i} <p${i % 4}@example.com>`,
      subject: ["Can you review this by Friday?", "Weekly digest", "Your receipt #12", "Server down!"][
        i % 4
      ]!,
      snippet: `message ${i}`,
      date: 1_763_800_000_000,
    }));
    const together = await Promise.all(
      inputs.map((input) => classifyStage2({ ctx: { runner: batched }, input })),
    );
    expect(calls).toBeLessThan(inputs.length);
    for (const [i, input] of inputs.entries()) {
      const alone = await classifyStage2({ ctx: { runner: plain }, input });
      expect([together[i]!.bucket, together[i]!.speechAct, together[i]!.category]).toEqual([
        alone.bucket,
        alone.speechAct,
        alone.category,
      ]);
      expect(together[i]!.priority).toBeCloseTo(alone.priority, 6);
    }
  });

  it("rejects every caller of a failed batch", async () => {
    const plain = createTsRunner(bytes);
    const broken = batchingRunner({ ...plain, run: () => Promise.reject(new Error("wasm trap")) });
    const rows = [new Map()] as never;
    await expect(Promise.all([broken.run(rows), broken.run(rows)])).rejects.toThrow("wasm trap");
  });
});
