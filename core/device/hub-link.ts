import type { Logger } from "../ports.ts";
import { type AccountRelayFrame, isAccountRelayFrame } from "../protocol/account-relay.ts";
import {
  DeviceToHubFrame,
  type EntityChangesFrame,
  type EntitySyncRequestFrame,
  HubToDeviceFrame,
  type Notice,
  type ReadStateResultFrame,
  type ScoutProposalFrame,
  type ScreenedRequestFrame,
  type ScreenedResultFrame,
} from "../protocol/frames.ts";
import type { ThreadEntry } from "../protocol/message.ts";

/** The part of a WebSocket the link uses (browser, Node/undici and test sockets all fit). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "message", listener: (ev: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (ev: { code: number }) => void): void;
  addEventListener(type: "open" | "error", listener: () => void): void;
}

/**
 * Opens the device socket with the token: the agent sends `Authorization: Bearer` (Node's
 * WebSocket takes headers), a browser the subprotocols `["scouts.v1", "bearer.<token>"]`.
 */
export type OpenSocket = (url: string, token: string) => WebSocketLike;

/** An item's content as the hub returns it for `read_item` (fetched transiently by the cloud). */
export interface ReadItem {
  from: string;
  subject: string;
  date: number;
  raw?: string;
  text?: string;
  thread?: ThreadEntry[];
}

/** The hub's answer to `read_item`: the item, or why there is none. */
export type ReadItemAnswer = { item: ReadItem } | { error: string };

