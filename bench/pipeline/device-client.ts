/**
 * A bench device: real WebSockets to the DeviceHub that record when each proposal arrives and ack
 * it, reconnecting like the agent does when the socket drops (the hub then redelivers un-acked rows).
 */
export interface Arrival {
  proposalId: string;
  sourceMsgRef: string;
  at: number;
  hasSubject: boolean;
}

export async function connectBenchDevice(workerUrl: string, token: string) {
  const arrivals: Arrival[] = [];
  const closes: string[] = [];
  let current: WebSocket | null = null;
  let stopped = false;
  const WS = WebSocket as unknown as new (url: string, init: unknown) => WebSocket;

  const open = () =>
    new Promise<void>((resolve, reject) => {
      const ws = new WS(`${workerUrl.replace(/^http/, "ws")}/api/v1/device`, {
        headers: { authorization: `Bearer ${token}` },
        protocols: ["scouts.v1"],
      });
      current = ws;
      ws.addEventListener("message", (ev) => {
        const at = performance.now();
        const frame = JSON.parse(String(ev.data)) as {
          type: string;
          proposalId: string;
          sourceMsgRef: string;
          subject?: string;
        };
        if (frame.type === "welcome") resolve();
        if (frame.type !== "scout_proposal") return;
        arrivals.push({
          proposalId: frame.proposalId,
          sourceMsgRef: frame.sourceMsgRef,
          at,
          hasSubject: !!frame.subject,
        });
        ws.send(JSON.stringify({ type: "scout_proposal_ack", proposalId: frame.proposalId }));
      });
      ws.addEventListener("close", (ev) => {
        closes.push(`${ev.code} ${ev.reason}`.trim());
        if (!stopped) setTimeout(() => void open().catch(() => {}), 250);
      });
      ws.addEventListener("error", () => reject(new Error("device socket failed")));
    });
  await open();
  return {
    arrivals,
    closes,
    close: () => {
      stopped = true;
      current?.close(1000, "bench done");
    },
  };
}
