/**
 * Output-identity check for triage perf work: dumps everything observable for all 6,046
 * SpamAssassin corpus messages and the injection fixtures — every preprocessed field, rule hits,
 * the feature bag (keys, counts, named values, the "why" token of every key), both sparse rows,
 * the weak labels, the stage-1 verdict and the whole stage-2 result — one JSON line each.
 * Results come from `triageMessage` (one at a time) and must equal `triageMessages` (batches).
 *
 *   node scripts/triage/dump-pipeline.ts /tmp/before.jsonl            # write a dump
 *   node scripts/triage/dump-pipeline.ts /tmp/after.jsonl /tmp/before.jsonl   # write and compare
 *
 * Exit code 1 when the dumps differ (the first differences are printed) or batch ≠ single.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { analyze } from "../../core/triage/analyze.ts";
import { toRow } from "../../core/triage/features/featurize.ts";
import { STAGE1_HASHING } from "../../core/triage/stage1.ts";
import { STAGE2_HASHING, stage2BagOf } from "../../core/triage/stage2.ts";
import { triageMessage, triageMessages } from "../../core/triage/triage-message.ts";
import { createTsRunner } from "../../core/triage/ts-runner.ts";
import { weakLabels } from "../../core/triage/weak-labels.ts";
import { isSpamGroup, loadCorpus } from "./corpus.ts";

const [outPath, againstPath] = process.argv.slice(2);
if (!outPath) throw new Error("usage: dump-pipeline.ts <out.jsonl> [against.jsonl]");

const root = path.join(import.meta.dirname, "../..");
const fixtureDir = path.join(root, "tests/fixtures/injection");
const messages = [
  ...loadCorpus(["easy-ham-1", "easy-ham-2", "hard-ham-1", "spam-1", "spam-2"]),
  ...readdirSync(fixtureDir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => ({
      id: `fixture/${f}`,
      group: "fixture",
      text: readFileSync(path.join(fixtureDir, f), "utf8"),
    })),
];
const runner = createTsRunner(new Uint8Array(readFileSync(path.join(root, "core/triage/model/stage2.onnx"))));
// Messages without a Date header resolve relative dates against `now`: fix it.
const ctx = { runner, now: () => Date.UTC(2026, 10, 22, 12) };
const item = (m: { id: string; text: string }) => ({
  kind: "email" as const,
  ref: { source: "demo" as const, id: m.id },
  raw: m.text,
});
const row = (r: ReturnType<typeof toRow>) => ({ i: [...r.indices], v: [...r.values], dim: r.dim });

const lines: string[] = [];
const singles: string[] = [];
for (const m of messages) {
  const a = await analyze(item(m), STAGE1_HASHING, { explain: true });
  const result = await triageMessage({ ctx, input: { item: item(m) } });
  const triage = JSON.stringify(result);
  singles.push(triage);
  const record: Record<string, unknown> = { id: m.id, ok: a.ok };
  if (a.ok) {
    const { bag, p, hits } = a;
    record.p = { ...p, headers: [...p.headers] };
    record.hits = hits;
    record.bag = {
      keys: [...bag.keys],
      counts: [...bag.counts],
      named: [...bag.named],
      tokens: [...bag.keys].map((_, k) => bag.tokenAt?.(k)),
    };
    record.row1 = row(toRow(bag, STAGE1_HASHING.bits));
    record.row2 = row(toRow(stage2BagOf(a), STAGE2_HASHING.bits));
    if (m.group !== "fixture") record.weak = weakLabels(p, hits, isSpamGroup(m.group));
  } else {
    record.reason = a.reason;
  }
  record.triage = JSON.parse(triage);
  lines.push(JSON.stringify(record));
}

let batchMismatch = 0;
for (let i = 0; i < messages.length; i += 200) {
  const batch = messages.slice(i, i + 200);
  const rs = await triageMessages({ ctx, input: { items: batch.map(item) } });
  rs.forEach((r, k) => {
    if (JSON.stringify(r) !== singles[i + k]) {
      batchMismatch++;
      if (batchMismatch <= 5) console.error(`batch ≠ single: ${messages[i + k]!.id}`);
    }
  });
}

const text = `${lines.join("\n")}\n`;
writeFileSync(outPath, text);
const sha = createHash("sha256").update(text).digest("hex");
console.log(`${messages.length} messages, sha256 ${sha}, batch≠single ${batchMismatch}`);

let differing = 0;
if (againstPath) {
  const old = readFileSync(againstPath, "utf8").split("\n");
  if (old.length !== lines.length + 1) console.error(`line count ${old.length - 1} ≠ ${lines.length}`);
  for (let n = 0; n < lines.length; n++) {
    if (old[n] === lines[n]) continue;
    differing++;
    if (differing <= 5)
      console.error(`differs: ${firstDifference(JSON.parse(old[n] ?? "null"), JSON.parse(lines[n]!))}`);
  }
  console.log(
    differing === 0 ? `identical to ${againstPath}` : `${differing} messages differ from ${againstPath}`,
  );
}
process.exitCode = differing > 0 || batchMismatch > 0 ? 1 : 0;

/** The path of the first differing field, with both values (cut short). */
function firstDifference(a: unknown, b: unknown, at = ""): string {
  if (JSON.stringify(a) === JSON.stringify(b)) return "";
  if (a && b && typeof a === "object" && typeof b === "object") {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        `${at}.${k}`,
      );
      if (d) return d;
    }
  }
  const show = (x: unknown) => JSON.stringify(x)?.slice(0, 200);
  return `${at}: ${show(a)} → ${show(b)}`;
}
