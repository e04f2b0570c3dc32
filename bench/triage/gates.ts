/**
 * The machine-addressed gates (h/speed3): the start-filtered scan (`gateHitsFiltered`, what
 * `gateHits` runs after its first 1 M characters) against the union's scan of every position
 * (`gateHitsScan`, what `gateHits` was), alternated in one process over the
 * injection skeletons of the SpamAssassin held-out bodies (`injectionSkeleton(p.body)`: close to,
 * not exactly, the detector's text). CPU µs per message, warm; also the share of positions the
 * filter lets through and the cost of building it.
 *
 *   taskset -c 0 node bench/triage/gates.ts [rounds=3]
 */
import { loadavg } from "node:os";
import {
  gateHitsFiltered,
  gateHitsScan,
  machineGates,
} from "../../core/triage/preprocess/injection-function.ts";
import { injectionSkeleton } from "../../core/triage/preprocess/normalise.ts";
import { preprocess } from "../../core/triage/preprocess/preprocess.ts";
import { startFilter } from "../../core/triage/preprocess/regex-starts.ts";
import { HELD_OUT_GROUPS, loadCorpus } from "../../scripts/triage/corpus.ts";

const rounds = Number(process.argv[2] ?? 3);
const load0 = loadavg();
const skels: string[] = [];
for (const m of loadCorpus(HELD_OUT_GROUPS)) {
  const p = await preprocess({ kind: "email", ref: { source: "demo", id: m.id }, raw: m.text });
  if (p.ok) skels.push(injectionSkeleton(p.body));
}
const c0 = process.cpuUsage();
const filter = startFilter(machineGates());
const c1 = process.cpuUsage(c0);
const buildMs = (c1.user + c1.system) / 1000;
if (!filter) throw new Error("a gate's source could not be read");
let candidates = 0;
let chars = 0;
for (const s of skels) {
  chars += s.length;
  for (let i = filter.next(s, 0); i >= 0; i = filter.next(s, i + 1)) candidates++;
}
for (const s of skels)
  if (JSON.stringify(gateHitsFiltered(s, filter)) !== JSON.stringify(gateHitsScan(s)))
    throw new Error("hits differ");
const cpu = (f: () => void) => {
  const c = process.cpuUsage();
  f();
  const d = process.cpuUsage(c);
  return (d.user + d.system) / skels.length;
};
const rows: { round: number; filteredUs: number; fullScanUs: number }[] = [];
for (let r = 1; r <= rounds; r++) {
  const filteredUs = cpu(() => {
    for (const s of skels) gateHitsFiltered(s, filter);
  });
  const fullScanUs = cpu(() => {
    for (const s of skels) gateHitsScan(s);
  });
  rows.push({ round: r, filteredUs: Math.round(filteredUs), fullScanUs: Math.round(fullScanUs) });
}
console.log(
  JSON.stringify(
    {
      messages: skels.length,
      charsPerMessage: Math.round(chars / skels.length),
      positionsLetThrough: +(candidates / chars).toFixed(4),
      filterBuildCpuMsWarm: +buildMs.toFixed(1),
      loadAverage: { start: load0.map((x) => +x.toFixed(1)), end: loadavg().map((x) => +x.toFixed(1)) },
      rounds: rows,
    },
    null,
    2,
  ),
);
