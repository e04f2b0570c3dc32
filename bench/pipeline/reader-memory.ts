/**
 * `node bench/pipeline/reader-memory.ts [--notifications 30] [--bursts 5]`
 * The Gmail reader path (send-as list + one sent-mail lookup per new sender, issue 13) under
 * `wrangler dev` with the real pipeline, a connected device and the fake Gmail over HTTP: the
 * Worker isolate's peak V8 heap (`Runtime.getHeapUsage` every 0.1 s) and its CPU per notification
 * (the DevTools CPU profile: every sample but `(idle)`, summed). Two windows: one notification per
 * new sender, and bursts of 20 new senders under one push (20 triaged inline in one invocation, so
 * 20 lookups of the 25 allowed). The CPU covers the whole push (webhook, hub sync, stage 1,
 * delivery, the queued copy), not the reader alone.
 */
import { parseArgs } from "node:util";
import { startPipelineStack } from "../../tests/e2e/pipeline-harness.ts";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";

const { values } = parseArgs({
  options: { notifications: { type: "string", default: "30" }, bursts: { type: "string", default: "5" } },
});
const notifications = Number(values.notifications);
const bursts = Number(values.bursts);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string };
  children?: number[];
}

/** The reader path's own functions (core/pipeline/reader-lookup.ts, connectors/gmail/send-as.ts, sent-lookup.ts). */
const READER = new Set(["cloudReader", "readerFromHeaders", "sendAsAddresses", "sentTo", "sentSearchQuery"]);

