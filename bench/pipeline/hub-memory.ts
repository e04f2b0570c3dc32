/**
 * `node bench/pipeline/hub-memory.ts [--rounds 30] [--hostile-mb 30]`
 * Peak V8 heap of the Worker's isolate (DeviceHub included) under `wrangler dev`, one window per
 * hub path added at stop 21, against the 128 MB isolate limit workerd does not enforce locally:
 * `read_state` batches of 100 ids (Gmail labels looked up through the fake Gmail), `screened_request`
 * lists, the account relay's frames of 100 suggestions at every field's limit, and hostile
 * messages (100 suggestions with 40,000-character subjects; one message of `hostile-mb` MiB).
 */
import { parseArgs } from "node:util";
import { MAX_RELAY_FRAME_BYTES } from "@scouts/core/protocol/frames";
import { startPipelineStack } from "../../tests/e2e/pipeline-harness.ts";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import { type HeapPeak, startHeapSampler } from "./heap-sampler.ts";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "30" }, "hostile-mb": { type: "string", default: "30" } },
});
const rounds = Number(values.rounds);
const hostileMb = Number(values["hostile-mb"]);
type Frame = { type: string; requestId?: string; [k: string]: unknown };

/** A device on a real WebSocket: acks proposals, records every frame, waits for one that matches. */
async function openDevice(workerUrl: string, token: string, capabilities: string[]) {
  const frames: Frame[] = [];
  const closes: string[] = [];
  const waiters: { test: (f: Frame) => boolean; done: (f: Frame) => void }[] = [];
  const WS = WebSocket as unknown as new (url: string, init: unknown) => WebSocket;
  const ws = new WS(`${workerUrl.replace(/^http/, "ws")}/api/v1/device`, {
    headers: { authorization: `Bearer ${token}` },
    protocols: ["scouts.v1"],
  });
  ws.addEventListener("close", (ev) => closes.push(`${ev.code} ${ev.reason}`.trim()));
  ws.addEventListener("message", (ev) => {
    const f = JSON.parse(String(ev.data)) as Frame;
    frames.push(f);
    if (f.type === "scout_proposal")
      ws.send(JSON.stringify({ type: "scout_proposal_ack", proposalId: f.proposalId }));
    for (const w of [...waiters]) if (w.test(f)) w.done(f);
  });
  const next = (test: (f: Frame) => boolean, ms = 60_000) =>
    new Promise<Frame>((resolve, reject) => {
      const w = {
        test,
        done: (f: Frame) => {
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(w), 1);
          resolve(f);
        },
      };
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(w), 1);
        reject(new Error(`no matching frame in ${ms} ms`));
      }, ms);
      waiters.push(w);
    });
  const welcome = next((f) => f.type === "welcome");
  await new Promise<void>((r, j) => {
    ws.addEventListener("open", () => r(), { once: true });
    ws.addEventListener("error", () => j(new Error("device socket failed")), { once: true });
  });
  await welcome;
  ws.send(JSON.stringify({ type: "hello", agentVersion: "bench", capabilities }));
  return {
    ws,
    frames,
    closes,
    next,
    send: (f: unknown) => ws.send(typeof f === "string" ? f : JSON.stringify(f)),
  };
}

const suggestion = (i: number, subject: string) => ({
  id: `bench-sugg-${i}`,
  source: "imap",
  from: "f".repeat(500),
  subject,
  snippet: "n".repeat(300),
  receivedAt: 1_000 + i,
  status: "new",
  bucket: "informational",
  why: Array.from({ length: 5 }, () => "w".repeat(200)),
  proposal: { action: { kind: "archive" }, why: "you archive these" },
});

