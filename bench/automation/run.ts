// npm run -s bench:automation — prints each measurement against its target, exit 1 on a miss.
import { benchDispatch } from "./dispatch.bench.ts";
import { benchExecutor } from "./executor.bench.ts";
import { benchFilters } from "./filter.bench.ts";

const results: { name: string; value: string; target: string; ok: boolean }[] = [];

const d = await benchDispatch();
results.push({
  name: `dispatch ${d.n} due schedules (libSQL file, fired ${d.fired}, enqueued ${d.enqueued})`,
  value: `${d.ms.toFixed(0)} ms`,
  target: "< 2000 ms",
  ok: d.ms < 2000 && d.fired === d.n && d.enqueued === d.n,
});

const e = await benchExecutor();
results.push({
  name: `executor overhead per deterministic step (${e.runs} runs × ${e.steps} steps, memory store)`,
  value: `${(e.msPerStep * 1000).toFixed(1)} µs`,
  target: "< 1 ms",
  ok: e.msPerStep < 1,
});

const f = benchFilters(50);
results.push({
  name: `filter (dispatch's matchingTriggers) ${f.events} events × ${f.triggers} triggers of ${f.users} users (${f.evaluations} filter evaluations, ${f.matches} matches)`,
  value: `${f.ms.toFixed(0)} ms`,
  target: "< 1000 ms",
  ok: f.ms < 1000,
});
const hostile = benchFilters(50, "a*a*a*a*a*a*b");
results.push({
  name: `same, one trigger in five with the regex a*a*a*a*a*a*b (${hostile.evaluations} evaluations)`,
  value: `${hostile.ms.toFixed(0)} ms`,
  target: "< 1000 ms",
  ok: hostile.ms < 1000,
});
const worst = benchFilters(1);
console.log(
  `info worst case, all ${worst.triggers} triggers owned by one user: ${worst.ms.toFixed(0)} ms (${worst.evaluations} filter evaluations, ${worst.matches} matches)`,
);

for (const r of results) console.log(`${r.ok ? "ok  " : "MISS"} ${r.name}: ${r.value} (target ${r.target})`);
if (results.some((r) => !r.ok)) process.exitCode = 1;
