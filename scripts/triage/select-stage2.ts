/**
 * Chooses stage 2's inputs and settings on training data only: grouped 5-fold cross-validation
 * over the modern corpus's train + dev splits (folds by sender organisation), with the
 * train → dev score printed beside it. The modern test split is never read. Writes
 * core/triage/model/stage2-choices.json, which `npm run train:triage` reads.
 *
 *   node scripts/triage/select-stage2.ts [--quick]
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import type { SparseRow } from "../../core/triage/features/featurize.ts";
import {
  STAGE2_FEATURE_GROUPS,
  type Stage2FeatureGroup,
} from "../../core/triage/features/stage2-features.ts";
import { BUCKETS } from "../../core/triage/labels.ts";
import { loadModernCorpus } from "./modern-corpus.ts";
import { forward } from "./optimize.ts";
import { modernTrain, STAGE2_CHOICES_FILE } from "./sources.ts";
import {
  type Example,
  FOLDS,
  foldOf,
  prepareExamples,
  STAGE2_HEADS,
  type Stage2Choice,
  stage2Rows,
  stage2TargetsFor,
  trainStage2Heads,
} from "./train.ts";

/**
 * A missed urgent message costs this many false alarms (someone misses a production outage or
 * a flight change vs glances at one more "urgent"); fixed before looking at any score.
 */
export const URGENT_MISS_COST = 3;
const URGENT = BUCKETS.indexOf("urgent");

const log = (x: unknown) => console.log(JSON.stringify(x));
const examples = await prepareExamples(modernTrain());
const trainIds = new Set(loadModernCorpus(["train"]).map((m) => m.id));
const isTrain = examples.map((e) => trainIds.has(e.id));
log({ modern: examples.length, train: isTrain.filter(Boolean).length, folds: FOLDS });
const { targets } = stage2TargetsFor(examples);
const urgentGold = examples.map((e) => e.hand!.urgent || e.hand!.bucket === "urgent");

interface Scores {
  bucket: number;
  speech_act: number;
  category: number;
  urgentRecall: number;
  urgentPrecision: number;
  score: number;
}

/** Out-of-sample class probabilities for `te` from heads trained on `tr`. */
function predict(rows: SparseRow[], tr: number[], te: number[], choice: Stage2Choice) {
  const pick = <T>(xs: T[]) => tr.map((i) => xs[i]!);
  const heads = trainStage2Heads(
    pick(rows),
    {
      bucket: pick(targets.bucket),
      speech_act: pick(targets.speech_act),
      category: pick(targets.category),
      priority: pick(targets.priority),
    },
    { ...choice, urgentShift: 0 },
  );
  const out = new Map<number, Record<string, Float64Array>>();
  for (const i of te) {
    const r: Record<string, Float64Array> = {};
    STAGE2_HEADS.forEach(([name], k) => {
      const h = heads[k]!;
      r[name] = forward(
        Float64Array.from(h.weights),
        Float64Array.from(h.bias),
        rows[i]!,
        h.width,
        "softmax",
      );
    });
    out.set(i, r);
  }
  return out;
}

function argmax(p: ArrayLike<number>, shift = 0): number {
  let best = 0;
  const v = (k: number) => Math.log(Math.max(p[k]!, 1e-12)) + (k === URGENT ? shift : 0);
  for (let k = 1; k < p.length; k++) if (v(k) > v(best)) best = k;
  return best;
}

function score(preds: Map<number, Record<string, Float64Array>>, shift: number): Scores {
  const idx = [...preds.keys()];
  const correct = { bucket: 0, speech_act: 0, category: 0 };
  let hit = 0;
  let said = 0;
  let saidRight = 0;
  for (const i of idx) {
    const p = preds.get(i)!;
    for (const [name] of STAGE2_HEADS) {
      const a = argmax(p[name]!, name === "bucket" ? shift : 0);
      if (a === targets[name][i]) correct[name]++;
      if (name === "bucket" && a === URGENT) {
        said++;
        if (urgentGold[i]) saidRight++;
      }
      if (name === "bucket" && urgentGold[i] && a === URGENT) hit++;
    }
  }
  const n = idx.length || 1;
  const nUrgent = idx.filter((i) => urgentGold[i]).length || 1;
  const s = {
    bucket: round(correct.bucket / n),
    speech_act: round(correct.speech_act / n),
    category: round(correct.category / n),
    urgentRecall: round(hit / nUrgent),
    urgentPrecision: round(saidRight / (said || 1)),
  };
  return { ...s, score: round((s.bucket + s.speech_act + s.category + s.urgentRecall) / 4) };
}

