import { readFileSync } from "node:fs";
import path from "node:path";
import { analyze } from "@scouts/core/triage/analyze";
import { type SparseRow, toRow } from "@scouts/core/triage/features/featurize";
import type { ModelRunner } from "@scouts/core/triage/model-runner";
import { createOrtRunner, type OrtLike } from "@scouts/core/triage/ort-runner";
import { STAGE1_HASHING } from "@scouts/core/triage/stage1";
import { STAGE2_HASHING, stage2BagOf } from "@scouts/core/triage/stage2";
import { createTsRunner } from "@scouts/core/triage/ts-runner";
import * as ortNode from "onnxruntime-node";
import * as ortWeb from "onnxruntime-web";
import { beforeAll, describe, expect, it } from "vitest";
import { createOnnxRunner } from "../../local-agent/adapters/onnx-runner.ts";
import { HELD_OUT_GROUPS, loadCorpus } from "../../scripts/triage/corpus.ts";

const modelDir = path.join(import.meta.dirname, "../../core/triage/model");
const bytes = (name: string) => new Uint8Array(readFileSync(path.join(modelDir, name)));
const ALL_GROUPS = ["easy-ham-1", "easy-ham-2", "hard-ham-1", "spam-1", "spam-2"];

// One pass over all 6,046 corpus messages: none may throw; held-out rows feed the parity checks.
const rows1: SparseRow[] = [];
const rows2: SparseRow[] = [];
let processed = 0;
let unparseable = 0;

beforeAll(async () => {
  const heldOut = new Set<string>(HELD_OUT_GROUPS);
  for (const m of loadCorpus(ALL_GROUPS)) {
    const a = await analyze(
      { kind: "email", ref: { source: "demo", id: m.id }, raw: m.text },
      STAGE1_HASHING,
    );
    processed++;
    if (!a.ok) {
      unparseable++;
      continue;
    }
    if (heldOut.has(m.group)) {
      rows1.push(toRow(a.bag, STAGE1_HASHING.bits));
      rows2.push(toRow(stage2BagOf(a), STAGE2_HASHING.bits));
    }
  }
}, 120_000);

async function maxDiff(a: ModelRunner, b: ModelRunner, rows: SparseRow[]): Promise<number> {
  let worst = 0;
  for (let i = 0; i < rows.length; i += 200) {
    const batch = rows.slice(i, i + 200);
    const [x, y] = [await a.run(batch), await b.run(batch)];
    for (const h of a.model.heads) {
      const u = x[h.output]!;
      const v = y[h.output]!;
      expect(v.length).toBe(u.length);
      for (let k = 0; k < u.length; k++) worst = Math.max(worst, Math.abs(u[k]! - v[k]!));
    }
  }
  return worst;
}

describe("corpus and runtime parity", () => {
  it("processes every corpus message without an exception", () => {
    expect(processed).toBe(6046);
    expect(unparseable).toBe(0);
    expect(rows1.length).toBe(2796);
  });

  it("stage 1: TS evaluator, onnxruntime-node and onnxruntime-web agree within 1e-5 on held-out", async () => {
    ortWeb.env.wasm.numThreads = 1;
    const ts = createTsRunner(bytes("stage1.onnx"));
    const node = await createOrtRunner(
      ortNode as unknown as OrtLike,
      bytes("stage1.onnx"),
      "onnxruntime-node",
    );
    const web = await createOrtRunner(ortWeb as unknown as OrtLike, bytes("stage1.onnx"), "onnxruntime-web");
    expect(await maxDiff(ts, node, rows1)).toBeLessThan(1e-5);
    expect(await maxDiff(ts, web, rows1)).toBeLessThan(1e-5);
    expect(await maxDiff(node, web, rows1)).toBeLessThan(1e-5);
  });

  it("stage 2 (all three heads; priority is the bucket's expectation): the agent's onnxruntime-node runner and onnxruntime-web match the TS evaluator", async () => {
    const ts = createTsRunner(bytes("stage2.onnx"));
    const node = await createOnnxRunner();
    const web = await createOrtRunner(ortWeb as unknown as OrtLike, bytes("stage2.onnx"), "onnxruntime-web");
    expect(ts.model.heads.map((h) => h.output)).toEqual(["bucket", "speech_act", "category"]);
    expect(await maxDiff(ts, node, rows2)).toBeLessThan(1e-5);
    expect(await maxDiff(ts, web, rows2)).toBeLessThan(1e-5);
  });
});
