/**
 * Runs the real Gmail connector and stage 1 over messages a fake Gmail serves, in a process the
 * caller starts with a small heap (`--max-old-space-size=128`, a Worker isolate's limit).
 * argv: apiBase token id… — prints one JSON line: verdicts and the peak heap it saw.
 */
import { createGmailConnector } from "@scouts/core/connectors/gmail/connector";
import { createTokenBucket } from "@scouts/core/connectors/http/token-bucket";
import { realSleep, systemClock } from "@scouts/core/ports";
import { createStage1Classifier } from "@scouts/core/triage/stage1";

const [apiBase, token, ...ids] = process.argv.slice(2);
if (!apiBase || !token || ids.length === 0) throw new Error("usage: triage-child.ts apiBase token id…");

let peak = 0;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage().heapUsed);
};
const sampler = setInterval(sample, 2);

const connector = createGmailConnector({
  fetch: (url, init) => fetch(url, init),
  getAccessToken: async () => token,
  apiBase,
  rateLimiter: createTokenBucket({ clock: systemClock, sleep: realSleep }),
  rateLimitKey: "me",
  sleep: realSleep,
});
const classifier = createStage1Classifier();
const results: Array<{ id: string; verdict: string; reason: string; rawChars: number; peakMb: number }> = [];
for (const id of ids) {
  peak = 0;
  sample();
  const content = await connector.fetchContent({ source: "gmail", id });
  sample();
  const verdict = await classifier.classify(content);
  sample();
  results.push({
    id,
    verdict: verdict.verdict,
    reason: verdict.reason,
    rawChars: content.kind === "email" ? content.raw.length : 0,
    peakMb: Math.round((peak / 1024 / 1024) * 10) / 10,
  });
}
clearInterval(sampler);
process.stdout.write(`${JSON.stringify({ results })}\n`);