/** The urgent shift with the least out-of-fold cost (URGENT_MISS_COST per miss, 1 per false alarm). */
function chooseShift(preds: Map<number, Record<string, Float64Array>>): number {
  let best = { shift: 0, cost: Number.POSITIVE_INFINITY };
  for (let shift = 0; shift <= 3.001; shift += 0.25) {
    let cost = 0;
    for (const [i, p] of preds) {
      const urgent = argmax(p.bucket!, shift) === URGENT;
      if (urgentGold[i] && !urgent) cost += URGENT_MISS_COST;
      else if (!urgentGold[i] && urgent) cost += 1;
    }
    if (cost < best.cost) best = { shift: round(shift), cost };
  }
  return best.shift;
}

type Preds = Map<number, Record<string, Float64Array>>;

/** Out-of-fold (grouped) and train → dev probabilities of every head under `choice`. */
function predictions(choice: Stage2Choice): { oof: Preds; dev: Preds } {
  const rows = stage2Rows(examples, choice.features);
  const folds = examples.map((e: Example) => foldOf(e));
  const oof: Preds = new Map();
  for (let f = 0; f < FOLDS; f++) {
    const tr = folds.flatMap((g, i) => (g === f ? [] : [i]));
    const te = folds.flatMap((g, i) => (g === f ? [i] : []));
    for (const [i, p] of predict(rows, tr, te, choice)) oof.set(i, p);
  }
  const tr = isTrain.flatMap((t, i) => (t ? [i] : []));
  const dev = isTrain.flatMap((t, i) => (t ? [] : [i]));
  return { oof, dev: predict(rows, tr, dev, choice) };
}

/** Each head's probabilities taken from the run that head chose. */
function combine(runs: Preds[], pickRun: Record<string, number>): Preds {
  const out: Preds = new Map();
  for (const i of runs[0]!.keys())
    out.set(
      i,
      Object.fromEntries(STAGE2_HEADS.map(([name]) => [name, runs[pickRun[name]!]!.get(i)![name]!])),
    );
  return out;
}

// Heads are trained independently, so each head takes the L2 and class weighting with its best
// out-of-fold accuracy; the stage-2 inputs are compared with and without the new groups.
const quick = process.argv.includes("--quick");
const all = [...STAGE2_FEATURE_GROUPS];
const grid: Stage2Choice[] = [];
for (const features of quick ? [all] : ([[], all] as Stage2FeatureGroup[][]))
  for (const l2 of quick ? [1e-5] : [1e-5, 1e-4])
    for (const classPower of quick ? [1] : [0.5, 1])
      if (features.length > 0 || (l2 === 1e-5 && classPower === 1))
        grid.push({ iterations: 500, learningRate: 0.05, l2, classPower, features });
const runs: { choice: Stage2Choice; oof: Preds; dev: Preds }[] = [];
for (const choice of grid) {
  const t0 = Date.now();
  const r = predictions(choice);
  runs.push({ choice, ...r });
  log({ stage2: choice, cv: score(r.oof, 0), dev: score(r.dev, 0), ms: Date.now() - t0 });
}
const withAll = runs
  .map((r, k) => [r, k] as const)
  .filter(([r]) => (r.choice.features ?? []).length === all.length);
const pickRun: Record<string, number> = {};
for (const [name] of STAGE2_HEADS) {
  let best = withAll[0]![1];
  for (const [, k] of withAll) if (score(runs[k]!.oof, 0)[name] > score(runs[best]!.oof, 0)[name]) best = k;
  pickRun[name] = best;
}
const oof = combine(
  runs.map((r) => r.oof),
  pickRun,
);
const dev = combine(
  runs.map((r) => r.dev),
  pickRun,
);
const urgentShift = chooseShift(oof);
const base = runs[pickRun.bucket!]!.choice;
const chosen: Stage2Choice = {
  ...base,
  urgentShift,
  heads: Object.fromEntries(
    STAGE2_HEADS.map(([name]) => {
      const c = runs[pickRun[name]!]!.choice;
      return [name, { l2: c.l2, classPower: c.classPower }];
    }),
  ),
};
const result = { cv: score(oof, urgentShift), dev: score(dev, urgentShift), cvNoShift: score(oof, 0) };
log({ chosen, ...result });
if (!quick) {
  writeFileSync(
    STAGE2_CHOICES_FILE,
    `${JSON.stringify({ note: "written by node scripts/triage/select-stage2.ts (grouped 5-fold CV on the modern train + dev splits, folds by sender organisation; the test split is never read)", stage2: chosen, ...result }, null, 2)}\n`,
  );
  // Formatted as the repo's formatter wants, so a rerun leaves `npm run check` clean.
  execFileSync(
    new URL("../../node_modules/.bin/biome", import.meta.url).pathname,
    ["format", "--write", STAGE2_CHOICES_FILE],
    { stdio: "ignore" },
  );
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}
