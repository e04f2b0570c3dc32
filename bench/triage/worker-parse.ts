/**
 * The cloud's stage-1 parse as the Worker runs it: `parseEmail` from a bundle esbuild builds the
 * way wrangler does (postal-mime inlined; `--minify` for wrangler.toml's `minify = true`), over
 * SpamAssassin's 2,796 held-out messages. Rounds alternate postal-mime's swaps on (this branch)
 * and off (what every Worker bundle ran before: the text match failed there, 0 of 5 swaps),
 * after one warm-up round each. CPU µs per message (user + system, whole process), per round.
 *
 *   taskset -c 0 node bench/triage/worker-parse.ts [rounds=4] [--minify]
 */
import { loadavg } from "node:os";
import { bundleWorkerParser } from "../../scripts/triage/bundle-worker-parser.ts";
import { HELD_OUT_GROUPS, loadCorpus } from "../../scripts/triage/corpus.ts";

const rounds = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 4);
const minify = process.argv.includes("--minify");
const msgs = loadCorpus(HELD_OUT_GROUPS).map((m) => m.text);
const { parser } = await bundleWorkerParser({ minify });
const swaps = () => `${parser.installFastLines()}+${parser.installFastJoin()}`;
console.log(
  `bundle minify=${minify}; swaps that hold in it: ${swaps()} of 2+3; load ${loadavg()[0]?.toFixed(1)}`,
);

const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
/** One pass over every message: CPU µs per message, and the slowest message's µs. */
async function pass(): Promise<{ mean: number; max: number }> {
  let max = 0;
  const start = cpu();
  for (const raw of msgs) {
    const t = cpu();
    const r = await parser.parseEmail(raw);
    if (!r.ok && r.reason === "too_large") throw new Error("held-out message refused as too large");
    max = Math.max(max, cpu() - t);
  }
  return { mean: (cpu() - start) / msgs.length, max };
}
const setSwaps = (on: boolean) => {
  if (on) {
    parser.installFastLines();
    parser.installFastJoin();
  } else {
    parser.uninstallFastLines();
    parser.uninstallFastJoin();
  }
};

const results: Record<"on" | "off", { mean: number; max: number }[]> = { on: [], off: [] };
for (const on of [true, false]) {
  setSwaps(on);
  await pass();
}
for (let r = 0; r < rounds; r++) {
  for (const on of r % 2 ? [false, true] : [true, false]) {
    setSwaps(on);
    results[on ? "on" : "off"].push(await pass());
  }
}
setSwaps(true);
const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(", ");
for (const k of ["off", "on"] as const) {
  const means = results[k].map((x) => x.mean);
  const sorted = [...means].sort((a, b) => a - b);
  console.log(
    `swaps ${k.padEnd(3)}: µs CPU/msg per round ${fmt(means)} (best ${sorted[0]?.toFixed(0)}, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)}); slowest message ${fmt(results[k].map((x) => x.max))} µs`,
  );
}
console.log(`load ${loadavg()[0]?.toFixed(1)}`);
