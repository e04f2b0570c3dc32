/**
 * Device bench (IMAP): a real Dovecot on loopback and the agent's own IMAP code.
 *  1. first sync: `count` messages already in INBOX (written straight into the Maildir), read by
 *     one `accounts sync` pass (UID search, 50-message fetches, stage 1, ingest with stage 2);
 *  2. arrival: the running agent watches the account (IDLE); `arrivals` messages are APPENDed one
 *     at a time by another client, timed from the APPEND to the suggestion's `suggestion.created`;
 *  3. the same for a watched folder other than INBOX (`Lists`), which NOTIFY reports (RFC 5465;
 *     the periodic pass is five minutes away, so it is not what reads them).
 *
 *   node bench/device/imap.ts [count] [arrivals]
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { silentLogger } from "@scouts/core/ports";
import { openOfflineAgent } from "../../local-agent/accounts/accounts.ts";
import { startAgent } from "../../local-agent/agent.ts";
import { readAgentConfig } from "../../local-agent/config.ts";
import { startDovecot } from "../../tests/support/dovecot.ts";

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

const dv = await startDovecot({ users: { maya: "bench" } });
const home = await mkdtemp(path.join(tmpdir(), "scouts-bench-imap-"));
try {
  const first = await dv.client("maya"); // creates the Maildir
  await first.mailboxCreate("Lists");
  await first.logout();
  const newDir = path.join(dv.maildir("maya"), "new");
  mkdirSync(newDir, { recursive: true });
  for (let i = 0; i < count; i++) {
    const s = subjects[i % subjects.length]!;
    writeFileSync(
      path.join(newDir, `${1_764_000_000 + i}.M${i}P1.bench`),
      raw(i, `${s} (${i})`, `Message ${i}. ${s} Please let me know what you think.`),
    );
  }
  // Dovecot reads and renames them as its mail user (the bench may run as root).
  if (process.getuid?.() === 0) execFileSync("chown", ["-R", "dovecot:dovecot", dv.maildir("maya")]);
  const offline = await openOfflineAgent(home);
  const { id } = await offline.accounts.addImap({
    host: "127.0.0.1",
    port: dv.port,
    user: "maya",
    password: "bench",
    tls: "starttls",
    pinSha256: dv.certSha256,
    folders: ["INBOX", "Lists"],
  });
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
        heapMb: mb(process.memoryUsage().heapUsed),
      },
    }),
  );

  const agent = await startAgent(
    readAgentConfig({ SCOUTS_HOME: home, SCOUTS_AGENT_PORT: "0", SCOUTS_CLOUD_URL: "http://127.0.0.1:9" }),
    { logger: silentLogger, connect: false },
  );
  try {
    const deadline = Date.now() + 60_000;
    while (agent.ctx.mailWatch?.health()[0]?.state !== "watching") {
      if (Date.now() > deadline) throw new Error("the watcher did not reach IDLE");
      await new Promise((r) => setTimeout(r, 50));
    }
    const other = await dv.client("maya");
    const measure = async (folder: string, first: number) => {
      const times: number[] = [];
      let missed = 0;
      for (let i = first; i < first + arrivals; i++) {
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
        await other.append(folder, raw(count + i, subject, "Could you check the numbers before Tuesday?"));
        const at = await got;
        if (at < 0) missed++;
        else times.push(at - t);
      }
      times.sort((a, b) => a - b);
      const pct = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]!);
      return {
        folder,
        messages: arrivals,
        missed,
        p50Ms: pct(0.5),
        p95Ms: pct(0.95),
        maxMs: Math.round(times.at(-1)!),
      };
    };
    console.log(JSON.stringify({ arrival: await measure("INBOX", 0) }));
    console.log(JSON.stringify({ arrivalOtherFolder: await measure("Lists", arrivals) }));
    await other.logout();
  } finally {
    await agent.stop();
  }
} finally {
  await dv.stop();
  await rm(home, { recursive: true, force: true });
}