const stack = await startPipelineStack({ agent: false, email: `hub-mem-${Date.now()}@example.com` });
const results: Record<string, unknown> = {};
try {
  const pair = async (kind: "agent" | "pwa") => {
    const res = await fetch(`${stack.worker.url}/api/v1/dev/pair`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: stack.email, deviceName: `bench ${kind}`, kind }),
    });
    return ((await res.json()) as { token: string }).token;
  };
  const agentToken = await pair("agent");
  const phoneToken = await pair("pwa");
  await stack.connectGmail();
  const agent = await openDevice(stack.worker.url, agentToken, ["stage2", "mail_accounts"]);
  const phone = await openDevice(stack.worker.url, phoneToken, ["pwa"]);

  // 120 Gmail messages through the real pipeline: the user's rows that read_state looks up.
  for (let i = 0; i < 120; i++) {
    const msg = stack.gmail.addMessage(stack.email, {
      raw: rfc822({
        from: `Sender ${i % 37} <sender${i % 37}@example.org>`,
        to: stack.email,
        subject: `Bench message ${i}: project update`,
        body: `Hello,\n\nStatus update number ${i} for the project.\n\nThanks`,
      }),
      ...(i % 2 ? { labels: ["INBOX"] } : {}),
    });
    await stack.push(msg.historyId);
  }
  const proposals = () =>
    agent.frames.filter((f) => f.type === "scout_proposal").map((f) => String(f.proposalId));
  let screenedIds: string[] = [];
  const deadline = Date.now() + 240_000;
  for (;;) {
    agent.send({ type: "screened_request", requestId: `count-${Date.now()}`, op: "list" });
    const list = await agent.next((f) => f.type === "screened_result");
    screenedIds = ((list.items as { proposalId: string }[] | undefined) ?? []).map((x) => x.proposalId);
    if (new Set([...proposals(), ...screenedIds]).size >= 100 || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  const ids = [...new Set([...proposals(), ...screenedIds])].slice(0, 100);
  results.rows = { delivered: proposals().length, screened: screenedIds.length, readStateIds: ids.length };

  const heap = await startHeapSampler(stack.worker.inspectorPort!, 100);
  const windowPeaks = async (name: string, run: () => Promise<Record<string, unknown>>) => {
    heap.reset();
    const started = performance.now();
    const extra = await run();
    await new Promise((r) => setTimeout(r, 1_000));
    const peaks: HeapPeak[] = heap.peaks();
    results[name] = {
      ...extra,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      peakUsedMB: Math.max(...peaks.map((p) => p.peakUsedMB)),
      peakTotalMB: Math.max(...peaks.map((p) => p.peakTotalMB)),
      samples: peaks.reduce((n, p) => n + p.samples, 0),
    };
    console.error(name, JSON.stringify(results[name]));
  };

  await windowPeaks("idle", async () => {
    await new Promise((r) => setTimeout(r, 3_000));
    return {};
  });
  await windowPeaks("read_state_100", async () => {
    let known = 0;
    for (let r = 0; r < rounds; r++) {
      agent.send({ type: "read_state", requestId: `rs-${r}`, proposalIds: ids });
      const res = await agent.next((f) => f.type === "read_state_result" && f.requestId === `rs-${r}`);
      if (!res.ok) throw new Error(`read_state failed: ${JSON.stringify(res)}`);
      known = (res.states as { unread: boolean | null }[]).filter((s) => s.unread !== null).length;
    }
    return { rounds, idsPerBatch: ids.length, knownPerBatch: known };
  });
  await windowPeaks("screened_list", async () => {
    let items = 0;
    for (let r = 0; r < rounds; r++) {
      agent.send({ type: "screened_request", requestId: `sc-${r}`, op: "list" });
      const res = await agent.next((f) => f.type === "screened_result" && f.requestId === `sc-${r}`);
      items = (res.items as unknown[] | undefined)?.length ?? 0;
    }
    return { rounds, items };
  });
  await windowPeaks("relay_100_at_limits", async () => {
    const frame = JSON.stringify({
      type: "account_suggestions",
      full: true,
      items: Array.from({ length: 100 }, (_, i) => suggestion(i, "s".repeat(1_000))),
    });
    for (let r = 0; r < rounds; r++) {
      const got = phone.next((f) => f.type === "account_suggestions");
      agent.send(frame);
      const f = await got;
      if ((f.items as unknown[]).length !== 100) throw new Error("relay lost items");
    }
    return { rounds, frameChars: frame.length, relayLimit: MAX_RELAY_FRAME_BYTES };
  });
  await windowPeaks("hostile_100_huge_subjects", async () => {
    const frame = JSON.stringify({
      type: "account_suggestions",
      full: true,
      items: Array.from({ length: 100 }, (_, i) => suggestion(i, "x".repeat(40_000))),
    });
    let error = "";
    for (let r = 0; r < 5; r++) {
      const got = agent.next((f) => f.type === "error");
      agent.send(frame);
      error = String((await got).message);
    }
    return { sends: 5, frameChars: frame.length, answer: error.slice(0, 120) };
  });
  await windowPeaks("hostile_one_big_message", async () => {
    const frame = JSON.stringify({
      type: "account_suggestions",
      full: true,
      items: [suggestion(0, "x".repeat(hostileMb * 1024 * 1024))],
    });
    const got = agent.next((f) => f.type === "error", 120_000).catch((e: Error) => ({ message: e.message }));
    agent.send(frame);
    const answer = String((await got).message);
    return { frameChars: frame.length, answer: answer.slice(0, 120), closes: agent.closes };
  });
  heap.stop();
  for (const d of [agent, phone]) d.ws.close(1000, "bench done");
} finally {
  await stack.stop();
}
console.log(JSON.stringify(results, null, 2));
