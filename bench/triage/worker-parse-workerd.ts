/**
 * The same parse as `worker-parse.ts`, inside workerd: the wrangler-style bundle (minified with
 * `--minify`) runs in wrangler's own Miniflare, which posts each round's 2,796 held-out messages
 * through one request; CPU is the workerd process's user + system time from /proc (10 ms ticks),
 * since a Worker's clock stands still while it computes. Rounds alternate the swaps on and off
 * after one warm-up each.
 *
 *   taskset -c 0 node bench/triage/worker-parse-workerd.ts [rounds=4] [--minify]
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { bundleWorkerParser } from "../../scripts/triage/bundle-worker-parser.ts";
import { HELD_OUT_GROUPS, loadCorpus } from "../../scripts/triage/corpus.ts";

const rounds = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 4);
const minify = process.argv.includes("--minify");
const msgs = loadCorpus(HELD_OUT_GROUPS).map((m) => m.text);
const { code } = await bundleWorkerParser({ minify });
// wrangler's Miniflare (what `wrangler dev` runs), not a dependency of ours.
const { Miniflare, convertV4MiniflareOptions } = createRequire(
  createRequire(import.meta.url).resolve("wrangler"),
)("miniflare") as {
  convertV4MiniflareOptions(o: object): object;
  Miniflare: new (
    o: object,
  ) => {
    ready: Promise<unknown>;
    dispatchFetch(u: string, i?: object): Promise<Response>;
    dispose(): Promise<void>;
  };
};

const MAIN = `
import * as p from "./parser.mjs";
let msgs = [];
export default {
  async fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === "/load") { msgs = await req.json(); return new Response(String(msgs.length)); }
    if (url.searchParams.get("on") === "1") { p.installFastLines(); p.installFastJoin(); }
    else { p.uninstallFastLines(); p.uninstallFastJoin(); }
    let ok = 0;
    for (const raw of msgs) if ((await p.parseEmail(raw)).ok) ok++;
    return new Response(JSON.stringify({ ok, swaps: p.installFastLines() + "+" + p.installFastJoin() }));
  },
};`;
const mf = new Miniflare(
  convertV4MiniflareOptions({
    name: "parse",
    modules: [
      { type: "ESModule", path: "main.mjs", contents: MAIN },
      { type: "ESModule", path: "parser.mjs", contents: code },
    ],
    compatibilityDate: "2026-11-01",
    compatibilityFlags: ["nodejs_compat"],
  }),
);
await mf.ready;
const workerd = () => {
  const kids = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, "utf8").trim().split(/\s+/);
  const pid = kids.find((k) => k && readFileSync(`/proc/${k}/comm`, "utf8").trim() === "workerd");
  if (!pid) throw new Error("no workerd child process found");
  return pid;
};
const pid = workerd();
const ticks = () => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return Number(f[11]) + Number(f[12]);
};
await (await mf.dispatchFetch("http://x/load", { method: "POST", body: JSON.stringify(msgs) })).text();
console.log(
  `workerd pid ${pid}; bundle minify=${minify}; ${msgs.length} messages; load ${loadavg()[0]?.toFixed(1)}`,
);

async function pass(on: boolean): Promise<number> {
  const t = ticks();
  const res = (await (await mf.dispatchFetch(`http://x/run?on=${on ? 1 : 0}`)).json()) as {
    ok: number;
    swaps: string;
  };
  const us = ((ticks() - t) * 10_000) / msgs.length;
  if (res.swaps !== "2+3") throw new Error(`swaps in workerd: ${res.swaps}`);
  return us;
}
const results: Record<"on" | "off", number[]> = { on: [], off: [] };
await pass(true);
await pass(false);
for (let r = 0; r < rounds; r++)
  for (const on of r % 2 ? [false, true] : [true, false]) results[on ? "on" : "off"].push(await pass(on));
for (const k of ["off", "on"] as const) {
  const sorted = [...results[k]].sort((a, b) => a - b);
  console.log(
    `swaps ${k.padEnd(3)}: µs CPU/msg per round ${results[k].map((x) => x.toFixed(0)).join(", ")} (best ${sorted[0]?.toFixed(0)}, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)})`,
  );
}
console.log(`load ${loadavg()[0]?.toFixed(1)}`);
await mf.dispose();
