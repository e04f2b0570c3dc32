/**
 * Device bench (JMAP): a real Cyrus 3.6 (Debian) on loopback and the agent's own JMAP code.
 *  1. first sync: `count` messages already in the inbox (delivered by LMTP), read by one
 *     `accounts sync` pass (Email/query pages of 500, Email/get of 50, one blob download per
 *     message, stage 1, ingest with stage 2);
 *  2. arrival (push): the running agent watches the account through an RFC 8620 §7.3 EventSource
 *     stream (Debian's Cyrus has none: `tests/support/jmap-push-front.ts` adds it, asking Cyrus for
 *     the Email state every 100 ms); `arrivals` messages are delivered one at a time, timed from
 *     the LMTP delivery to the suggestion's `suggestion.created`. Polling is off (10 min).
 *
 *   node bench/device/jmap.ts [count] [arrivals]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { silentLogger } from "@scouts/core/ports";
import { openOfflineAgent } from "../../local-agent/accounts/accounts.ts";
import { startAgent } from "../../local-agent/agent.ts";
import { readAgentConfig } from "../../local-agent/config.ts";
import { startCyrus } from "../../tests/support/cyrus.ts";
import { pushFront } from "../../tests/support/jmap-push-front.ts";

const count = Number(process.argv[2] ?? 10_000);
const arrivals = Number(process.argv[3] ?? 40);
const mb = (n: number) => Math.round(n / 1024 / 1024);
const subjects = [
  "Can you review the contract by Friday?",
  "Weekly digest: 12 new articles",
  "Your receipt for order #4411",
  "Meeting moved to 3pm tomorrow",
  "Could you check the numbers in the budget sheet before Tuesday?",
];
const raw = (i: number, subject: string, body: string) =>
  [
    `From: Person ${i % 97} <p${i % 31}@partner${i % 5}.example>`,
    "To: Maya <maya@example.net>",
    `Subject: ${subject}`,
    `Message-ID: <bench-${i}-${Date.now()}@example.org>`,
    "Date: Wed, 25 Nov 2026 10:00:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
    "",
  ].join("\r\n");

const cy = await startCyrus({ users: { maya: "bench" } });
const front = await pushFront(cy);
const home = await mkdtemp(path.join(tmpdir(), "scouts-bench-jmap-"));
try {
  for (let i = 0; i < count; i += 25) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 25); j++) {
      const s = subjects[j % subjects.length]!;
      batch.push(raw(j, `${s} (${j})`, `Message ${j}. ${s} Please let me know what you think.`));
    }
    await cy.deliverMany("maya", batch);
  }
  const offline = await openOfflineAgent(home);
  const { id } = await offline.accounts.addJmap({ url: front.url, user: "maya", password: "bench" });
  const rss0 = process.memoryUsage().rss;
  let peakRss = rss0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const t0 = performance.now();
  const counts = await offline.accounts.sync(offline.ctx, id);
  const syncMs = performance.now() - t0;
  clearInterval(sampler);
  offline.close();
  if (counts.seen !== count || counts.suggestions + counts.spam !== count)
    throw new Error(`first sync read ${JSON.stringify(counts)} of ${count}`);
  console.log(
    JSON.stringify({
      firstSync: {
        messages: count,
        ms: Math.round(syncMs),
        msgPerS: Math.round(count / (syncMs / 1000)),
        suggestions: counts.suggestions,
        screened: counts.spam,
        rssStartMb: mb(rss0),
        rssPeakMb: mb(peakRss),
      },
    }),
  );

  const agent = await startAgent(
    readAgentConfig({ SCOUTS_HOME: home, SCOUTS_AGENT_PORT: "0", SCOUTS_CLOUD_URL: "http://127.0.0.1:9" }),
    { logger: silentLogger, connect: false, mailWatch: { pollMs: 600_000, checkEveryMs: 600_000 } },
  );
  try {
    const deadline = Date.now() + 60_000;
    while (!(agent.ctx.mailWatch?.health()[0]?.state === "watching" && front.streams() === 1)) {
      if (Date.now() > deadline) throw new Error("the watcher did not open its push stream");
      await new Promise((r) => setTimeout(r, 50));
    }
    const times: number[] = [];
    let missed = 0;
    for (let i = 0; i < arrivals; i++) {
      const subject = `Could you check the numbers in the budget sheet before Tuesday? (${i})`;
      const got = new Promise<number>((resolve) => {
        const timer = setTimeout(() => resolve(-1), 10_000);
        const off = agent.ctx.bus.subscribe((e) => {
          if (e.type === "suggestion.created" && e.suggestion.subject === subject) {
            clearTimeout(timer);
            off();
            resolve(performance.now());
          }
        });
      });
      const t = performance.now();
      await cy.deliver("maya", raw(count + i, subject, "Could you check the numbers before Tuesday?"));
      const at = await got;
      if (at < 0) missed++;
      else times.push(at - t);
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]!);
    console.log(
      JSON.stringify({
        arrival: {
          messages: arrivals,
          missed,
          p50Ms: pct(0.5),
          p95Ms: pct(0.95),
          maxMs: Math.round(times.at(-1)!),
        },
      }),
    );
  } finally {
    await agent.stop();
  }
} finally {
  await front.close();
  await cy.stop();
  await rm(home, { recursive: true, force: true });
}
