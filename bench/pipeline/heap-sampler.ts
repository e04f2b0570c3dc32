/**
 * Peak V8 heap of each isolate `wrangler dev` runs, read over its DevTools inspector (CDP
 * `Runtime.getHeapUsage`, polled). Under `wrangler dev --local` the Worker and its Durable
 * Objects share one workerd isolate per Worker; every target the inspector lists is sampled.
 */
export interface HeapPeak {
  target: string;
  peakUsedMB: number;
  /** Peak of the heap V8 had reserved (used + free), what the isolate limit is checked against. */
  peakTotalMB: number;
  samples: number;
}

export async function startHeapSampler(inspectorPort: number, everyMs = 500) {
  const list = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as Array<{
    title?: string;
    id?: string;
    webSocketDebuggerUrl?: string;
  }>;
  const sockets: Array<{ ws: WebSocket; peak: HeapPeak; timer: ReturnType<typeof setInterval> }> = [];
  for (const t of list) {
    if (!t.webSocketDebuggerUrl) continue;
    // The inspector proxy accepts DevTools origins only (localhost is one); undici takes headers here.
    const WS = WebSocket as unknown as new (url: string, init: unknown) => WebSocket;
    const ws = new WS(t.webSocketDebuggerUrl, { headers: { origin: "http://localhost" } });
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener("open", () => resolve(), { once: true });
      ws.addEventListener("error", () => reject(new Error(`inspector ${t.webSocketDebuggerUrl}`)), {
        once: true,
      });
    });
    const peak: HeapPeak = {
      target: t.title ?? t.id ?? "isolate",
      peakUsedMB: 0,
      peakTotalMB: 0,
      samples: 0,
    };
    let id = 0;
    ws.addEventListener("message", (ev) => {
      const msg = JSON.parse(String(ev.data)) as { result?: { usedSize?: number; totalSize?: number } };
      const used = msg.result?.usedSize;
      if (typeof used !== "number") return;
      peak.samples++;
      peak.peakUsedMB = Math.max(peak.peakUsedMB, Number((used / 1024 / 1024).toFixed(1)));
      const total = msg.result?.totalSize ?? 0;
      peak.peakTotalMB = Math.max(peak.peakTotalMB, Number((total / 1024 / 1024).toFixed(1)));
    });
    const timer = setInterval(() => {
      if (ws.readyState === WebSocket.OPEN)
        ws.send(JSON.stringify({ id: ++id, method: "Runtime.getHeapUsage" }));
    }, everyMs);
    sockets.push({ ws, peak, timer });
  }
  return {
    peaks: (): HeapPeak[] => sockets.map((s) => ({ ...s.peak })),
    /** Starts a new measuring window: the peaks so far are forgotten. */
    reset() {
      for (const s of sockets) Object.assign(s.peak, { peakUsedMB: 0, peakTotalMB: 0, samples: 0 });
    },
    stop() {
      for (const s of sockets) {
        clearInterval(s.timer);
        s.ws.close();
      }
    },
  };
}
