import { DurableObject } from "cloudflare:workers";
import type { ItemContent } from "@scouts/core/connectors/source-connector";
import { CoreError } from "@scouts/core/errors";
import { deliverProposals } from "@scouts/core/pipeline/deliver-proposals";
import { ackProposal, readItem, readState, screenedRequest } from "@scouts/core/pipeline/device-requests";
import { withTimeout } from "@scouts/core/pipeline/with-timeout";
import { isAccountRelayFrame, MAIL_ACCOUNTS_CAPABILITY } from "@scouts/core/protocol/account-relay";
import {
  DeviceToHubFrame,
  HubToDeviceFrame as HubFrame,
  type HubToDeviceFrame,
  MAX_DEVICE_FRAME_LENGTH,
  type Notice,
  type ScoutProposalFrame,
} from "@scouts/core/protocol/frames";
import type { SyncJob } from "@scouts/core/protocol/jobs";
import type { Env } from "../env.ts";
import { type DeviceHubRpc, revokedCloseCode } from "../shared/durable-objects.ts";
import {
  createPipelineCtx,
  type FullPipelineCtx,
  hubPoker,
  type PipelineOverrides,
} from "../shared/pipeline-deps.ts";
import { createCronStore } from "../shared/stores.ts";
import { type AccountPeer, relayAccountFrame } from "./account-relay.ts";
import { type ConnectorCache, cachedConnectorFor } from "./connector-cache.ts";
import { createHubStore } from "./hub-store.ts";
import { createHubSyncs } from "./hub-sync.ts";
import { isRelayFrame, relayOrRefuse } from "./relay.ts";

interface Attachment {
  userId: string;
  deviceId: string;
  lastSeenWrite: number;
  /** Said in its hello that it reads mail accounts itself (the agent): account frames go to it. */
  mailAccounts?: boolean;
}

/** Writing last_seen_at on every frame would be one D1 write per ack; once a minute is enough. */
const touchEveryMs = 60_000;
const retryAfterFailureMs = 5_000;
/** A delivery run that hangs (a provider never answering) must not block every later one. */
const runTimeoutMs = 30_000;
/** Longer than any delivery run, so a run that listed a row before an offer sent it cannot resend it. */
const sentMemoryMs = 5 * 60_000;

/**
 * One per user: holds that user's device WebSockets (hibernation API) and delivers proposals.
 * Its storage holds only the user id it is bound to; rows live in D1, content nowhere.
 */
