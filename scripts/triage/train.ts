import { analyze } from "../../core/triage/analyze.ts";
import {
  DEFAULT_HASHING,
  type FeatureBag,
  type HashingSpec,
  type SparseRow,
  toRow,
} from "../../core/triage/features/featurize.ts";
import { NAMED_FEATURES } from "../../core/triage/features/named.ts";
import { BUCKETS, CATEGORIES, SPEECH_ACTS, STAGE1_LABELS } from "../../core/triage/labels.ts";
import { type WeakLabels, weakLabels } from "../../core/triage/weak-labels.ts";
import { type CorpusMessage, isSpamGroup } from "./corpus.ts";
import { buildOnnx, type ExportHead } from "./export-onnx.ts";
import { fitPlatt, forward, type TrainOptions, trainLinear } from "./optimize.ts";

export const STAGE1_BITS = DEFAULT_HASHING.bits;
export const STAGE2_BITS = 13;
// Chosen by 5-fold cross-validation on the training groups only (never on held-out data).
export const STAGE1_TRAIN: TrainOptions = { iterations: 600, learningRate: 0.1, l2: 1e-6 };
export const STAGE2_TRAIN: TrainOptions = { iterations: 100, learningRate: 0.05, l2: 1e-5 };
const FOLDS = 5;

export interface Example {
  id: string;
  group: string;
  spam: boolean;
  bag: FeatureBag;
  weak: WeakLabels;
}

export interface Artifacts {
  stage1Onnx: Uint8Array;
  stage1Sidecar: Record<string, unknown>;
  stage2Onnx: Uint8Array;
  stage2Sidecar: Record<string, unknown>;
}

/** Preprocesses, rules and featurises the messages (unparseable ones are skipped and counted). */
export async function prepareExamples(
  messages: CorpusMessage[],
  hashing: HashingSpec = DEFAULT_HASHING,
): Promise<Example[]> {
  const out: Example[] = [];
  for (const m of messages) {
    const a = await analyze({ kind: "email", ref: { source: "demo", id: m.id }, raw: m.text }, hashing);
    if (!a.ok) continue;
    const spam = isSpamGroup(m.group);
    out.push({ id: m.id, group: m.group, spam, bag: a.bag, weak: weakLabels(a.p, a.hits, spam) });
  }
  return out;
}

/**
 * Trains stage 1 (spam, Platt-calibrated on out-of-fold logits) and the stage-2 heads (weak
 * labels), and exports both as ONNX plus sidecars. Pure function of `examples`: byte-identical
 * output for identical input.
 */
