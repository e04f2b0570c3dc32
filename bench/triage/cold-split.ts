/**
 * Where a cold CLI run's CPU goes, in one fresh process: loading the pipeline's modules, decoding
 * the stage-2 model, then the same messages triaged `passes` times in the CLI's batches of 200.
 * The first pass pays V8's compiling (and running unoptimised code until then) on top of the
 * per-message work; later passes are the warm rate. CPU is user + system of the process (every
 * thread: V8's background compilers and GC helpers too). Reading the corpus is outside every span.
 *
 *   taskset -c 0 node bench/triage/cold-split.ts [passes=2] [--modern]
 *
 * It loads the sources (Node strips their types); the CLI's prebuilt bundle skips most of the
 * module-loading span (see README.md).
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import type { ItemContent } from "../../core/connectors/source-connector.ts";
import { HELD_OUT_GROUPS, loadCorpus } from "../../scripts/triage/corpus.ts";
import { loadModernCorpus } from "../../scripts/triage/modern-corpus.ts";

const args = process.argv.slice(2);
const passes = Number(args.find((a) => /^\d+$/.test(a)) ?? 2);
if (!Number.isInteger(passes) || passes < 1 || passes > 10) throw new Error("passes: 1 to 10");
const modern = args.includes("--modern");
const loadAtStart = loadavg().map((x) => Math.round(x * 10) / 10);
const items: ItemContent[] = (
  modern ? loadModernCorpus(["train", "dev", "test"]) : loadCorpus(HELD_OUT_GROUPS)
).map((m) => ({ kind: "email", ref: { source: "demo", id: m.id.slice(-256) }, raw: m.text }));

const ms = (from: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return Math.round((u.user + u.system) / 1000);
};
let t = process.cpuUsage();
const { triageMessages } = await import("../../core/triage/triage-message.ts");
const { createTsRunner } = await import("../../core/triage/ts-runner.ts");
const loadMs = ms(t);
t = process.cpuUsage();
const runner = createTsRunner(
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "../../core/triage/model/stage2.onnx"))),
);
const modelMs = ms(t);
const passMs: number[] = [];
for (let p = 0; p < passes; p++) {
  t = process.cpuUsage();
  for (let i = 0; i < items.length; i += 200) {
    const out = await triageMessages({
      ctx: { runner, feed: "inbox" },
      input: { items: items.slice(i, i + 200) },
    });
    if (out.length !== Math.min(200, items.length - i))
      throw new Error("cold-split: a message has no result");
  }
  passMs.push(ms(t));
}
const warm = passes > 1 ? Math.min(...passMs.slice(1)) : undefined;
console.log(
  JSON.stringify({
    corpus: modern ? "modern" : "SpamAssassin held-out",
    messages: items.length,
    loadAverage: { start: loadAtStart, end: loadavg().map((x) => Math.round(x * 10) / 10) },
    cpuMs: {
      loadModules: loadMs,
      decodeModel: modelMs,
      passes: passMs,
      ...(warm !== undefined
        ? { firstPassExtra: passMs[0]! - warm, warmPerMessageUs: Math.round((warm * 1000) / items.length) }
        : {}),
    },
  }),
);
