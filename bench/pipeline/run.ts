/**
 * `npm run bench:pipeline -- [--n 1000] [--rate 10] [--faults 0.2] [--drain 240]`
 * N Gmail messages, one signed Pub/Sub push each at `rate`/s, through `wrangler dev` (queue,
 * stage 1, DeviceHub) to a connected device; fake Gmail on loopback injects `faults` transient
 * errors (429, 403 rate, 500, 503). Reports delivered / lost / duplicated, webhook→device
 * latency, Gmail units per message and peak units against the per-user quota.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createClient } from "@libsql/client";
import { startPipelineStack } from "../../tests/e2e/pipeline-harness.ts";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import { GMAIL_USER_LIMIT_PER_MINUTE } from "../../tests/fakes/gmail/quota.ts";
import { connectBenchDevice } from "./device-client.ts";
import { startHeapSampler } from "./heap-sampler.ts";
import { stageProfile } from "./stage-profile.ts";

const { values } = parseArgs({
  options: {
    n: { type: "string", default: "1000" },
    rate: { type: "string", default: "10" },
    faults: { type: "string", default: "0" },
    drain: { type: "string", default: "240" },
  },
});
const n = Number(values.n);
const rate = Number(values.rate);
const faultRate = Number(values.faults);
const drainSeconds = Number(values.drain);

const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

function lostIds(sent: Map<string, number>, got: Map<string, number>): string[] {
  return [...sent.keys()].filter((id) => !got.has(id));
}

/** Where lost messages stopped: their cloud rows (if any) and the scouts' run-log outcomes. */
async function cloudDiagnostics(persistDir: string, lost: string[]) {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")!;
  const db = createClient({ url: `file:${path.join(dir, file)}` });
  try {
    const statuses = await db.execute(
      "select status, verdict, count(*) as n from scout_triage_queue group by status, verdict",
    );
    const outcomes = await db.execute(
      "select kind, outcome, count(*) as n from scout_run_logs group by kind, outcome",
    );
    const spam = await db.execute(
      "select detail from scout_run_logs where kind = 'triage' and outcome like 'spam%'",
    );
    const lostRows = lost.length
      ? await db.execute({
          sql: `select source_msg_ref, status, verdict, reason from scout_triage_queue where source_msg_ref in (${lost.map(() => "?").join(",")})`,
          args: lost,
        })
      : { rows: [] };
    return {
      spamRefs: spam.rows.map((r) => /ref=(\S+)/.exec(String(r.detail))?.[1] ?? ""),
      queueRows: statuses.rows.map((r) => `${r.status}/${r.verdict}: ${r.n}`),
      runLogs: outcomes.rows.map((r) => `${r.kind}/${r.outcome}: ${r.n}`),
      lost: lost.map((id) => {
        const row = lostRows.rows.find((r) => r.source_msg_ref === id);
        return row ? `${id}: row ${row.status} ${row.verdict} ${row.reason}` : `${id}: no row`;
      }),
    };
  } finally {
    db.close();
  }
}

const stack = await startPipelineStack({ agent: false, email: `bench-${Date.now()}@example.com` });
// The harness keeps only the last 20 kB of output; the stage profile needs every job's line.
const workerLog: string[] = [];
for (const s of [stack.worker.child.stdout, stack.worker.child.stderr])
  s?.on("data", (d) => workerLog.push(String(d)));