export function trainArtifacts(
  examples: Example[],
  groups: readonly string[],
  opts: { stage1?: TrainOptions; stage2?: TrainOptions; hashing?: HashingSpec } = {},
): Artifacts {
  const hashing = opts.hashing ?? DEFAULT_HASHING;
  const s1 = opts.stage1 ?? STAGE1_TRAIN;
  const s2 = opts.stage2 ?? STAGE2_TRAIN;
  const rows1 = examples.map((e) => toRow(e.bag, STAGE1_BITS));
  const y1 = Float64Array.from(examples, (e) => (e.spam ? 1 : 0));
  // Spam and ham weigh the same in total: the training set's 15 % spam is not a real inbox's rate.
  const nSpam = examples.filter((e) => e.spam).length;
  const spamWeight = nSpam > 0 ? (examples.length - nSpam) / nSpam : 1;
  const w1 = Float64Array.from(examples, (e) => (e.spam ? spamWeight : 1));
  const oofLogits: number[] = new Array(examples.length).fill(0);
  for (let f = 0; f < FOLDS; f++) {
    const trainIdx = rows1.map((_, i) => i).filter((i) => i % FOLDS !== f);
    const m = trainLinear(
      trainIdx.map((i) => rows1[i]!),
      Float64Array.from(trainIdx, (i) => y1[i]!),
      1,
      "sigmoid",
      s1,
      Float64Array.from(trainIdx, (i) => w1[i]!),
    );
    for (let i = f; i < rows1.length; i += FOLDS) oofLogits[i] = logit(m.weights, m.bias, rows1[i]!);
  }
  const platt = fitPlatt(oofLogits, [...y1], [...w1]);
  const full = trainLinear(rows1, y1, 1, "sigmoid", s1, w1);
  const dim1 = rows1[0]!.dim;
  // Two-column softmax over [0, a·z + c] equals the calibrated sigmoid: column 0 stays zero.
  const W1 = new Float32Array(dim1 * 2);
  for (let i = 0; i < dim1; i++) W1[i * 2 + 1] = platt.a * full.weights[i]!;
  const B1 = Float32Array.from([0, platt.a * full.bias[0]! + platt.c]);
  const stage1Onnx = buildOnnx(
    "features",
    dim1,
    [{ output: "spam", activation: "softmax", weights: W1, bias: B1, width: 2 }],
    "Scouts stage 1: relevant vs spam",
  );
  const oofF1 = f1(
    oofLogits.map((z) => 1 / (1 + Math.exp(-(platt.a * z + platt.c))) >= 0.5),
    [...y1].map((v) => v === 1),
  );

  const rows2 = examples.map((e) => toRow(e.bag, STAGE2_BITS));
  const dim2 = rows2[0]!.dim;
  const heads: ExportHead[] = [];
  const agreement: Record<string, number> = {};
  for (const [output, labels, key] of [
    ["bucket", BUCKETS, "bucket"],
    ["speech_act", SPEECH_ACTS, "speechAct"],
    ["category", CATEGORIES, "category"],
  ] as const) {
    const width = labels.length;
    const y = new Float64Array(examples.length * width);
    examples.forEach((e, r) => {
      y[r * width + (labels as readonly string[]).indexOf(e.weak[key])] = 1;
    });
    const m = trainLinear(rows2, y, width, "softmax", s2);
    heads.push({
      output,
      activation: "softmax",
      weights: Float32Array.from(m.weights),
      bias: Float32Array.from(m.bias),
      width,
    });
    agreement[output] = trainingAgreement(
      rows2,
      m,
      width,
      examples.map((e) => (labels as readonly string[]).indexOf(e.weak[key])),
    );
  }
  const yp = Float64Array.from(examples, (e) => e.weak.priority);
  const pm = trainLinear(rows2, yp, 1, "sigmoid", s2);
  heads.push({
    output: "priority",
    activation: "sigmoid",
    weights: Float32Array.from(pm.weights),
    bias: Float32Array.from(pm.bias),
    width: 1,
  });
  const stage2Onnx = buildOnnx(
    "features",
    dim2,
    heads,
    "Scouts stage 2: bucket, speech act, category, priority",
  );

  const counts = {
    messages: examples.length,
    spam: examples.filter((e) => e.spam).length,
    ham: examples.filter((e) => !e.spam).length,
  };
  const common = {
    format: "scouts-triage-model/1",
    input: "features",
    namedFeatures: NAMED_FEATURES.map((f) => f.name),
  };
  return {
    stage1Onnx,
    stage1Sidecar: {
      ...common,
      model: "stage1",
      onnx: "stage1.onnx",
      hashing: { ...hashing, bits: STAGE1_BITS },
      dim: dim1,
      outputs: [{ name: "spam", activation: "softmax", labels: STAGE1_LABELS }],
      threshold: 0.5,
      calibration: {
        method: "platt",
        folds: FOLDS,
        classBalanced: true,
        a: platt.a,
        c: platt.c,
        outOfFoldSpamF1: oofF1,
      },
      training: { groups, counts, spamWeight, ...s1 },
    },
    stage2Onnx,
    stage2Sidecar: {
      ...common,
      model: "stage2",
      onnx: "stage2.onnx",
      hashing: { ...hashing, bits: STAGE2_BITS },
      dim: dim2,
      outputs: [
        { name: "bucket", activation: "softmax", labels: BUCKETS },
        { name: "speech_act", activation: "softmax", labels: SPEECH_ACTS },
        { name: "category", activation: "softmax", labels: CATEGORIES },
        { name: "priority", activation: "sigmoid", labels: ["priority"] },
      ],
      labelSource: "weak supervision from core/triage/weak-labels.ts (see core/triage/README.md)",
      trainingAgreementWithWeakLabels: agreement,
      training: { groups, counts, ...s2 },
    },
  };
}

function logit(W: Float64Array, b: Float64Array, row: SparseRow): number {
  let z = b[0]!;
  for (let j = 0; j < row.indices.length; j++) z += row.values[j]! * W[row.indices[j]!]!;
  return z;
}

function trainingAgreement(
  rows: SparseRow[],
  m: { weights: Float64Array; bias: Float64Array },
  width: number,
  gold: number[],
): number {
  let ok = 0;
  rows.forEach((row, r) => {
    const p = forward(m.weights, m.bias, row, width, "softmax");
    let best = 0;
    for (let k = 1; k < width; k++) if (p[k]! > p[best]!) best = k;
    if (best === gold[r]) ok++;
  });
  return Math.round((ok / rows.length) * 10000) / 10000;
}

function f1(pred: boolean[], gold: boolean[]): number {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  pred.forEach((p, i) => {
    if (p && gold[i]) tp++;
    else if (p) fp++;
    else if (gold[i]) fn++;
  });
  return Math.round(((2 * tp) / (2 * tp + fp + fn)) * 10000) / 10000;
}