export interface HubLinkOptions {
  /** Cloud base URL (http/https); the socket goes to `/api/v1/device` on it. */
  baseUrl: string;
  /** The page origin, used when `baseUrl` is "" (the PWA talks to its own origin). */
  origin?: string;
  token: () => string | null;
  openSocket: OpenSocket;
  hello: { agentVersion: string; capabilities: string[] };
  /** Store + stage 2 for one proposal; the ack is sent only after it resolves. */
  onProposal: (frame: ScoutProposalFrame) => Promise<void>;
  onWelcome?: (w: { userId: string; deviceId: string }) => void;
  onNotice?: (n: Notice) => void;
  onState?: (s: { connected: boolean; error: string | null }) => void;
  /** Device-to-device sync frames relayed by the hub (see `entity-sync.ts`). */
  onEntityFrame?: (f: EntitySyncRequestFrame | EntityChangesFrame) => void;
  /** Mail-account suggestions relayed between the agent and other devices (`account-relay.ts`). */
  onAccountFrame?: (f: AccountRelayFrame) => void;
  logger?: Logger;
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

const OPEN = 1;

/** Exponential backoff with jitter: attempt n waits base·2ⁿ (capped), scaled by 0.5–1. */
export function backoffDelay(attempt: number, base: number, max: number, random: () => number): number {
  return Math.round(Math.min(max, base * 2 ** attempt) * (0.5 + random() / 2));
}

/** ws(s):// URL of the device socket for a base URL ("" → `origin`, e.g. the page's). */
export function deviceSocketUrl(baseUrl: string, origin?: string): string {
  const base = baseUrl || origin || "";
  return `${base.replace(/^http/, "ws").replace(/\/+$/, "")}/api/v1/device`;
}

const errorCode = (e: unknown) => (e instanceof Error ? ((e as { code?: string }).code ?? e.name) : "error");

/**
 * A device's WebSocket to its DeviceHub (the agent's and the browser device's): `hello`, every
 * frame validated both ways, each `scout_proposal` stored and classified before its ack (in
 * order; a failure leaves it un-acked for redelivery), `read_item` requests, sync frames handed
 * on, reconnect with backoff and jitter. The token never goes in the URL.
 *
 * @example const link = createHubLink({ baseUrl, token, openSocket, hello, onProposal }); link.start();
 */
export function createHubLink(opts: HubLinkOptions) {
  const base = opts.baseDelayMs ?? 500;
  const max = opts.maxDelayMs ?? 30_000;
  const random = opts.random ?? Math.random;
  let ws: WebSocketLike | null = null;
  let running = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let chain: Promise<void> = Promise.resolve();
  let requestSeq = 0;
  let acked = 0;
  let received = 0;
  const pending = new Map<string, (answer: ReadItemAnswer) => void>();
  const pendingScreened = new Map<string, (answer: ScreenedResultFrame) => void>();
  const pendingReadState = new Map<string, (answer: ReadStateResultFrame) => void>();

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
  function send(socket: WebSocketLike, frame: DeviceToHubFrame): void {
    socket.send(JSON.stringify(DeviceToHubFrame.parse(frame)));
  }

  function handle(socket: WebSocketLike, frame: HubToDeviceFrame): void {
    if (frame.type === "welcome") {
      attempt = 0;
      opts.onWelcome?.({ userId: frame.userId, deviceId: frame.deviceId });
      opts.onState?.({ connected: true, error: null });
      for (const n of frame.notices) opts.onNotice?.(n);
    } else if (frame.type === "scout_proposal") {
      received++;
      chain = chain.then(async () => {
        try {
          await opts.onProposal(frame);
          if (socket.readyState === OPEN) {
            send(socket, { type: "scout_proposal_ack", proposalId: frame.proposalId });
            acked++;
          }
        } catch (e) {
          // Error names and codes only: a message could quote the mail.
          opts.logger?.log("error", "link.proposal_failed", {
            proposalId: frame.proposalId,
            error: errorCode(e),
          });
        }
      });
    } else if (frame.type === "read_item_result") {
      pending.get(frame.requestId)?.(
        frame.ok && frame.item ? { item: frame.item } : { error: frame.error ?? "refused" },
      );
      pending.delete(frame.requestId);
    } else if (frame.type === "read_state_result") {
      pendingReadState.get(frame.requestId)?.(frame);
      pendingReadState.delete(frame.requestId);
    } else if (frame.type === "screened_result") {
      pendingScreened.get(frame.requestId)?.(frame);
      pendingScreened.delete(frame.requestId);
    } else if (frame.type === "notice") {
      opts.onNotice?.(frame.notice);
    } else if (frame.type === "error") {
      opts.logger?.log("warn", "link.hub_error", { message: frame.message.slice(0, 100) });
    } else if (isAccountRelayFrame(frame)) {
      opts.onAccountFrame?.(frame);
    } else {
      opts.onEntityFrame?.(frame);
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
    let socket: WebSocketLike;
    try {
      socket = opts.openSocket(deviceSocketUrl(opts.baseUrl, opts.origin), token);
    } catch {
      opts.onState?.({ connected: false, error: "connection failed" });
      schedule();
      return;
    }
    ws = socket;
    socket.addEventListener("open", () => {
      send(socket, { type: "hello", ...opts.hello });
    });
    socket.addEventListener("message", (ev: { data: unknown }) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(ev.data));
      } catch {
        opts.logger?.log("warn", "link.bad_frame");
        return;
      }
      const frame = HubToDeviceFrame.safeParse(parsed);
      if (frame.success) handle(socket, frame.data);
      else opts.logger?.log("warn", "link.bad_frame");
    });
    socket.addEventListener("close", (ev: { code: number }) => {
      if (ws === socket) ws = null;
      opts.onState?.({ connected: false, error: `closed ${ev.code}` });
      schedule();
    });
    socket.addEventListener("error", () => {
      opts.onState?.({ connected: false, error: "connection failed" });
    });
  }

  /**
   * Sends one request frame and waits for its answer (matched by request id in `waiting`); what
   * `unanswered` makes of "offline" (no open socket) or "timeout" (no answer in `timeoutMs`).
   */
  function ask<A>(
    waiting: Map<string, (answer: A) => void>,
    prefix: string,
    frame: (requestId: string) => DeviceToHubFrame,
    unanswered: (requestId: string, error: "offline" | "timeout") => A,
    timeoutMs: number,
  ): Promise<A> {
    const socket = ws;
    const requestId = `${prefix}${++requestSeq}`;
    if (!socket || socket.readyState !== OPEN) return Promise.resolve(unanswered(requestId, "offline"));
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        waiting.delete(requestId);
        resolve(unanswered(requestId, "timeout"));
      }, timeoutMs);
      waiting.set(requestId, (answer) => {
        clearTimeout(t);
        resolve(answer);
      });
      send(socket, frame(requestId));
    });
  }

  function readItemAnswer(proposalId: string, timeoutMs = 10_000): Promise<ReadItemAnswer> {
    return ask(
      pending,
      "r",
      (requestId) => ({ type: "read_item", requestId, proposalId }),
      (_, error) => ({ error }),
      timeoutMs,
    );
  }

  /**
   * The mailbox's read state of up to `READ_STATE_MAX_IDS` cloud items (Gmail's UNREAD label),
   * looked up now by the cloud; `offline` or `timeout` when unanswered.
   */
  function readState(proposalIds: string[], timeoutMs = 15_000): Promise<ReadStateResultFrame> {
    return ask(
      pendingReadState,
      "u",
      (requestId) => ({ type: "read_state", requestId, proposalIds }),
      (requestId, error) => ({ type: "read_state_result", requestId, ok: false, error }),
      timeoutMs,
    );
  }

  /** The Screened view's cloud side (list / restore / rescreen); `offline` or `timeout` when unanswered. */
  function screened(
    op: ScreenedRequestFrame["op"],
    proposalId?: string,
    timeoutMs = 10_000,
  ): Promise<ScreenedResultFrame> {
    return ask(
      pendingScreened,
      "s",
      (requestId) => ({ type: "screened_request", requestId, op, ...(proposalId ? { proposalId } : {}) }),
      (requestId, error) => ({ type: "screened_result", requestId, ok: false, error }),
      timeoutMs,
    );
  }

  return {
    screened,
    readState,
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
    /** Sends a frame now; false when the socket is not open (callers keep what they meant to send). */
    send(frame: DeviceToHubFrame): boolean {
      const socket = ws;
      if (!socket || socket.readyState !== OPEN) return false;
      send(socket, frame);
      return true;
    },
    /**
     * Asks the hub for one item's content (fetched transiently by the cloud, never stored there);
     * null when offline, refused or not answered within `timeoutMs`.
     */
    async readItem(proposalId: string, timeoutMs = 10_000): Promise<ReadItem | null> {
      const answer = await readItemAnswer(proposalId, timeoutMs);
      return "item" in answer ? answer.item : null;
    },
    /** As `readItem`, with the reason when there is no item: `offline`, `timeout` or the hub's code (`not_found`, `needs_reauth`, ...). */
    readItemAnswer,
    /** Waits for in-flight proposals. */
    idle: () => chain,
    get connected() {
      return ws?.readyState === OPEN;
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
