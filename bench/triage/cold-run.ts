/**
 * A cold morning triage: a fresh process, no warm-up, the first N held-out messages in one
 * `triageMessages` batch. Prints CPU and wall time for the triage itself (module loading and
 * reading the corpus are outside the measured span). Run by `throughput.ts`.
 *
 *   node bench/triage/cold-run.ts [messages=500]
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { triageMessages } from "../../core/triage/triage-message.ts";
import { createTsRunner } from "../../core/triage/ts-runner.ts";
import { HELD_OUT_GROUPS, loadCorpus } from "../../scripts/triage/corpus.ts";

const n = Number(process.argv[2] ?? 500);
const items = loadCorpus(HELD_OUT_GROUPS)
  .slice(0, n)
  .map((m) => ({ kind: "email" as const, ref: { source: "demo" as const, id: m.id }, raw: m.text }));
const runner = createTsRunner(
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "../../core/triage/model/stage2.onnx"))),
);
const wall = performance.now();
const cpu = process.cpuUsage();
const results = await triageMessages({ ctx: { runner }, input: { items } });
const used = process.cpuUsage(cpu);
const cpuMs = (used.user + used.system) / 1000;
const wallMs = performance.now() - wall;
if (results.length !== items.length) throw new Error("cold-run: a message has no result");
process.stdout.write(
  `${JSON.stringify({ messages: items.length, cpuMs: Math.round(cpuMs), wallMs: Math.round(wallMs), msgsPerCpuSecond: Math.round(items.length / (cpuMs / 1000)) })}\n`,
);
