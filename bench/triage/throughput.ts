/**
 * Triage throughput on one core (Node): preprocessing + stage 1 + stage 2 per message, and the
 * CPU cost of the Worker's plain-TS evaluator. CPU time comes from process.cpuUsage(), so other
 * load on the machine inflates wall time but not these numbers (wall time is printed too).
 *
 *   node bench/triage/throughput.ts [messages=2796]
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { analyze } from "../../core/triage/analyze.ts";
import { toRow } from "../../core/triage/features/featurize.ts";
import { createStage1Classifier, STAGE1_HASHING, stage1Model } from "../../core/triage/stage1.ts";
import { triageMessage } from "../../core/triage/triage-message.ts";
import { createTsRunner, evaluate } from "../../core/triage/ts-runner.ts";
import { HELD_OUT_GROUPS, loadCorpus } from "../../scripts/triage/corpus.ts";

const limit = Number(process.argv[2] ?? 2796);
const msgs = loadCorpus(HELD_OUT_GROUPS).slice(0, limit);
const stage1 = createStage1Classifier();
const runner = createTsRunner(
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "../../core/triage/model/stage2.onnx"))),
);
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

// Warm-up so JIT compilation is not billed to the first messages.
for (const m of msgs.slice(0, 200)) {
  const item = { kind: "email" as const, ref: { source: "demo" as const, id: m.id }, raw: m.text };
  await stage1.classify(item);
  await triageMessage({ ctx: { runner }, input: { item } });
}

// 1. Full pipeline per message, parsed once: preprocessing, rules, stage 1, stage 2 heads, why, entities.
let wall = performance.now();
let cpu = process.cpuUsage();
for (const m of msgs) {
  const item = { kind: "email" as const, ref: { source: "demo" as const, id: m.id }, raw: m.text };
  await triageMessage({ ctx: { runner }, input: { item } });
}
const fullCpu = cpuMs(process.cpuUsage(cpu));
const fullWall = performance.now() - wall;

// 2. Stage 1 alone (what the Worker runs), per-message CPU for the median.
const perMsg: number[] = [];
wall = performance.now();
cpu = process.cpuUsage();
for (const m of msgs) {
  const c0 = process.cpuUsage();
  await stage1.classify({ kind: "email", ref: { source: "demo", id: m.id }, raw: m.text });
  perMsg.push(cpuMs(process.cpuUsage(c0)));
}
const s1Cpu = cpuMs(process.cpuUsage(cpu));

// 3. The TS evaluator alone on prepared rows.
const rows = [];
for (const m of msgs) {
  const a = await analyze({ kind: "email", ref: { source: "demo", id: m.id }, raw: m.text }, STAGE1_HASHING);
  if (a.ok) rows.push(toRow(a.bag, STAGE1_HASHING.bits));
}
const model = stage1Model();
const evalTimes: number[] = [];
for (const row of rows) {
  const t = performance.now();
  evaluate(model, [row]);
  evalTimes.push(performance.now() - t);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

console.log(
  JSON.stringify(
    {
      messages: msgs.length,
      node: process.version,
      pipeline_stage1_plus_stage2: {
        msgsPerCpuSecond: Math.round(msgs.length / (fullCpu / 1000)),
        msgsPerWallSecond: Math.round(msgs.length / (fullWall / 1000)),
      },
      stage1_worker_path: {
        msgsPerCpuSecond: Math.round(msgs.length / (s1Cpu / 1000)),
        medianCpuMsPerMessage: Math.round(median(perMsg) * 1000) / 1000,
        p95CpuMsPerMessage: Math.round(p95(perMsg) * 1000) / 1000,
      },
      ts_evaluator_only: {
        medianMsPerMessage: Math.round(median(evalTimes) * 10000) / 10000,
        p95MsPerMessage: Math.round(p95(evalTimes) * 10000) / 10000,
      },
    },
    null,
    2,
  ),
);
