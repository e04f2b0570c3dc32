/** A bench device: a real WebSocket to the DeviceHub that records when each proposal arrives and acks it. */
export interface Arrival {
  proposalId: string;
  sourceMsgRef: string;
  at: number;
  hasSubject: boolean;
}

export async function connectBenchDevice(workerUrl: string, token: string) {
  const arrivals: Arrival[] = [];
  const WS = WebSocket as unknown as new (url: string, init: unknown) => WebSocket;
  const ws = new WS(`${workerUrl.replace(/^http/, "ws")}/api/v1/device`, {
    headers: { authorization: `Bearer ${token}` },
    protocols: ["scouts.v1"],
  });
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("message", function first(ev) {
      if (JSON.parse(String(ev.data)).type === "welcome") {
        ws.removeEventListener("message", first);
        resolve();
      }
    });
    ws.addEventListener("error", () => reject(new Error("device socket failed")));
  });
  ws.addEventListener("message", (ev) => {
    const at = performance.now();
    const frame = JSON.parse(String(ev.data)) as {
      type: string;
      proposalId: string;
      sourceMsgRef: string;
      subject?: string;
    };
    if (frame.type !== "scout_proposal") return;
    arrivals.push({
      proposalId: frame.proposalId,
      sourceMsgRef: frame.sourceMsgRef,
      at,
      hasSubject: !!frame.subject,
    });
    ws.send(JSON.stringify({ type: "scout_proposal_ack", proposalId: frame.proposalId }));
  });
  return { arrivals, close: () => ws.close(1000, "bench done") };
}
