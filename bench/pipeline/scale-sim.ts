/**
 * Renewal and fallback polling at N Gmail mailboxes, simulated in Node: the real cron verbs
 * (`enqueueWatchRenewals`, `pollStaleScouts`) and the Worker's real D1 store SQL (on libSQL), a
 * fake clock, a queue that delivers each job once per simulated minute (respecting delays), and
 * a fake Gmail `users.watch` that grants 7 days. Checks the published limits per invocation.
 *
 *   node bench/pipeline/scale-sim.ts [--mailboxes 100000] [--days 8] [--outage-minutes 60]
 */
import { pollStaleScouts } from "@scouts/core/pipeline/poll-stale-scouts";
import { enqueueWatchRenewals, RENEW_FANOUT } from "@scouts/core/pipeline/renew-watches";
import type { ScoutJob } from "@scouts/core/protocol/jobs";
import { createFileDb } from "@scouts/db/file";
import { createCronStore } from "../../workers/shared/stores.ts";

/** Published limits the run is held to. */
export const LIMITS = {
  subrequestsPerInvocation: 1_000, // Workers (paid): D1 calls and queue sends count
  messagesPerSendBatch: 100, // Queues
  queueMessagesPerSecond: 5_000, // Queues, per queue
  gmailProjectUnitsPerMinute: 1_200_000, // Gmail API
  watchUnits: 100,
  historyListUnits: 2,
};

const day = 86_400_000;
const minute = 60_000;

export async function simulate(opts: { mailboxes: number; days: number; outageMinutes: number }) {
  const { db, client } = await createFileDb(":memory:");
  const n = opts.mailboxes;
  let now = Date.UTC(2026, 10, 1);
  // Mailboxes connected over the week before: watches lapse spread over the coming 7 days.
  await client.executeMultiple(`
    WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < ${n - 1})
    INSERT INTO users (id, email, created_at) SELECT 'u' || i, 'u' || i || '@example.test', 0 FROM k;
    WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < ${n - 1})
    INSERT INTO scouts (id, user_id, kind, source_type, created_at, last_notification_at)
      SELECT printf('s%07d', i), 'u' || i, 'cloud', 'gmail', 0, ${now} FROM k;
    WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < ${n - 1})
    INSERT INTO scout_connections (id, scout_id, user_id, provider, account_ref, watch_expiration, updated_at)
      SELECT 'c' || i, printf('s%07d', i), 'u' || i, 'google', 'u' || i || '@example.test',
        ${now} + (i * ${7 * day} / ${n}), 0 FROM k;
  `);
  const cron = createCronStore(db);
  const expiry = new Map<string, number>();
  for (let i = 0; i < n; i++)
    expiry.set(`s${String(i).padStart(7, "0")}`, now + Math.floor((i * 7 * day) / n));

  let invocationCalls = 0;
  let maxCallsPerInvocation = 0;
  let maxBatch = 0;
  const queue: Array<{ job: ScoutJob; at: number }> = [];
  const jobs = {
    async sendBatch(batch: ScoutJob[], o: { delaySeconds?: number } = {}) {
      invocationCalls++;
      maxBatch = Math.max(maxBatch, batch.length);
      for (const job of batch) queue.push({ job, at: now + (o.delaySeconds ?? 0) * 1000 });
    },
  };
  const countingCron = new Proxy(cron, {
    get: (t, p, r) => {
      const v = Reflect.get(t, p, r);
      return typeof v === "function"
        ? (...a: unknown[]) => {
            invocationCalls++;
            return v.apply(t, a);
          }
        : v;
    },
  });
  const invoke = async <T>(run: () => Promise<T>): Promise<T> => {
    invocationCalls = 0;
    const out = await run();
    maxCallsPerInvocation = Math.max(maxCallsPerInvocation, invocationCalls);
    return out;
  };
  const clock = { now: () => now };
  let lapsed = 0;
  let maxWatchPerMinute = 0;
  let maxQueuePerMinute = 0;
  let renewed = 0;

  // Part 1: the nightly renewal for `days` days, the queue draining minute by minute.
  for (let d = 0; d < opts.days; d++) {
    await invoke(() => enqueueWatchRenewals({ ctx: { cron: countingCron, jobs, clock }, input: {} }));
    for (let m = 0; m < 24 * 60; m++) {
      const due = queue.filter((q) => q.at <= now);
      maxQueuePerMinute = Math.max(maxQueuePerMinute, due.length);
      let watches = 0;
      for (const q of due) {
        if (q.job.kind !== "renew") continue;
        if ((expiry.get(q.job.scoutId) ?? 0) < now) lapsed++;
        expiry.set(q.job.scoutId, now + 7 * day);
        await cron.saveWatch(q.job.scoutId, now + 7 * day);
        watches++;
        renewed++;
      }
      maxWatchPerMinute = Math.max(maxWatchPerMinute, watches);
      queue.splice(0, queue.length, ...queue.filter((q) => q.at > now));
      now += minute;
    }
  }
  for (const at of expiry.values()) if (at < now) lapsed++;

  // Part 2: Pub/Sub goes quiet for `outageMinutes`: fallback polling must reach every mailbox
  // within its interval (900 s) plus one tick.
  await client.execute(`UPDATE scouts SET last_notification_at = ${now}, last_run_at = NULL`);
  const lastPoll = new Map<string, number>();
  const outageStart = now;
  let maxPollsPerTick = 0;
  let maxPollGapMs = 0;
  for (let m = 0; m < opts.outageMinutes; m++) {
    const r = await invoke(() => pollStaleScouts({ ctx: { cron: countingCron, jobs, clock }, input: {} }));
    maxPollsPerTick = Math.max(maxPollsPerTick, r.enqueued);
    for (const q of queue.splice(0)) {
      if (q.job.kind !== "sync") continue;
      const prev = lastPoll.get(q.job.scoutId) ?? outageStart;
      maxPollGapMs = Math.max(maxPollGapMs, now - prev);
      lastPoll.set(q.job.scoutId, now);
    }
    now += minute;
  }
  client.close();
  return {
    mailboxes: n,
    days: opts.days,
    renewed,
    lapsedWatches: lapsed,
    maxRenewalsPerMinute: maxWatchPerMinute,
    maxGmailWatchUnitsPerMinute: maxWatchPerMinute * LIMITS.watchUnits,
    maxQueueMessagesPerMinute: maxQueuePerMinute,
    maxSubrequestsPerInvocation: maxCallsPerInvocation,
    maxMessagesPerSendBatch: maxBatch,
    outageMinutes: opts.outageMinutes,
    polledMailboxes: lastPoll.size,
    maxPollsPerTick,
    maxPollGapMinutes: Math.round(maxPollGapMs / minute),
    renewPacingPerMinute: RENEW_FANOUT.perMinute,
  };
}

if (import.meta.main) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const started = Date.now();
  const result = await simulate({
    mailboxes: arg("mailboxes", 100_000),
    days: arg("days", 8),
    outageMinutes: arg("outage-minutes", 60),
  });
  console.log(JSON.stringify({ ...result, wallSeconds: Math.round((Date.now() - started) / 1000) }, null, 2));
}
