import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STACK_FLAGS, type Stack, stackWidth } from "../../core/triage/stack.ts";
import { isSpamGroup, loadCorpus, TRAIN_GROUPS } from "../../scripts/triage/corpus.ts";
import { modernTrain } from "../../scripts/triage/sources.ts";
import { type Choices, prepareExamples, trainArtifacts } from "../../scripts/triage/train.ts";

const small: Choices = {
  stage1: { iterations: 15, learningRate: 0.05, l2: 1e-5, spamWeight: "balanced", dropped: ["money"] },
  stage2: { iterations: 15, learningRate: 0.05, l2: 1e-5, classPower: 0.5 },
};
const prov = { stage1: [...TRAIN_GROUPS], stage2: [...TRAIN_GROUPS] };
const train = async (msgs: { id: string; group: string; text: string }[]) => {
  const ex = await prepareExamples(msgs.map((m) => ({ ...m, spam: isSpamGroup(m.group) })));
  return trainArtifacts(ex, ex, prov, small);
};

describe("train:triage determinism", () => {
  it("gives byte-identical ONNX files when trained twice on the same subset", async () => {
    const corpus = loadCorpus(TRAIN_GROUPS);
    // Every 40th message keeps all three groups in the subset.
    const subset = corpus.filter((_, i) => i % 40 === 0);
    expect(new Set(subset.map((m) => m.group)).size).toBe(3);
    const a = await train(subset);
    const b = await train(subset);
    expect(Buffer.from(a.stage1Onnx).equals(Buffer.from(b.stage1Onnx))).toBe(true);
    expect(Buffer.from(a.stage2Onnx).equals(Buffer.from(b.stage2Onnx))).toBe(true);
    expect(JSON.stringify(a.stage1Sidecar)).toBe(JSON.stringify(b.stage1Sidecar));
    // A different subset must give different bytes, or the check above proves nothing.
    const c = await train(corpus.filter((_, i) => i % 40 === 1));
    expect(Buffer.from(c.stage1Onnx).equals(Buffer.from(a.stage1Onnx))).toBe(false);
  }, 60_000);

  it("with the modern threat head: byte-identical twice, and the head is in the stage-1 ONNX", async () => {
    const sa = await prepareExamples(
      loadCorpus(TRAIN_GROUPS)
        .filter((_, i) => i % 80 === 0)
        .map((m) => ({ ...m, spam: isSpamGroup(m.group) })),
    );
    const modern = await prepareExamples(modernTrain().filter((_, i) => i % 6 === 0));
    expect(new Set(modern.map((e) => e.spam)).size).toBe(2);
    const withThreat = { ...small, threat: { iterations: 15, learningRate: 0.05, l2: 1e-4 } };
    const run = () => trainArtifacts([...sa, ...modern], modern, prov, withThreat);
    const a = run();
    const b = run();
    expect(Buffer.from(a.stage1Onnx).equals(Buffer.from(b.stage1Onnx))).toBe(true);
    expect(JSON.stringify(a.stage1Sidecar)).toBe(JSON.stringify(b.stage1Sidecar));
    expect((a.stage1Sidecar.threat as { threshold: number }).threshold).toBeGreaterThan(0);
    expect(Buffer.from(a.stage1Onnx).includes(Buffer.from("threat.W"))).toBe(true);
    expect(
      Buffer.from(trainArtifacts([...sa, ...modern], modern, prov, small).stage1Onnx).includes(
        Buffer.from("threat.W"),
      ),
    ).toBe(false);
  }, 120_000);

  it("with the second layer over the heads: identical twice, and the layer is in the stage-2 sidecar", async () => {
    const modern = await prepareExamples(modernTrain().filter((_, i) => i % 6 === 0));
    const withStack: Choices = {
      ...small,
      stage2: { ...small.stage2, urgentShift: 0.5, stack: { bucket: { l2: 1e-2, classPower: 0 } } },
    };
    const a = trainArtifacts(modern, modern, prov, withStack);
    const b = trainArtifacts(modern, modern, prov, withStack);
    expect(Buffer.from(a.stage2Onnx).equals(Buffer.from(b.stage2Onnx))).toBe(true);
    expect(JSON.stringify(a.stage2Sidecar)).toBe(JSON.stringify(b.stage2Sidecar));
    const stack = a.stage2Sidecar.stack as Stack;
    expect(stack.heads.bucket!.weights.length).toBe(4 * stackWidth(STACK_FLAGS));
    expect(stack.heads.speech_act).toBeUndefined();
    // The urgent shift moves to the layer's bias when the bucket is stacked, not into the ONNX.
    const plain = trainArtifacts(modern, modern, prov, {
      ...withStack,
      stage2: { ...withStack.stage2, urgentShift: 0 },
    });
    expect(Buffer.from(plain.stage2Onnx).equals(Buffer.from(a.stage2Onnx))).toBe(true);
    const urgent = (x: typeof a) => (x.stage2Sidecar.stack as Stack).heads.bucket!.bias[0]!;
    expect(urgent(a) - urgent(plain)).toBeCloseTo(0.5, 5);
  }, 120_000);

  it("the committed artifacts match the hashes in their sidecars and never saw held-out groups", () => {
    const dir = path.join(import.meta.dirname, "../../core/triage/model");
    for (const name of ["stage1", "stage2"]) {
      const sidecar = JSON.parse(readFileSync(path.join(dir, `${name}.json`), "utf8"));
      const sha = createHash("sha256")
        .update(readFileSync(path.join(dir, `${name}.onnx`)))
        .digest("hex");
      expect(sha).toBe(sidecar.sha256);
      // Training sources: SpamAssassin's training groups and the modern train/dev splits, never held-out.
      for (const src of sidecar.training.sources)
        expect(src).toMatch(/^(easy-ham-1|hard-ham-1|spam-1|modern:(train|dev))$/);
    }
    const embedded = readFileSync(path.join(dir, "stage1-model.ts"), "utf8").match(
      /"([A-Za-z0-9+/=]{1000,})"/,
    )![1]!;
    expect(Buffer.from(embedded, "base64").equals(readFileSync(path.join(dir, "stage1.onnx")))).toBe(true);
  });
});
