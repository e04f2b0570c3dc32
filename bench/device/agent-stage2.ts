/**
 * Device bench (agent half): stage 2 on 10,000 suggestions with onnxruntime-node.
 * Measures model load time, classification throughput (classifier alone and the full ingest
 * path: libSQL file + cohort + corrections + stage 2), and memory.
 *
 *   node bench/device/agent-stage2.ts [count]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { silentLogger } from "@scouts/core/ports";
import { createCloudClient } from "../../local-agent/adapters/cloud-client.ts";
import { createEventBus } from "../../local-agent/adapters/event-bus.ts";
import { loadStage2 } from "../../local-agent/adapters/stage2.ts";
import { openAgentDb } from "../../local-agent/db/open.ts";
import { createAgentCtx } from "../../local-agent/services/context.ts";
import { ingestItem } from "../../local-agent/services/ingest.ts";

const count = Number(process.argv[2] ?? 10_000);
const senders = [
  "ann@acme.example",
  "news@shop.example",
  "noreply@bank.example",
  "bo@partner.example",
  "team@social.example",
];
const subjects = [
  "Can you review the contract by Friday?",
  "Weekly digest: 12 new articles",
  "Your receipt for order #4411",
  "Meeting moved to 3pm tomorrow",
  "Urgent: server down, need help now",
  "Big sale this weekend only",
];
function sample(i: number) {
  return {
    from: `Person ${i % 97} <${senders[i % senders.length]}>`,
    subject: `${subjects[i % subjects.length]} (${i})`,
    snippet: `Message ${i}: ${subjects[(i * 7) % subjects.length]} Please let me know what you think.`,
    date: 1_763_800_000_000 + i * 1000,
  };
}
const mb = (n: number) => Math.round(n / 1024 / 1024);

const rssStart = process.memoryUsage().rss;
const t0 = performance.now();
const stage2 = await loadStage2();
const loadMs = performance.now() - t0;
if (!stage2) throw new Error("stage 2 model not available");

// Warm-up, then the classifier alone.
for (let i = 0; i < 50; i++) await stage2.classify(sample(i));
const t1 = performance.now();
for (let i = 0; i < count; i++) await stage2.classify(sample(i));
const classifyMs = performance.now() - t1;
const rssAfterClassify = process.memoryUsage().rss;

// Full ingest path into a real libSQL file.
const dir = await mkdtemp(path.join(tmpdir(), "scouts-bench-"));
const { db, client } = await openAgentDb(`file:${path.join(dir, "agent.db")}`);
const ctx = createAgentCtx({
  db,
  clock: { now: () => Date.now() },
  ids: () => crypto.randomUUID(),
  logger: silentLogger,
  fetch,
  sleep: async () => {},
  resolve: async () => [],
  bus: createEventBus(),
  cloud: createCloudClient({ fetch, baseUrl: "http://127.0.0.1:9", token: () => null }),
  stage2: process.env.NO_S2 ? null : stage2,
  cloudUrl: "http://127.0.0.1:9",
});
const t2 = performance.now();
for (let i = 0; i < count; i++) {
  const s = sample(i);
  await ingestItem({
    ctx,
    input: {
      id: `p${i}`,
      scoutId: "bench",
      source: "gmail",
      sourceMsgRef: `m${i}`,
      threadRef: null,
      ...s,
      verdict: "relevant",
      confidence: 0.9,
      reason: "bench",
    },
  });
}
const ingestMs = performance.now() - t2;
const counts = await ctx.stores.suggestions.counts();
const rssEnd = process.memoryUsage().rss;
client.close();
await rm(dir, { recursive: true, force: true });

const result = {
  count,
  runner: stage2.runner,
  modelLoadMs: Math.round(loadMs),
  classifyMsgsPerSec: Math.round(count / (classifyMs / 1000)),
  ingestMsgsPerSec: Math.round(count / (ingestMs / 1000)),
  stored: counts.total,
  unprocessed: counts.unprocessed,
  rssStartMB: mb(rssStart),
  rssAfterClassifyMB: mb(rssAfterClassify),
  rssEndMB: mb(rssEnd),
  heapUsedMB: mb(process.memoryUsage().heapUsed),
  node: process.version,
};
console.log(JSON.stringify(result, null, 2));
if (counts.total !== count || counts.unprocessed !== 0) process.exitCode = 1;
