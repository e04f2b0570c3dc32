/**
 * The triage CLI against bogofilter's bulk mode, in one run, on the same core: both classify the
 * 2,796 SpamAssassin held-out messages (easy-ham-2 + spam-2) as one file each, cold (a fresh
 * process each time), pinned with `taskset -c 0`, alternated `rounds` times. bogofilter is first
 * trained (not timed) on the training groups. Wall time of the pinned process is its one-core
 * cost; user+system CPU comes from GNU time.
 *
 *   node bench/triage/vs-bogofilter.ts [rounds=3] [--modern]
 *
 * `--modern` classifies the modern corpus (corpus/modern, all splits) instead; bogofilter is
 * still trained on SpamAssassin's training groups (only speed is compared).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { HELD_OUT_GROUPS, isSpamGroup, loadCorpus, TRAIN_GROUPS } from "../../scripts/triage/corpus.ts";
import { loadModernCorpus } from "../../scripts/triage/modern-corpus.ts";

const args = process.argv.slice(2);
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 3);
const modern = args.includes("--modern");
const loadAtStart = loadavg().map((x) => Math.round(x * 10) / 10);
const dir = mkdtempSync(path.join(tmpdir(), "scouts-vs-bogo-"));
const write = (sub: string, msgs: { id: string; text: string }[]) => {
  mkdirSync(path.join(dir, sub));
  return msgs.map((m, i) => {
    const f = path.join(dir, sub, `${i}.eml`);
    writeFileSync(f, m.text);
    return f;
  });
};
const held = write("held", modern ? loadModernCorpus(["train", "dev", "test"]) : loadCorpus(HELD_OUT_GROUPS));
const ham = write("ham", loadCorpus(TRAIN_GROUPS.filter((g) => !isSpamGroup(g))));
const spam = write("spam", loadCorpus(TRAIN_GROUPS.filter(isSpamGroup)));
const wordlist = path.join(dir, "bogo");
mkdirSync(wordlist);
const run = (args: string[], input?: string) => {
  const r = spawnSync("/usr/bin/time", ["-f", "%e %U %S", ...args], {
    input,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  if (r.status !== 0 && r.status !== 1 && r.status !== 2) throw new Error(`${args[0]}: ${r.stderr}`);
  const [wall, user, sys] = r.stderr.trim().split("\n").at(-1)!.split(" ").map(Number);
  return { stdout: r.stdout, wall: wall!, cpu: user! + sys! };
};
// bogofilter reads file names from stdin with -b; training registers each file as one message.
run(["bogofilter", "-d", wordlist, "-n", "-b"], `${ham.join("\n")}\n`);
run(["bogofilter", "-d", wordlist, "-s", "-b"], `${spam.join("\n")}\n`);

const n = held.length;
const rows: Record<string, number | string>[] = [];
for (let r = 0; r < rounds; r++) {
  const bogo = run(["taskset", "-c", "0", "bogofilter", "-d", wordlist, "-b", "-v"], `${held.join("\n")}\n`);
  const cli = run([
    "taskset",
    "-c",
    "0",
    process.execPath,
    path.join(import.meta.dirname, "../../core/triage/cli.ts"),
    path.join(dir, "held"),
  ]);
  const lines = cli.stdout.trim().split("\n").length;
  if (lines !== n) throw new Error(`cli printed ${lines} lines for ${n} messages`);
  rows.push({
    round: r + 1,
    bogofilterMsgsPerWallSecond: Math.round(n / bogo.wall),
    bogofilterMsgsPerCpuSecond: Math.round(n / bogo.cpu),
    cliMsgsPerWallSecond: Math.round(n / cli.wall),
    cliMsgsPerCpuSecond: Math.round(n / cli.cpu),
  });
}
rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify(
    {
      corpus: modern ? "modern" : "SpamAssassin held-out",
      messages: n,
      node: process.version,
      loadAverage: { start: loadAtStart, end: loadavg().map((x) => Math.round(x * 10) / 10) },
      rounds: rows,
    },
    null,
    2,
  ),
);
