/**
 * Held-out evaluation (easy-ham-2 + spam-2, never used for training or tuning) of stage 1 next to
 * bogofilter and SpamAssassin trained on the same training groups. Prints one JSON document.
 *
 *   npm run -s eval:triage              # needs `apt-get install -y bogofilter spamassassin`
 *   npm run -s eval:triage -- --no-baselines
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { analyze } from "../core/triage/analyze.ts";
import { toRow } from "../core/triage/features/featurize.ts";
import { BUCKETS, CATEGORIES, SPEECH_ACTS } from "../core/triage/labels.ts";
import { createStage1Classifier } from "../core/triage/stage1.ts";
import { STAGE2_HASHING } from "../core/triage/stage2.ts";
import { createTsRunner } from "../core/triage/ts-runner.ts";
import { weakLabels } from "../core/triage/weak-labels.ts";
import { corpusFiles, runBogofilter, runSpamAssassin } from "./triage/baselines.ts";
import { HELD_OUT_GROUPS, isSpamGroup, loadCorpus, TRAIN_GROUPS } from "./triage/corpus.ts";
import { evalInjection } from "./triage/eval-injection.ts";
import { calibration, spamMetrics } from "./triage/metrics.ts";

const withBaselines = !process.argv.includes("--no-baselines");
const held = loadCorpus(HELD_OUT_GROUPS);
const stage1 = createStage1Classifier();

// Ours: the full stage-1 path (parse, hidden-content removal, rules, features, TS evaluator).
const verdicts = [];
const t0 = performance.now();
const cpu0 = process.cpuUsage();
for (const m of held)
  verdicts.push(await stage1.classify({ kind: "email", ref: { source: "demo", id: m.id }, raw: m.text }));
const oursSeconds = (performance.now() - t0) / 1000;
const cpu1 = process.cpuUsage(cpu0);
const oursCpuSeconds = (cpu1.user + cpu1.system) / 1e6;
const actual = held.map((m) => isSpamGroup(m.group));
const pSpam = verdicts.map((v) => (v.verdict === "spam" ? v.confidence : 1 - v.confidence));
const ours = {
  name: "scouts stage 1 (T0 rules + linear model, TS evaluator)",
  ...spamMetrics(verdicts.map((v, i) => ({ predicted: v.verdict === "spam", actual: actual[i]! }))),
  unparseable: verdicts.filter((v) => v.verdict === "unparseable").length,
  decidedByRules: verdicts.filter((v) => v.reason.startsWith("decided:")).length,
  calibration: calibration(pSpam, actual),
  seconds: round(oursSeconds),
  cpuSeconds: round(oursCpuSeconds),
  msgsPerSec: Math.round(held.length / oursSeconds),
  msgsPerCpuSec: Math.round(held.length / oursCpuSeconds),
};

// Injection flags and hidden content on held-out ham; stage-2 agreement with weak labels.
const runner = createTsRunner(
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "../core/triage/model/stage2.onnx"))),
);
const flagged: Record<string, number> = {};
let hamFlagged = 0;
let hamHidden = 0;
let hamN = 0;
const agree = { bucket: 0, speech_act: 0, category: 0, n: 0 };
const t1 = performance.now();
for (const m of held) {
  const a = await analyze({ kind: "email", ref: { source: "demo", id: m.id }, raw: m.text }, STAGE2_HASHING);
  if (!a.ok) continue;
  const spam = isSpamGroup(m.group);
  if (!spam) {
    hamN++;
    if (a.p.injection.length) hamFlagged++;
    if (a.p.hiddenContentRemoved) hamHidden++;
    for (const r of a.p.injection) flagged[r] = (flagged[r] ?? 0) + 1;
  }
  const weak = weakLabels(a.p, a.hits, spam);
  const out = await runner.run([toRow(a.bag, STAGE2_HASHING.bits)]);
  agree.n++;
  if (BUCKETS[argmax(out.bucket!)] === weak.bucket) agree.bucket++;
  if (SPEECH_ACTS[argmax(out.speech_act!)] === weak.speechAct) agree.speech_act++;
  if (CATEGORIES[argmax(out.category!)] === weak.category) agree.category++;
}
const stage2Seconds = (performance.now() - t1) / 1000;

const report: Record<string, unknown> = {
  heldOut: {
    groups: HELD_OUT_GROUPS,
    messages: held.length,
    spam: actual.filter(Boolean).length,
    ham: actual.filter((x) => !x).length,
  },
  trainedOn: TRAIN_GROUPS,
  ours,
  injectionFlagOnHeldOutHam: {
    ham: hamN,
    flagged: hamFlagged,
    rate: round(hamFlagged / hamN, 5),
    byReason: flagged,
  },
  hiddenContentRemovedOnHeldOutHam: { count: hamHidden, rate: round(hamHidden / hamN, 4) },
  stage2AgreementWithWeakLabels: {
    note: "agreement with rule-derived labels on held-out mail, not accuracy against human labels",
    bucket: round(agree.bucket / agree.n, 4),
    speech_act: round(agree.speech_act / agree.n, 4),
    category: round(agree.category / agree.n, 4),
    preprocessPlusStage2MsgsPerSec: Math.round(agree.n / stage2Seconds),
  },
};

// --- injection split (issue 13 item 7; scripts/triage/eval-injection.ts owns it) ---
report.injectionSplit = await evalInjection();
// --- end injection split ---

if (withBaselines) {
  const trainFiles = corpusFiles(TRAIN_GROUPS).map((f) => ({ file: f.file, spam: isSpamGroup(f.group) }));
  const testFiles = corpusFiles(HELD_OUT_GROUPS);
  const truth = new Map(testFiles.map((f) => [f.file, isSpamGroup(f.group)]));
  for (const [key, run] of [
    ["bogofilter", runBogofilter],
    ["spamassassin", runSpamAssassin],
  ] as const) {
    try {
      const r = run(
        trainFiles,
        testFiles.map((f) => f.file),
      );
      const metrics = (pred: Map<string, boolean>) =>
        spamMetrics([...truth].map(([file, spam]) => ({ predicted: pred.get(file) ?? false, actual: spam })));
      report[key] = {
        name: r.version,
        settings: r.settings,
        ...metrics(r.predictions),
        missing: [...truth.keys()].filter((f) => !r.predictions.has(f)).length,
        trainSeconds: round(r.trainSeconds),
        seconds: round(r.classifySeconds),
        cpuSeconds: round(r.classifyCpuSeconds),
        msgsPerSec: Math.round(testFiles.length / r.classifySeconds),
        msgsPerCpuSec: Math.round(testFiles.length / r.classifyCpuSeconds),
      };
      if (r.alternative)
        report[`${key}Alternative`] = {
          settings: r.alternative.settings,
          ...metrics(r.alternative.predictions),
        };
    } catch (e) {
      report[key] = { error: e instanceof Error ? e.message.slice(0, 300) : String(e) };
    }
  }
  const sa = report.spamassassin as { msgsPerSec?: number; msgsPerCpuSec?: number };
  if (sa.msgsPerSec) report.speedupVsSpamAssassinWall = round(ours.msgsPerSec / sa.msgsPerSec, 1);
  if (sa.msgsPerCpuSec) report.speedupVsSpamAssassinCpu = round(ours.msgsPerCpuSec / sa.msgsPerCpuSec, 1);
  report.loadAverage = loadavg().map((x) => round(x, 2));
}
console.log(JSON.stringify(report, null, 2));

function argmax(v: Float32Array): number {
  let b = 0;
  for (let k = 1; k < v.length; k++) if (v[k]! > v[b]!) b = k;
  return b;
}

function round(x: number, d = 3): number {
  const f = 10 ** d;
  return Math.round(x * f) / f;
}