export class DeviceHub extends DurableObject<Env> implements DeviceHubRpc {
  private chain: Promise<unknown> = Promise.resolve();
  private pokeQueued: Promise<void> | null = null;
  private readonly connectors: ConnectorCache = new Map();
  private readonly sentRecently = new Map<string, number>();
  private syncs: ReturnType<typeof createHubSyncs> | undefined;
  /** Ports supplied instead of the env's defaults: none when deployed; the test entry's subclass sets them. */
  protected readonly overrides: PipelineOverrides = {};

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("expected a WebSocket upgrade", { status: 426 });
    }
    const userId = request.headers.get("x-scouts-user-id") ?? "";
    const deviceId = request.headers.get("x-scouts-device-id") ?? "";
    if (!userId || !deviceId) return new Response("missing device identity", { status: 400 });
    const bound = await this.ctx.storage.get<string>("userId");
    if (bound !== undefined && bound !== userId) return new Response("wrong hub", { status: 403 });
    if (bound === undefined) await this.ctx.storage.put("userId", userId);

    const p = this.pipeline();
    const hub = createHubStore(p.db);
    const now = p.clock.now();
    // The route checked the token, but a revocation may have landed since: D1 has the last word.
    if (!(await hub.touchDevice(userId, deviceId, now)))
      return new Response("device revoked: pair it again", { status: 403 });
    await createCronStore(p.db).unpauseActive(now, userId);
    const notices = await hub.takeReauthNotices(userId, now);

    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [deviceId]);
    server.serializeAttachment({ userId, deviceId, lastSeenWrite: now } satisfies Attachment);
    sendFrame(server, { type: "welcome", userId, deviceId, notices });
    // Everything not yet acked, to this device only: rows delivered before an eviction come again.
    this.ctx.waitUntil(this.serially(() => this.deliver(userId, "unacked", [server])));

    const offered = (request.headers.get("sec-websocket-protocol") ?? "").split(",").map((s) => s.trim());
    const headers = offered.includes("scouts.v1") ? { "sec-websocket-protocol": "scouts.v1" } : undefined;
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  /**
   * New rows are queued for this user: deliver them to every connected device. Returns at once
   * (the triage job need not wait for the device); bursts coalesce into one delivery run.
   */
  async poke(): Promise<void> {
    this.ctx.waitUntil(this.deliverQueued());
  }

  /**
   * Sends a notice to every connected device of `userId` now; returns how many it reached.
   * Nothing is stored: a device offline at this moment never sees it (best-effort).
   */
  async notice(userId: string, notice: Notice): Promise<number> {
    return this.sendToUser(userId, this.ctx.getWebSockets(), [{ type: "notice", notice }]);
  }

  /**
   * Sends proposals triage just queued, display data included, to `userId`'s open sockets now:
   * no D1 read and no provider call before the send. The data lives only in this call. Rows are
   * marked delivered afterwards; if no device took them they stay queued for the connect drain.
   */
  async offer(userId: string, frames: ScoutProposalFrame[]): Promise<void> {
    const now = Date.now();
    const fresh = frames.filter((f) => !this.sentRecently.has(f.proposalId));
    if (fresh.length === 0) return;
    const reached = this.sendToUser(userId, this.ctx.getWebSockets(), fresh);
    if (reached === 0) return;
    this.remember(fresh, now);
    const p = this.pipeline();
    this.ctx.waitUntil(
      p.queueRows.markDelivered(
        fresh.map((f) => f.proposalId),
        now,
      ),
    );
  }

  /**
   * Runs a sync job a webhook just queued, now (see webhooks/sync-now.ts). What it finds is
   * triaged and offered to this hub's sockets directly; the queued copy of the job covers a
   * run that fails or is cut off.
   */
  async syncNow(userId: string, job: SyncJob, pushed?: ItemContent): Promise<void> {
    this.syncs ??= createHubSyncs({
      env: this.env,
      connectors: this.connectors,
      overrides: this.overrides,
      hub: {
        poke: (u) => (u === userId ? this.poke() : hubPoker(this.env).poke(u)),
        offer: (u, frames) => (u === userId ? this.offer(u, frames) : hubPoker(this.env).offer(u, frames)),
      },
    });
    await this.syncs.run(job, pushed);
  }

  /**
   * Closes every open socket of a device that was just revoked (its row is already marked), so
   * it receives nothing more. Returns how many sockets were closed.
   */
  async revokeDevice(userId: string, deviceId: string): Promise<number> {
    let closed = 0;
    for (const ws of this.ctx.getWebSockets(deviceId)) {
      const me = attachmentOf(ws);
      if (me?.userId !== userId || me.deviceId !== deviceId) continue;
      try {
        ws.close(revokedCloseCode, "device revoked");
      } catch {}
      closed++;
    }
    return closed;
  }

  /** Safety net: a delivery run that failed is retried by alarm, so no queued row waits for the next poke. */
  override async alarm(): Promise<void> {
    await this.deliverQueued();
  }

  private deliverQueued(): Promise<void> {
    const sockets = this.ctx.getWebSockets();
    const userId = sockets.map((ws) => attachmentOf(ws)?.userId).find(Boolean);
    if (!userId) return Promise.resolve();
    if (this.pokeQueued) return this.pokeQueued;
    const run = this.serially(() => {
      this.pokeQueued = null;
      return this.deliver(userId, "queued", this.ctx.getWebSockets());
    });
    this.pokeQueued = run;
    return run;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const me = attachmentOf(ws);
    if (!me) return ws.close(1008, "no identity");
    const length = typeof message === "string" ? message.length : message.byteLength;
    if (length > MAX_DEVICE_FRAME_LENGTH)
      return sendFrame(ws, {
        type: "error",
        message: `frames are limited to ${MAX_DEVICE_FRAME_LENGTH} characters; this one has ${length}`,
      });
    let json: unknown;
    try {
      json = JSON.parse(typeof message === "string" ? message : new TextDecoder().decode(message));
    } catch {
      return sendFrame(ws, { type: "error", message: "frames are JSON text" });
    }
    const frame = DeviceToHubFrame.safeParse(json);
    if (!frame.success) {
      const where = frame.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
      return sendFrame(ws, { type: "error", message: `invalid frame: ${where}`.slice(0, 500) });
    }
    if (frame.data.type === "hello") {
      me.mailAccounts = frame.data.capabilities.includes(MAIL_ACCOUNTS_CAPABILITY);
      ws.serializeAttachment(me);
    }
    // Account suggestions between the agent and the user's other devices: relayed, kept nowhere.
    if (isAccountRelayFrame(frame.data))
      return relayAccountFrame(this.ctx.getWebSockets(), ws, peerOf(me), frame.data, (s) =>
        peerOf(attachmentOf(s)),
      );
    // Device-to-device entity sync: relayed at once, in order, to this user's other devices; kept nowhere.
    if (isRelayFrame(frame.data))
      return relayOrRefuse(this.ctx.getWebSockets(), ws, me, frame.data, attachmentOf);
    const p = this.pipeline();
    const f = frame.data;
    // A throwing handler would break the hub and drop every socket: failures become error frames.
    try {
      await this.touch(ws, me, p);
      if (f.type === "scout_proposal_ack") {
        await ackProposal({ ctx: p, input: { userId: me.userId, proposalId: f.proposalId } });
      } else if (f.type === "read_item") {
        // Full content goes only to a device that is still live, whatever the socket's history.
        if (!(await createHubStore(p.db).isActiveDevice(me.userId, me.deviceId))) {
          trySend(ws, {
            type: "read_item_result",
            requestId: f.requestId,
            ok: false,
            error: "device_revoked",
          });
          return ws.close(revokedCloseCode, "device revoked");
        }
        const input = { userId: me.userId, requestId: f.requestId, proposalId: f.proposalId };
        sendFrame(ws, await readItem({ ctx: p, input }));
      } else if (f.type === "read_state") {
        // Read state is mailbox metadata: only a live device gets it, answered in memory.
        if (!(await createHubStore(p.db).isActiveDevice(me.userId, me.deviceId))) {
          trySend(ws, {
            type: "read_state_result",
            requestId: f.requestId,
            ok: false,
            error: "device_revoked",
          });
          return ws.close(revokedCloseCode, "device revoked");
        }
        const input = { userId: me.userId, requestId: f.requestId, proposalIds: f.proposalIds };
        sendFrame(ws, await readState({ ctx: p, input }));
      } else if (f.type === "screened_request") {
        // A signed-out device neither lists nor changes anything, whatever the socket's history.
        if (!(await createHubStore(p.db).isActiveDevice(me.userId, me.deviceId))) {
          trySend(ws, {
            type: "screened_result",
            requestId: f.requestId,
            ok: false,
            error: "device_revoked",
          });
          return ws.close(revokedCloseCode, "device revoked");
        }
        const { result, restored } = await screenedRequest({
          ctx: p,
          input: { userId: me.userId, frame: f },
        });
        sendFrame(ws, result);
        // "Not spam" made the row queued: the normal delivery path takes it to every device. A row
        // restored again after "screen again" is a new delivery, not one sent recently.
        if (restored) {
          if (f.proposalId) this.sentRecently.delete(f.proposalId);
          this.ctx.waitUntil(this.deliverQueued());
        }
      }
    } catch (e) {
      console.error(
        JSON.stringify({ level: "error", event: "hub.frame_failed", type: f.type, code: codeOf(e) }),
      );
      trySend(ws, { type: "error", message: `could not handle ${f.type}; retry later` });
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    const me = attachmentOf(ws);
    if (me)
      await createHubStore(this.pipeline().db)
        .touchDevice(me.userId, me.deviceId, Date.now())
        .catch(() => {});
    try {
      // 1005/1006 are reserved for "no code"/"abnormal" and may not be sent.
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {}
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    try {
      ws.close(1011, "error");
    } catch {}
  }

  private pipeline(): FullPipelineCtx {
    return createPipelineCtx(this.env, this.overrides);
  }

  private serially(fn: () => Promise<void>): Promise<void> {
    const next = this.chain
      .then(() => withTimeout(fn(), runTimeoutMs, "delivery run"))
      .catch(async (e: unknown) => {
        console.error(JSON.stringify({ level: "error", event: "hub.delivery_failed", code: codeOf(e) }));
        if (this.ctx.getWebSockets().length > 0)
          await this.ctx.storage.setAlarm(Date.now() + retryAfterFailureMs);
      });
    this.chain = next;
    return next;
  }

  private async deliver(userId: string, mode: "queued" | "unacked", sockets: WebSocket[]): Promise<void> {
    const p = this.pipeline();
    const started = p.clock.now();
    const { sent } = await deliverProposals({
      ctx: {
        ...p,
        connectorFor: cachedConnectorFor(p.connectorFor, this.connectors, () => p.clock.now()),
        send: (frames) => {
          // A poke run racing an offer must not send the same proposal twice; a new socket gets all.
          const due = mode === "queued" ? frames.filter((f) => !this.sentRecently.has(f.proposalId)) : frames;
          if (due.length === 0) return;
          if (this.sendToUser(userId, sockets, due) === 0)
            throw new CoreError("upstream_unavailable", "no device connected");
          if (mode === "queued") this.remember(due, p.clock.now());
        },
      },
      input: { userId, mode },
    });
    if (sent > 0) p.logger.log("info", "hub.deliver", { mode, sent, ms: p.clock.now() - started });
  }

  /** Sends to `userId`'s open sockets; a socket closing mid-send must not keep the others from getting them. */
  private sendToUser(userId: string, sockets: WebSocket[], frames: HubToDeviceFrame[]): number {
    let reached = 0;
    for (const ws of sockets) {
      if (ws.readyState !== WebSocket.OPEN || attachmentOf(ws)?.userId !== userId) continue;
      try {
        for (const frame of frames) sendFrame(ws, frame);
        reached++;
      } catch {}
    }
    return reached;
  }

  /** Ids sent in the last few minutes (a delivery run takes at most `runTimeoutMs`). Memory only. */
  private remember(frames: ScoutProposalFrame[], now: number): void {
    for (const f of frames) this.sentRecently.set(f.proposalId, now);
    if (this.sentRecently.size < 2_000) return;
    for (const [id, at] of this.sentRecently) if (now - at > sentMemoryMs) this.sentRecently.delete(id);
  }

  private async touch(ws: WebSocket, me: Attachment, p: FullPipelineCtx): Promise<void> {
    const now = p.clock.now();
    if (now - me.lastSeenWrite < touchEveryMs) return;
    ws.serializeAttachment({ ...me, lastSeenWrite: now } satisfies Attachment);
    await createHubStore(p.db).touchDevice(me.userId, me.deviceId, now);
  }
}

function peerOf(a: Attachment): AccountPeer;
function peerOf(a: Attachment | null): AccountPeer | null;
function peerOf(a: Attachment | null): AccountPeer | null {
  return a ? { userId: a.userId, deviceId: a.deviceId, mailAccounts: a.mailAccounts === true } : null;
}

function attachmentOf(ws: WebSocket): Attachment | null {
  return (ws.deserializeAttachment() as Attachment | null) ?? null;
}

/** Every outgoing frame is checked against the protocol before it leaves. */
function sendFrame(ws: WebSocket, frame: HubToDeviceFrame): void {
  ws.send(JSON.stringify(HubFrame.parse(frame)));
}

function trySend(ws: WebSocket, frame: HubToDeviceFrame): void {
  try {
    sendFrame(ws, frame);
  } catch {}
}

function codeOf(e: unknown): string {
  return e instanceof CoreError ? e.code : "internal";
}