try {
  const pair = await fetch(`${stack.worker.url}/api/v1/dev/pair`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: stack.email, deviceName: "bench device", kind: "agent" }),
  });
  const { token } = (await pair.json()) as { token: string };
  await stack.connectGmail();
  const device = await connectBenchDevice(stack.worker.url, token);
  const heap = stack.worker.inspectorPort ? await startHeapSampler(stack.worker.inspectorPort) : null;
  const unitsBefore = stack.gmail.quota.total(stack.email);
  if (faultRate > 0) {
    stack.gmail.faults.set({
      rate: faultRate,
      kinds: ["429", "403-user-rate", "500", "503"],
      retryAfterSeconds: 1,
    });
  }

  const sentAt = new Map<string, number>();
  const pushStatus: Record<number, number> = {};
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const msg = stack.gmail.addMessage(stack.email, {
      raw: rfc822({
        from: `Sender ${i % 37} <sender${i % 37}@example.org>`,
        to: stack.email,
        subject: `Bench message ${i}: project update`,
        body: `Hello,\n\nStatus update number ${i} for the project.\n\nThanks`,
      }),
    });
    sentAt.set(msg.id, performance.now());
    const status = await stack.push(msg.historyId);
    pushStatus[status] = (pushStatus[status] ?? 0) + 1;
  }
  const pushSeconds = (performance.now() - started) / 1000;

  const deadline = Date.now() + drainSeconds * 1000;
  const received = () => new Set(device.arrivals.map((a) => a.sourceMsgRef));
  while (Date.now() < deadline && [...sentAt.keys()].some((id) => !received().has(id))) {
    await new Promise((r) => setTimeout(r, 250));
  }
  await new Promise((r) => setTimeout(r, 2000)); // late duplicates would show up here
  stack.gmail.faults.clear();

  const firstArrival = new Map<string, number>();
  let duplicateFrames = 0;
  for (const a of device.arrivals) {
    if (firstArrival.has(a.sourceMsgRef)) duplicateFrames++;
    else firstArrival.set(a.sourceMsgRef, a.at);
  }
  const latencies = [...sentAt].flatMap(([id, t0]) =>
    firstArrival.has(id) ? [firstArrival.get(id)! - t0] : [],
  );
  const units = stack.gmail.quota.total(stack.email) - unitsBefore;
  const peakSecond = stack.gmail.quota.peakPerSecond(stack.email);
  const peakMinute = stack.gmail.quota.peakPerMinute(stack.email);
  const quotaPerSecond = GMAIL_USER_LIMIT_PER_MINUTE / 60;
  const report = {
    n,
    ratePerSecond: rate,
    faultRate,
    faultsInjected: stack.gmail.faults.injected,
    pushStatus,
    pushSeconds: Number(pushSeconds.toFixed(1)),
    delivered: firstArrival.size,
    notDelivered: [...sentAt.keys()].filter((id) => !firstArrival.has(id)).length,
    // Rows re-sent after a reconnect (at-least-once); a device keeps one per proposalId.
    duplicateFrames,
    duplicated: new Set(device.arrivals.map((a) => a.proposalId)).size - firstArrival.size,
    deviceReconnects: device.closes.length,
    closeCodes: [...new Set(device.closes)],
    withoutSubject: device.arrivals.filter((a) => !a.hasSubject).length,
    latencyMs: {
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      p99: Math.round(percentile(latencies, 99)),
      max: Math.round(Math.max(...latencies)),
    },
    gmailUnitsPerMessage: Number((units / n).toFixed(2)),
    peakUnitsPerSecond: peakSecond,
    peakUnitsPerMinute: peakMinute,
    peakShareOfQuota: {
      perSecond: `${((peakSecond / quotaPerSecond) * 100).toFixed(0)}% of ${quotaPerSecond}/s`,
      perMinute: `${((peakMinute / GMAIL_USER_LIMIT_PER_MINUTE) * 100).toFixed(0)}% of ${GMAIL_USER_LIMIT_PER_MINUTE}/min`,
    },
  };
  const { spamRefs, ...cloud } = await cloudDiagnostics(
    stack.worker.persistDir,
    lostIds(sentAt, firstArrival),
  );
  // Stage 1 keeping an item from the device as spam is a verdict, not a loss; the run log names each.
  const spam = new Set(spamRefs);
  const lost = lostIds(sentAt, firstArrival).filter((id) => !spam.has(id)).length;
  const stages = stageProfile(workerLog.join(""));
  console.log(
    JSON.stringify(
      {
        ...report,
        classifiedSpam: spam.size,
        lost,
        stagesMs: stages,
        peakHeapPerIsolate: heap?.peaks() ?? "inspector not available",
        cloud,
      },
      null,
      2,
    ),
  );
  heap?.stop();
  device.close();
} finally {
  await stack.stop();
}
