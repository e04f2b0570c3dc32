import type { Logger } from "@scouts/core/ports";
import { HubToDeviceFrame, type ScoutProposalFrame } from "@scouts/core/protocol/frames";

export interface DeviceLinkOptions {
  /** Cloud base URL (http/https); the socket goes to `/api/v1/device` on it. */
  cloudUrl: string;
  token: () => string | null;
  agentVersion: string;
  logger: Logger;
  /** Store + stage 2 for one proposal; the ack is sent only after it resolves. */
  onProposal: (frame: ScoutProposalFrame) => Promise<void>;
  onWelcome?: (w: { userId: string; deviceId: string }) => void;
  onNotice?: (n: { kind: string; message: string }) => void;
  onState?: (s: { connected: boolean; error: string | null }) => void;
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

/** An item's content as the hub returns it for `read_item`. */
export interface ReadItem {
  from: string;
  subject: string;
  date: number;
  raw?: string;
  text?: string;
}

/** Exponential backoff with jitter: attempt n waits base·2ⁿ (capped), scaled by 0.5–1. */
export function backoffDelay(attempt: number, base: number, max: number, random: () => number): number {
  return Math.round(Math.min(max, base * 2 ** attempt) * (0.5 + random() / 2));
}

/**
 * The agent's WebSocket to its DeviceHub: `Authorization: Bearer` (Node's WebSocket takes
 * headers), `hello`, each `scout_proposal` stored and classified before its ack, reconnect with
 * backoff and jitter.
 *
 * @example const link = createDeviceLink({ cloudUrl, token, onProposal, ... }); link.start();
 */
export function createDeviceLink(opts: DeviceLinkOptions) {
  const base = opts.baseDelayMs ?? 500;
  const max = opts.maxDelayMs ?? 60_000;
  const random = opts.random ?? Math.random;
  let ws: WebSocket | null = null;
  let running = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let chain: Promise<void> = Promise.resolve();
  let requestSeq = 0;
  const pending = new Map<string, (item: ReadItem | null) => void>();

  const wsUrl = `${opts.cloudUrl.replace(/^http/, "ws")}/api/v1/device`;

  function schedule(): void {
    if (!running || timer) return;
    const delay = backoffDelay(attempt++, base, max, random);
    timer = setTimeout(() => {
      timer = null;
      connect();
    }, delay);
  }

  function connect(): void {
    if (!running) return;
    const token = opts.token();
    if (!token) {
      opts.onState?.({ connected: false, error: "not paired" });
      schedule();
      return;
    }
    // Node's (undici) WebSocket accepts a non-standard init with headers.
    const socket = new (WebSocket as unknown as new (u: string, init: unknown) => WebSocket)(wsUrl, {
      headers: { authorization: `Bearer ${token}` },
    });
    ws = socket;
    socket.addEventListener("open", () => {
      socket.send(
        JSON.stringify({
          type: "hello",
          agentVersion: opts.agentVersion,
          capabilities: ["stage2", "ack_after_store"],
        }),
      );
    });
    socket.addEventListener("message", (ev) => {
      let frame: HubToDeviceFrame;
      try {
        frame = HubToDeviceFrame.parse(JSON.parse(String(ev.data)));
      } catch {
        opts.logger.log("warn", "link.bad_frame");
        return;
      }
      if (frame.type === "welcome") {
        attempt = 0;
        opts.onWelcome?.({ userId: frame.userId, deviceId: frame.deviceId });
        opts.onState?.({ connected: true, error: null });
        for (const n of frame.notices) opts.onNotice?.(n);
      } else if (frame.type === "scout_proposal") {
        // Sequential so acks follow storage order; a failure leaves it un-acked for redelivery.
        chain = chain.then(async () => {
          try {
            await opts.onProposal(frame);
            if (socket.readyState === WebSocket.OPEN)
              socket.send(JSON.stringify({ type: "scout_proposal_ack", proposalId: frame.proposalId }));
          } catch (e) {
            opts.logger.log("error", "link.proposal_failed", {
              proposalId: frame.proposalId,
              // Error names and codes only: a message could quote the mail.
              error: e instanceof Error ? ((e as { code?: string }).code ?? e.name) : "error",
            });
          }
        });
      } else if (frame.type === "read_item_result") {
        pending.get(frame.requestId)?.(frame.ok && frame.item ? frame.item : null);
        pending.delete(frame.requestId);
      } else if (frame.type === "notice") {
        opts.onNotice?.(frame.notice);
      } else if (frame.type === "error") {
        opts.logger.log("warn", "link.hub_error", { message: frame.message.slice(0, 100) });
      }
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
      ws?.close(1000, "agent stopping");
      ws = null;
      await chain;
    },
    /**
     * Asks the hub for one item's content (fetched transiently by the cloud, never stored there);
     * null when offline, refused or not answered within `timeoutMs`.
     */
    readItem(proposalId: string, timeoutMs = 10_000): Promise<ReadItem | null> {
      const socket = ws;
      if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.resolve(null);
      const requestId = `r${++requestSeq}`;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(requestId);
          resolve(null);
        }, timeoutMs);
        pending.set(requestId, (item) => {
          clearTimeout(timer);
          resolve(item);
        });
        socket.send(JSON.stringify({ type: "read_item", requestId, proposalId }));
      });
    },
    /** Waits for in-flight proposals (tests). */
    idle: () => chain,
    get connected() {
      return ws?.readyState === WebSocket.OPEN;
    },
  };
}
export type DeviceLink = ReturnType<typeof createDeviceLink>;
