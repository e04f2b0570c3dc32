import {
  DeviceToHubFrame,
  HubToDeviceFrame,
  type Notice,
  type ScoutProposalFrame,
} from "@scouts/core/protocol/frames";

export interface HubLinkOptions {
  /** The page origin's http(s) base ("" in the PWA means same origin); the socket goes to `/api/v1/device`. */
  baseUrl: string;
  token: () => string | null;
  version: string;
  /** Store + stage 2 for one proposal; the ack is sent only after it resolves. */
  onProposal: (frame: ScoutProposalFrame) => Promise<void>;
  onWelcome?: (w: { userId: string; deviceId: string }) => void;
  onNotice?: (n: Notice) => void;
  onState?: (s: { connected: boolean; error: string | null }) => void;
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
  /** Defaults to the global WebSocket (browsers, Node 22). */
  WebSocketImpl?: typeof WebSocket;
}

/** Exponential backoff with full-range jitter: attempt n waits base·2ⁿ (capped), scaled by 0.5–1. */
export function backoffDelay(attempt: number, base: number, max: number, random: () => number): number {
  return Math.round(Math.min(max, base * 2 ** attempt) * (0.5 + random() / 2));
}

/** ws(s):// URL of the device socket for a base URL ("" → this page's origin). */
export function deviceSocketUrl(baseUrl: string, origin?: string): string {
  const base = baseUrl || origin || globalThis.location?.origin || "";
  return `${base.replace(/^http/, "ws").replace(/\/+$/, "")}/api/v1/device`;
}

/**
 * The browser device's WebSocket to its DeviceHub. Browsers cannot set headers on a WebSocket, so
 * the token rides in the subprotocol list `["scouts.v1", "bearer.<token>"]` (never the query
 * string). Each frame is validated; each `scout_proposal` is stored and classified before its
 * `scout_proposal_ack` (un-acked ones are redelivered); reconnects with backoff and jitter.
 *
 * @example const link = createHubLink({ baseUrl: "", token, version, onProposal }); link.start();
 */
export function createHubLink(opts: HubLinkOptions) {
  const base = opts.baseDelayMs ?? 500;
  const max = opts.maxDelayMs ?? 30_000;
  const random = opts.random ?? Math.random;
  const WS = opts.WebSocketImpl ?? WebSocket;
  let ws: WebSocket | null = null;
  let running = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let chain: Promise<void> = Promise.resolve();
  let acked = 0;
  let received = 0;

  function schedule(): void {
    if (!running || timer) return;
    timer = setTimeout(
      () => {
        timer = null;
        connect();
      },
      backoffDelay(attempt++, base, max, random),
    );
  }

  /** Outgoing frames are checked against the protocol too. */
  function send(socket: WebSocket, frame: DeviceToHubFrame): void {
    socket.send(JSON.stringify(DeviceToHubFrame.parse(frame)));
  }

  function handle(socket: WebSocket, frame: HubToDeviceFrame): void {
    if (frame.type === "welcome") {
      attempt = 0;
      opts.onWelcome?.({ userId: frame.userId, deviceId: frame.deviceId });
      opts.onState?.({ connected: true, error: null });
      for (const n of frame.notices) opts.onNotice?.(n);
    } else if (frame.type === "scout_proposal") {
      received++;
      // Sequential so acks follow storage order; a failure leaves it un-acked for redelivery.
      chain = chain.then(async () => {
        try {
          await opts.onProposal(frame);
          if (socket.readyState === WS.OPEN) {
            send(socket, { type: "scout_proposal_ack", proposalId: frame.proposalId });
            acked++;
          }
        } catch {
          // Left un-acked: the hub delivers it again on the next connection.
        }
      });
    } else if (frame.type === "notice") {
      opts.onNotice?.(frame.notice);
    }
  }

  function connect(): void {
    if (!running) return;
    const token = opts.token();
    if (!token) {
      opts.onState?.({ connected: false, error: "not paired" });
      schedule();
      return;
    }
    let socket: WebSocket;
    try {
      socket = new WS(deviceSocketUrl(opts.baseUrl), ["scouts.v1", `bearer.${token}`]);
    } catch {
      opts.onState?.({ connected: false, error: "connection failed" });
      schedule();
      return;
    }
    ws = socket;
    socket.addEventListener("open", () => {
      send(socket, { type: "hello", agentVersion: opts.version, capabilities: ["stage2", "pwa"] });
    });
    socket.addEventListener("message", (ev) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      const frame = HubToDeviceFrame.safeParse(parsed);
      if (frame.success) handle(socket, frame.data);
    });
    socket.addEventListener("close", (ev) => {
      if (ws === socket) ws = null;
      opts.onState?.({ connected: false, error: `closed ${ev.code}` });
      schedule();
    });
    socket.addEventListener("error", () => {
      opts.onState?.({ connected: false, error: "connection failed" });
    });
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      attempt = 0;
      connect();
    },
    async stop(): Promise<void> {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      ws?.close(1000, "device stopping");
      ws = null;
      await chain;
    },
    /** Drops the socket now and reconnects after backoff (going offline, tests). */
    drop(): void {
      ws?.close(4000, "dropped");
    },
    /** Waits for in-flight proposals. */
    idle: () => chain,
    get connected() {
      return ws?.readyState === WS.OPEN;
    },
    get acked() {
      return acked;
    },
    /** `scout_proposal` frames received on any connection (redeliveries included). */
    get received() {
      return received;
    },
  };
}
export type HubLink = ReturnType<typeof createHubLink>;
