/** The triage CLI proper (`cli.ts` is its entry): walks the target, triages in batches, prints JSON lines. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { ItemContent } from "../connectors/source-connector.ts";
import { type TriageResult, triageMessage, triageMessages } from "./triage-message.ts";
import { createTsRunner } from "./ts-runner.ts";

const target = process.argv[2];
if (!target) {
  process.stderr.write("usage: npm run -s triage -- <file.eml | folder | Maildir | mbox>\n");
  process.exit(2);
}

/** Yields [id, raw] for every message under `p` (`dir` when the caller already knows it is a folder). */
function* messages(p: string, dir = statSync(p).isDirectory()): Generator<[string, string]> {
  if (dir) {
    const entries = readdirSync(p, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    const names = entries.map((e) => e.name);
    const maildir = ["cur", "new"].filter((d) => names.includes(d));
    if (maildir.length > 0 && names.includes("tmp")) {
      for (const d of maildir)
        for (const f of readdirSync(path.join(p, d)).sort()) yield* messages(path.join(p, d, f));
      return;
    }
    for (const e of entries) {
      const full = path.join(p, e.name);
      // The entry's own type saves a stat per file; links are followed as before.
      const isDir = e.isSymbolicLink() ? statSync(full).isDirectory() : e.isDirectory();
      if (isDir || /\.(eml|msg|txt)$/i.test(e.name) || !e.name.includes(".")) yield* messages(full, isDir);
    }
    return;
  }
  const text = readFileSync(p, "utf8");
  if (/^From [^\n]*\n[\x21-\x39\x3b-\x7e]+:/.test(text) && /\n\nFrom /.test(text)) {
    let n = 0;
    for (const part of text.split(/\n(?=From [^\n]*\n)/))
      yield [`${p}#${++n}`, part.replace(/^>(>*From )/gm, "$1")];
    return;
  }
  yield [p, text];
}

const runner = createTsRunner(
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "model/stage2.onnx"))),
);
// Messages are triaged in batches (each phase over the batch, then the next: ~1.4x the
// throughput of one at a time); a batch that throws is redone one message at a time so only
// the failing message reports the error.
const BATCH = 200;
let batch: [string, ItemContent][] = [];
for (const [id, raw] of messages(target)) {
  batch.push([id, { kind: "email", ref: { source: "demo", id: id.slice(-256) }, raw }]);
  if (batch.length >= BATCH) {
    await flush(batch);
    batch = [];
  }
}
await flush(batch);

async function flush(entries: [string, ItemContent][]): Promise<void> {
  if (entries.length === 0) return;
  let results: (TriageResult | Error)[];
  try {
    results = await triageMessages({ ctx: { runner }, input: { items: entries.map(([, item]) => item) } });
  } catch {
    results = [];
    for (const [, item] of entries) {
      try {
        results.push(await triageMessage({ ctx: { runner }, input: { item } }));
      } catch (e) {
        results.push(e instanceof Error ? e : new Error(String(e)));
      }
    }
  }
  // One write per batch, not per line.
  let out = "";
  entries.forEach(([id], n) => {
    out += `${JSON.stringify(outputLine(id, results[n]!))}\n`;
  });
  process.stdout.write(out);
}

function outputLine(id: string, r: TriageResult | Error): Record<string, unknown> {
  const line: Record<string, unknown> = { id };
  if (r instanceof Error) {
    line.error = r.message;
    return line;
  }
  const { stage1: v, stage2: s2 } = r;
  Object.assign(line, { verdict: v.verdict, confidence: round(v.confidence) });
  if (!s2) {
    Object.assign(line, { error: v.reason, hidden_content_removed: false, injection_flag: [] });
  } else {
    Object.assign(line, {
      bucket: s2.bucket,
      speech_act: s2.speechAct,
      category: s2.category,
      priority: round(s2.priority),
      // Reasons per label the person sees, each from this message's largest contributions.
      why: {
        verdict: v.why ?? [],
        ...s2.whyByLabel,
        notes: s2.why.filter((w) => w.startsWith("contains text") || w.startsWith("hidden text")),
      },
      entities: s2.extracted,
      hidden_content_removed: s2.hiddenContentRemoved,
      injection_flag: s2.injectionFlag,
    });
  }
  return line;
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}