/** One inspector session on the Worker's isolate: heap polling and the sampling CPU profiler. */
async function inspect(port: number) {
  const list = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as Array<{
    webSocketDebuggerUrl?: string;
  }>;
  const url = list.find((t) => t.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
  if (!url) throw new Error("no inspector target");
  const WS = WebSocket as unknown as new (url: string, init: unknown) => WebSocket;
  const ws = new WS(url, { headers: { origin: "http://localhost" } });
  await new Promise<void>((r, j) => {
    ws.addEventListener("open", () => r(), { once: true });
    ws.addEventListener("error", () => j(new Error("inspector socket failed")), { once: true });
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  let peakUsed = 0;
  let peakTotal = 0;
  ws.addEventListener("message", (ev) => {
    const msg = JSON.parse(String(ev.data)) as { id?: number; result?: Record<string, unknown> };
    const r = msg.result as { usedSize?: number; totalSize?: number } | undefined;
    if (typeof r?.usedSize === "number") {
      peakUsed = Math.max(peakUsed, r.usedSize);
      peakTotal = Math.max(peakTotal, r.totalSize ?? 0);
    }
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      const n = ++id;
      pending.set(n, resolve);
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  const timer = setInterval(() => void call("Runtime.getHeapUsage"), 100);
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: 500 });
  return {
    async window<T>(run: () => Promise<T>) {
      peakUsed = 0;
      peakTotal = 0;
      await call("Profiler.start");
      const out = await run();
      const { profile } = (await call("Profiler.stop")) as {
        profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
      };
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const parent = new Map<number, number>();
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      const inReader = (id: number): boolean => {
        for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
          if (READER.has(byId.get(at)?.callFrame.functionName ?? "")) return true;
        return false;
      };
      const us = { busy: 0, program: 0, gc: 0, reader: 0 };
      profile.samples.forEach((s, i) => {
        const name = byId.get(s)?.callFrame.functionName ?? "";
        const dt = profile.timeDeltas[i] ?? 0;
        if (name === "(idle)") return;
        us.busy += dt;
        if (name === "(program)") us.program += dt;
        else if (name === "(garbage collector)") us.gc += dt;
        else if (inReader(s)) us.reader += dt;
      });
      const mb = (b: number) => Number((b / 1024 / 1024).toFixed(1));
      return {
        out,
        cpuMs: us.busy / 1000,
        programMs: us.program / 1000,
        gcMs: us.gc / 1000,
        readerMs: us.reader / 1000,
        peakUsedMB: mb(peakUsed),
        peakTotalMB: mb(peakTotal),
      };
    },
    stop() {
      clearInterval(timer);
      ws.close();
    },
  };
}

const stack = await startPipelineStack({ agent: false, email: `reader-mem-${Date.now()}@example.com` });
const results: Record<string, unknown> = { loadAverage: (await import("node:os")).loadavg()[0] };
try {
  const res = await fetch(`${stack.worker.url}/api/v1/dev/pair`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: stack.email, deviceName: "bench agent", kind: "agent" }),
  });
  const token = ((await res.json()) as { token: string }).token;
  await stack.connectGmail();
  stack.gmail.addSendAs(stack.email, "reader.alias@work.example.org");
  const WS = WebSocket as unknown as new (url: string, init: unknown) => WebSocket;
  const ws = new WS(`${stack.worker.url.replace(/^http/, "ws")}/api/v1/device`, {
    headers: { authorization: `Bearer ${token}` },
    protocols: ["scouts.v1"],
  });
  let delivered = 0;
  ws.addEventListener("message", (ev) => {
    const f = JSON.parse(String(ev.data)) as { type: string; proposalId?: string };
    if (f.type === "welcome")
      ws.send(JSON.stringify({ type: "hello", agentVersion: "bench", capabilities: [] }));
    if (f.type !== "scout_proposal") return;
    delivered++;
    ws.send(JSON.stringify({ type: "scout_proposal_ack", proposalId: f.proposalId }));
  });
  await new Promise<void>((r) => ws.addEventListener("open", () => r(), { once: true }));
  const until = async (n: number) => {
    const deadline = Date.now() + 180_000;
    while (delivered < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (delivered < n) throw new Error(`delivered ${delivered} of ${n}`);
  };
  const mail = (k: string, i: number) =>
    rfc822({
      from: `Sender ${k}${i} <${k}${i}@senders.example.org>`,
      to: i % 2 ? "reader.alias@work.example.org" : stack.email,
      subject: `Lunch ${k}${i}`,
      body: "Are you free for lunch on Friday at noon? The usual place.",
    });
  // Warm-up: the first push builds the model and the connector.
  await stack.push(stack.gmail.addMessage(stack.email, { raw: mail("warm", 0) }).historyId);
  await until(1);
  const sentAsk = () => stack.gmail.calls.filter((c) => c.query.includes("q=")).length;
  const sendAs = () => stack.gmail.calls.filter((c) => c.call === "sendAsList").length;

  const insp = await inspect(stack.worker.inspectorPort!);
  const [l0, s0] = [sentAsk(), sendAs()];
  const one = await insp.window(async () => {
    for (let i = 0; i < notifications; i++) {
      await stack.push(stack.gmail.addMessage(stack.email, { raw: mail("one", i) }).historyId);
      await until(1 + i + 1);
    }
    await new Promise((r) => setTimeout(r, 6_000)); // the queued copies (5 s) run in the window
  });
  /** A window's figures per push, with the Gmail calls the reader made in it. */
  const perPush = (w: Awaited<ReturnType<typeof insp.window>>, pushes: number, calls: [number, number]) => ({
    pushes,
    cpuMsPerNotification: Number((w.cpuMs / pushes).toFixed(1)),
    ofWhichProgramMs: Number((w.programMs / pushes).toFixed(1)),
    ofWhichGcMs: Number((w.gcMs / pushes).toFixed(1)),
    readerMsPerNotification: Number((w.readerMs / pushes).toFixed(2)),
    peakUsedMB: w.peakUsedMB,
    peakTotalMB: w.peakTotalMB,
    sentLookups: sentAsk() - calls[0],
    sendAsLists: sendAs() - calls[1],
  });
  results.onePerNotification = perPush(one, notifications, [l0, s0]);
  console.error(JSON.stringify(results.onePerNotification));
  const [l1, s1] = [sentAsk(), sendAs()];
  const base = delivered;
  const burst = await insp.window(async () => {
    for (let b = 0; b < bursts; b++) {
      let last = "";
      for (let i = 0; i < 20; i++)
        last = stack.gmail.addMessage(stack.email, { raw: mail(`b${b}x`, i) }).historyId;
      await stack.push(last);
      await until(base + (b + 1) * 20);
    }
    await new Promise((r) => setTimeout(r, 6_000));
  });
  results.burstsOf20 = {
    ...perPush(burst, bursts, [l1, s1]),
    cpuMsPerMessage: Number((burst.cpuMs / (bursts * 20)).toFixed(2)),
  };
  console.error(JSON.stringify(results.burstsOf20));
  insp.stop();
  ws.close(1000, "bench done");
} finally {
  await stack.stop();
}
console.log(JSON.stringify(results, null, 2));
