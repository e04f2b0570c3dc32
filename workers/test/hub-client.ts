import type { HubToDeviceFrame } from "@scouts/core/protocol/frames";

/** A device for workerd tests: a real WebSocket to a hub, collecting parsed frames. */
export interface TestDevice {
  ws: WebSocket;
  res: Response;
  frames: HubToDeviceFrame[];
  send(frame: unknown): void;
  waitFor(pred: (frames: HubToDeviceFrame[]) => boolean, timeoutMs?: number): Promise<HubToDeviceFrame[]>;
  proposals(): Extract<HubToDeviceFrame, { type: "scout_proposal" }>[];
}

export async function connectDevice(
  fetcher: { fetch(req: Request): Promise<Response> },
  url: string,
  headers: Record<string, string>,
): Promise<TestDevice> {
  const res = await fetcher.fetch(new Request(url, { headers: { upgrade: "websocket", ...headers } }));
  const ws = res.webSocket;
  if (!ws) throw new Error(`no WebSocket: ${res.status} ${await res.text()}`);
  ws.accept();
  const frames: HubToDeviceFrame[] = [];
  ws.addEventListener("message", (e) => {
    frames.push(JSON.parse(String(e.data)));
  });
  const device: TestDevice = {
    ws,
    res,
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    async waitFor(pred, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (!pred(frames)) {
        if (Date.now() > deadline)
          throw new Error(`timed out; frames: ${JSON.stringify(frames.map((f) => f.type))}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return frames;
    },
    proposals: () => frames.filter((f) => f.type === "scout_proposal") as ReturnType<TestDevice["proposals"]>,
  };
  return device;
}
