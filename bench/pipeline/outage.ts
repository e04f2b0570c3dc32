/**
 * `npm run bench:pipeline:outage -- [--messages 20] [--outage-minutes 30] [--tick-seconds 10] [--recover-minutes 90]`
 *
 * Gmail down for `outage-minutes` of simulated time, then up, through the real Worker under
 * `wrangler dev` (queue with its real retries and dead-letter queue, the minute cron's redo of
 * owed items, the DeviceHub) to a connected device. The fake Gmail answers every call during the
 * outage with Google's documented transient errors (429 and 503 with Retry-After: 1, 500).
 * A message arrives (and is pushed) each simulated minute of the first `messages` minutes.
 *
 * Simulated time: the Worker reads real time everywhere except the cron tick, which judges what
 * is due at its scheduled time; the bench drives the minute cron through wrangler's
 * `/cdn-cgi/local/scheduled?cron=…&time=<ms>`, one simulated minute every `tick-seconds` real
 * seconds. Queue retry delays stay real (1+3+9+27+81 s before the dead-letter queue), so a
 * 30-minute simulated outage lasts 5 real minutes at 10 s a tick: longer than the queue's retry
 * budget, so jobs run out of retries and become owed, as they would in a real half-hour outage.
 *
 * Reports delivered / lost / duplicated, owed rows per simulated minute, and the peak V8 heap of
 * each isolate (DevTools inspector).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createClient } from "@libsql/client";
import { startPipelineStack } from "../../tests/e2e/pipeline-harness.ts";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import { connectBenchDevice } from "./device-client.ts";
import { startHeapSampler } from "./heap-sampler.ts";

const { values } = parseArgs({
  options: {
    messages: { type: "string", default: "20" },
    "outage-minutes": { type: "string", default: "30" },
    "tick-seconds": { type: "string", default: "10" },
    "recover-minutes": { type: "string", default: "90" },
  },
});
const messages = Number(values.messages);
const outageMinutes = Number(values["outage-minutes"]);
const tickMs = Number(values["tick-seconds"]) * 1000;
const recoverMinutes = Number(values["recover-minutes"]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function d1File(persistDir: string): string {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  return path.join(dir, readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")!);
}

const stack = await startPipelineStack({ agent: false, email: `outage-${Date.now()}@example.com` });
const realStart = Date.now();
try {
  const pair = await fetch(`${stack.worker.url}/api/v1/dev/pair`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: stack.email, deviceName: "outage bench device", kind: "agent" }),
  });
  const { token } = (await pair.json()) as { token: string };
  await stack.connectGmail();
  const device = await connectBenchDevice(stack.worker.url, token);
  const heap = stack.worker.inspectorPort ? await startHeapSampler(stack.worker.inspectorPort) : null;
  const db = createClient({ url: `file:${d1File(stack.worker.persistDir)}` });
  const owedNow = async () => {
    const r = await db.execute(
      "select count(*) as n, group_concat(distinct last_error) as errors from scout_owed_items where source = 'gmail'",
    );
    return { n: Number(r.rows[0]?.n ?? 0), errors: String(r.rows[0]?.errors ?? "") };
  };

  let simNow = Date.now();
  const tick = async () => {
    const res = await fetch(
      `${stack.worker.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("* * * * *")}&time=${simNow}`,
    );
    if (!res.ok) throw new Error(`cron tick: ${res.status}`);
  };

  const sent: string[] = [];
  const owedByMinute: Array<{ minute: number; owed: number }> = [];
  const errorsSeen = new Set<string>();
  const pushStatus: Record<number, number> = {};
  stack.gmail.faults.set({ rate: 1, kinds: ["429", "503", "500"], retryAfterSeconds: 1 });
  let minute = 0;
  for (; minute < outageMinutes; minute++) {
    if (sent.length < messages) {
      const msg = stack.gmail.addMessage(stack.email, {
        raw: rfc822({
          from: `Colleague ${minute % 7} <colleague${minute % 7}@example.org>`,
          to: stack.email,
          subject: `Outage bench ${minute}: can you review the draft?`,
          body: `Hello,\n\nCould you review draft ${minute} before Friday?\n\nThanks`,
        }),
      });
      sent.push(msg.id);
      const status = await stack.push(msg.historyId);
      pushStatus[status] = (pushStatus[status] ?? 0) + 1;
    }
    await tick();
    await sleep(tickMs);
    const o = await owedNow();
    for (const e of o.errors.split(",").filter(Boolean)) errorsSeen.add(e);
    owedByMinute.push({ minute, owed: o.n });
    simNow += 60_000;
  }
  // The dev stack's demo scout also sends synthetic items; only this run's Gmail messages count.
  const ours = () => device.arrivals.filter((a) => sent.includes(a.sourceMsgRef));
  const deliveredDuringOutage = new Set(ours().map((a) => a.sourceMsgRef)).size;
  const faultsDuringOutage = stack.gmail.faults.injected;
  stack.gmail.faults.clear();
  const recoveredAtReal = Date.now();
  const received = () => new Set(ours().map((a) => a.sourceMsgRef));
  let minutesToRecover = -1;
  for (let m = 0; m < recoverMinutes; m++, minute++) {
    await tick();
    await sleep(Math.min(tickMs, 5_000));
    const o = await owedNow();
    owedByMinute.push({ minute, owed: o.n });
    simNow += 60_000;
    if (o.n === 0 && sent.every((id) => received().has(id))) {
      minutesToRecover = m + 1;
      break;
    }
  }
  await sleep(5_000); // late duplicates would show up here

  const first = new Map<string, number>();
  let duplicateFrames = 0;
  for (const a of ours()) {
    if (first.has(a.sourceMsgRef)) duplicateFrames++;
    else first.set(a.sourceMsgRef, a.at);
  }
  const spamRefs = (
    await db.execute("select detail from scout_run_logs where kind = 'triage' and outcome like 'spam%'")
  ).rows.map((r) => /ref=(\S+)/.exec(String(r.detail))?.[1] ?? "");
  const lost = sent.filter((id) => !first.has(id) && !spamRefs.includes(id));
  const rows = await db.execute(
    "select source_msg_ref, count(*) as n from scout_triage_queue group by scout_id, source_msg_ref having n > 1",
  );
  const deadLetters = await db.execute(
    "select count(*) as n from scout_run_logs where kind = 'dead_letter' and outcome = 'owed'",
  );
  // Owed counts, compressed to the minutes where the count changed.
  const owedChanges = owedByMinute.filter((x, i) => i === 0 || x.owed !== owedByMinute[i - 1]!.owed);
  console.log(
    JSON.stringify(
      {
        messages: sent.length,
        outageMinutes,
        tickSeconds: tickMs / 1000,
        pushStatus,
        faultsDuringOutage,
        deliveredDuringOutage,
        deadLettersOwed: Number(deadLetters.rows[0]?.n ?? 0),
        owedErrors: [...errorsSeen],
        owedByMinute: owedChanges.map((x) => `${x.minute}:${x.owed}`).join(" "),
        simulatedMinutesToRecover: minutesToRecover,
        realSecondsToRecover: Math.round((Date.now() - recoveredAtReal) / 1000),
        delivered: first.size,
        classifiedSpam: spamRefs.filter((r) => sent.includes(r)).length,
        lost: lost.length,
        duplicated: new Set(ours().map((a) => a.proposalId)).size - first.size,
        duplicateFrames,
        duplicateQueueRows: rows.rows.length,
        deviceReconnects: device.closes.length,
        peakHeapPerIsolate: heap?.peaks() ?? "inspector not available",
        realSeconds: Math.round((Date.now() - realStart) / 1000),
      },
      null,
      2,
    ),
  );
  heap?.stop();
  db.close();
  device.close();
} finally {
  await stack.stop();
}
