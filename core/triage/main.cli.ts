/** The triage CLI proper (`cli.ts` is its entry): walks the target, triages in batches, prints JSON lines. */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ItemContent } from "../connectors/source-connector.ts";
import { mailMessages } from "./mailbox.cli.ts";
import type { Stage1Feed } from "./stage1.ts";
import { type TriageResult, triageMessage, triageMessages } from "./triage-message.ts";
import { createTsRunner } from "./ts-runner.ts";

const args = process.argv.slice(2);
// `--raw-feed`: the mail was never filtered by a provider (an archive, a catch-all), so stage 1
// uses its raw-feed operating point instead of the INBOX one (see core/triage/README.md).
const feed: Stage1Feed = args.includes("--raw-feed") ? "raw" : "inbox";
const target = args.find((a) => a !== "--raw-feed");
if (!target || args.some((a) => a.startsWith("--") && a !== "--raw-feed")) {
  process.stderr.write("usage: npm run -s triage -- <file.eml | folder | Maildir | mbox> [--raw-feed]\n");
  process.exit(2);
}

const runner = createTsRunner(
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "model/stage2.onnx"))),
);
// Messages are triaged in batches (each phase over the batch, then the next: ~1.4x the
// throughput of one at a time); a batch that throws is redone one message at a time so only
// the failing message reports the error.
const BATCH = 200;
let batch: [string, ItemContent][] = [];
for (const [id, raw] of mailMessages(target)) {
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
    results = await triageMessages({
      ctx: { runner, feed },
      input: { items: entries.map(([, item]) => item) },
    });
  } catch {
    results = [];
    for (const [, item] of entries) {
      try {
        results.push(await triageMessage({ ctx: { runner, feed }, input: { item } }));
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
