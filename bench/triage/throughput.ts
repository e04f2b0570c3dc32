/**
 * Triage throughput on one core (Node): preprocessing + stage 1 + stage 2 per message, and the
 * CPU cost of the Worker's plain-TS evaluator. CPU time comes from process.cpuUsage(), so other
 * load on the machine inflates wall time but not these numbers (wall time is printed too). It
 * counts every thread of the process, including V8's background compiler and GC helpers.
 *
 *   node bench/triage/throughput.ts [messages=2796] [--modern]
 *
 * `--modern` measures the project's modern corpus (corpus/modern, every split: speed only, no
 * labels are read) instead of SpamAssassin's held-out groups; the warm-up stays on SpamAssassin's
 * training groups, so no measured message is seen before it is timed.
 *
 * Steady state (a long-running agent): the JIT is first warmed on the training groups, which
 * the measured held-out messages never overlap. The cold run (`cold_first_500`) is a fresh
 * process triaging its first 500 held-out messages with no warm-up at all (`cold-run.ts`).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { analyze } from "../../core/triage/analyze.ts";
import { toRow } from "../../core/triage/features/featurize.ts";
import { createStage1Classifier, STAGE1_HASHING, stage1Model } from "../../core/triage/stage1.ts";
import { triageMessage, triageMessages } from "../../core/triage/triage-message.ts";
import { createTsRunner, evaluate } from "../../core/triage/ts-runner.ts";
import { HELD_OUT_GROUPS, loadCorpus, TRAIN_GROUPS } from "../../scripts/triage/corpus.ts";
import { loadModernCorpus } from "../../scripts/triage/modern-corpus.ts";

const args = process.argv.slice(2);
const modern = args.includes("--modern");
const limit = Number(args.find((a) => /^\d+$/.test(a)) ?? Number.POSITIVE_INFINITY);
const BATCH = 500;
const asItem = (m: { id: string; text: string }) => ({
  kind: "email" as const,
  ref: { source: "demo" as const, id: m.id },
  raw: m.text,
});
const loadAtStart = loadavg().map((x) => Math.round(x * 10) / 10);
const msgs = (modern ? loadModernCorpus(["train", "dev", "test"]) : loadCorpus(HELD_OUT_GROUPS)).slice(
  0,
  limit,
);
const items = msgs.map(asItem);
const warm = loadCorpus(TRAIN_GROUPS).map(asItem);
const stage1 = createStage1Classifier();
const runner = createTsRunner(
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "../../core/triage/model/stage2.onnx"))),
);
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

// Warm-up on the training groups so JIT compilation is not billed to the measured messages.
for (const item of warm) {
  await stage1.classify(item);
  await triageMessage({ ctx: { runner }, input: { item } });
}
for (let i = 0; i < warm.length; i += BATCH)
  await triageMessages({ ctx: { runner }, input: { items: warm.slice(i, i + BATCH) } });

/** CPU and wall time of `run` over the held-out items. */
async function measure(run: () => Promise<void>) {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  await run();
  const cpuUsed = cpuMs(process.cpuUsage(cpu));
  const wallUsed = performance.now() - wall;
  return {
    msgsPerCpuSecond: Math.round(items.length / (cpuUsed / 1000)),
    msgsPerWallSecond: Math.round(items.length / (wallUsed / 1000)),
    cpuMsPer500: Math.round((cpuUsed / items.length) * 500),
  };
}

// 1. Full pipeline, one message at a time: preprocessing, rules, stage 1, stage 2 heads, why, entities.
const single = await measure(async () => {
  for (const item of items) await triageMessage({ ctx: { runner }, input: { item } });
});
// 2. The same in batches of 500 (a morning's mail): each phase runs over the batch, then the next.
const batched = await measure(async () => {
  for (let i = 0; i < items.length; i += BATCH)
    await triageMessages({ ctx: { runner }, input: { items: items.slice(i, i + BATCH) } });
});

// 2b. One at a time again over the same messages: the first pass also pays V8 for compiling
// code for shapes and branches the training mail never showed; this one shows the rest.
const singleAgain = await measure(async () => {
  for (const item of items) await triageMessage({ ctx: { runner }, input: { item } });
});

// 3. Stage 1 alone (what the Worker runs), per-message CPU for the median.
const perMsg: number[] = [];
let cpu = process.cpuUsage();
for (const item of items) {
  const c0 = process.cpuUsage();
  await stage1.classify(item);
  perMsg.push(cpuMs(process.cpuUsage(c0)));
}
const s1Cpu = cpuMs(process.cpuUsage(cpu));

// 4. The TS evaluator alone on prepared rows.
const rows = [];
for (const item of items) {
  const a = await analyze(item, STAGE1_HASHING);
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

// 5. Cold: a fresh process, no warm-up, its first 500 held-out messages (batched, as the CLI does).
cpu = process.cpuUsage();
const cold = JSON.parse(
  execFileSync(process.execPath, [path.join(import.meta.dirname, "cold-run.ts"), "500"], {
    encoding: "utf8",
  }),
);

console.log(
  JSON.stringify(
    {
      corpus: modern ? "modern (corpus/modern, all splits)" : "SpamAssassin held-out (easy-ham-2 + spam-2)",
      messages: msgs.length,
      node: process.version,
      loadAverage: { start: loadAtStart, end: loadavg().map((x) => Math.round(x * 10) / 10) },
      pipeline_stage1_plus_stage2: single,
      pipeline_batched_500: batched,
      pipeline_one_at_a_time_second_pass: singleAgain,
      cold_first_500: { corpus: "SpamAssassin held-out", ...cold },
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
