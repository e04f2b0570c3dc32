/**
 * Output identity for triage speed work: the CLI over a fixed sample of the three corpora
 * (every 28th SpamAssassin held-out message, every 20th modern message, every injection
 * fixture; only messages with a Date header, so relative dates never depend on today), each
 * JSON line plus digests of both model input rows. `cli-golden.test.ts` compares a fresh run
 * with the committed `golden/cli-sample.jsonl`.
 *
 *   node tests/triage/cli-golden.ts --write   # after a change that is meant to change outputs
 */

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { analyze } from "../../core/triage/analyze.ts";
import { toRow } from "../../core/triage/features/featurize.ts";
import { STAGE1_HASHING } from "../../core/triage/stage1.ts";
import { STAGE2_HASHING, stage2BagOf } from "../../core/triage/stage2.ts";
import { HELD_OUT_GROUPS, loadCorpus } from "../../scripts/triage/corpus.ts";

const root = path.join(import.meta.dirname, "../..");
export const GOLDEN = path.join(import.meta.dirname, "golden/cli-sample.jsonl");

/** The sample as [relative file name, raw text], in the order the CLI walks the folder. */
export function sample(): [string, string][] {
  const out: [string, string][] = [];
  loadCorpus(HELD_OUT_GROUPS).forEach((m, n) => {
    if (n % 28 === 0) out.push([`sa/${String(n).padStart(4, "0")}.eml`, m.text]);
  });
  const modern = path.join(root, "corpus/modern/messages");
  const files = readdirSync(modern)
    .sort()
    .flatMap((org) =>
      readdirSync(path.join(modern, org))
        .sort()
        .map((f) => `${org}/${f}`),
    );
  files.forEach((f, n) => {
    if (n % 20 === 0)
      out.push([`modern/${f.replace("/", "--")}`, readFileSync(path.join(modern, f), "utf8")]);
  });
  const fixtures = path.join(root, "tests/fixtures/injection");
  for (const f of readdirSync(fixtures).sort())
    if (f.endsWith(".eml")) out.push([`injection/${f}`, readFileSync(path.join(fixtures, f), "utf8")]);
  return out.filter(([, raw]) => /^Date:/im.test(raw.slice(0, raw.search(/\r?\n\r?\n/) >>> 0)));
}

const digest = (r: ReturnType<typeof toRow>) =>
  createHash("sha256")
    .update(JSON.stringify([r.dim, [...r.indices], [...r.values]]))
    .digest("hex")
    .slice(0, 24);

/** One line per sampled message: the CLI's JSON line (id relative to the sample folder) and row digests. */
export async function goldenLines(): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "triage-golden-"));
  try {
    const files = sample();
    for (const [name, raw] of files) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), raw);
    }
    const cli = execFileSync(process.execPath, [path.join(root, "core/triage/cli.ts"), dir], {
      encoding: "utf8",
      maxBuffer: 1 << 28,
    })
      .trim()
      .split("\n");
    const byId = new Map(
      cli.map((l) => {
        const o = JSON.parse(l) as { id: string };
        return [path.relative(dir, o.id), o] as const;
      }),
    );
    const lines: string[] = [];
    for (const [name, raw] of [...files].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const line = byId.get(name);
      if (!line) throw new Error(`the CLI printed no line for ${name}`);
      const item = { kind: "email" as const, ref: { source: "demo" as const, id: name }, raw };
      const a = await analyze(item, STAGE1_HASHING, { explain: true });
      const rows = a.ok
        ? {
            stage1: digest(toRow(a.bag, STAGE1_HASHING.bits)),
            stage2: digest(toRow(stage2BagOf(a), STAGE2_HASHING.bits)),
          }
        : null;
      lines.push(JSON.stringify({ ...line, id: name, rows }));
    }
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename && process.argv.includes("--write")) {
  const lines = await goldenLines();
  mkdirSync(path.dirname(GOLDEN), { recursive: true });
  writeFileSync(GOLDEN, `${lines.join("\n")}\n`);
  console.log(`${lines.length} messages → ${path.relative(root, GOLDEN)}`);
}
