import { CoreError } from "@scouts/core/errors";
import {
  type EntityChangesFrame,
  type EntitySyncRequestFrame,
  HubToDeviceFrame,
  MAX_RELAY_FRAME_BYTES,
} from "@scouts/core/protocol/frames";

/** Who sent a frame, from the socket's attachment (set at connect from the authenticated device). */
export interface RelaySender {
  userId: string;
  deviceId: string;
}

type Identify = (ws: WebSocket) => RelaySender | null;

/**
 * Relays a device-to-device sync frame to the sender's OTHER connected devices of the same user
 * (or only to `to`), with `from` set to the sender's authenticated device id. The frame lives in
 * memory for the send only: nothing goes to D1, DO storage or logs (entity titles are content).
 * Returns how many sockets it reached.
 *
 * @example relayEntityFrame(ctx.getWebSockets(), ws, me, frame, attachmentOf)
 */
export function relayEntityFrame(
  sockets: WebSocket[],
  sender: WebSocket,
  me: RelaySender,
  frame: EntitySyncRequestFrame | EntityChangesFrame,
  identify: Identify,
): number {
  const { to, ...rest } = frame;
  const out = JSON.stringify(HubToDeviceFrame.parse({ ...rest, from: me.deviceId }));
  if (out.length > MAX_RELAY_FRAME_BYTES)
    throw new CoreError("bad_input", `sync frames are limited to ${MAX_RELAY_FRAME_BYTES} bytes`);
  let reached = 0;
  for (const ws of sockets) {
    if (ws === sender || ws.readyState !== WebSocket.OPEN) continue;
    const peer = identify(ws);
    if (!peer || peer.userId !== me.userId || peer.deviceId === me.deviceId) continue;
    if (to && peer.deviceId !== to) continue;
    try {
      ws.send(out);
      reached++;
    } catch {}
  }
  return reached;
}

/**
 * `relayEntityFrame` for the hub's message handler: a refused frame becomes an error frame to
 * the sender (type and size only, never content), so one bad frame cannot break the hub.
 */
export function relayOrRefuse(
  sockets: WebSocket[],
  sender: WebSocket,
  me: RelaySender,
  frame: EntitySyncRequestFrame | EntityChangesFrame,
  identify: Identify,
): void {
  try {
    relayEntityFrame(sockets, sender, me, frame, identify);
  } catch (e) {
    const message = e instanceof CoreError ? e.message : `could not relay ${frame.type}`;
    try {
      sender.send(JSON.stringify({ type: "error", message }));
    } catch {}
  }
}

/** True for the frames `relayEntityFrame` handles. */
export function isRelayFrame(f: { type: string }): f is EntitySyncRequestFrame | EntityChangesFrame {
  return f.type === "entity_sync_request" || f.type === "entity_changes";
}
