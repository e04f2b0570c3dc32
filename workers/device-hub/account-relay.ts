import type { AccountRelayFrame } from "@scouts/core/protocol/account-relay";
import { HubToDeviceFrame, MAX_RELAY_FRAME_BYTES } from "@scouts/core/protocol/frames";

/** A connected device as the relay sees it: who, and whether it reads mail accounts (the agent). */
export interface AccountPeer {
  userId: string;
  deviceId: string;
  mailAccounts: boolean;
}

type Identify = (ws: WebSocket) => AccountPeer | null;

/**
 * Relays account-suggestion frames between one user's devices, in memory for the send only
 * (subjects and senders are content: nothing goes to D1, DO storage or logs).
 * - The agent's lists and answers (`account_suggestions`, `account_decision_result`,
 *   `account_folders`) go to the user's other devices (or `to` one); only a device that said it
 *   reads mail accounts may send them. Folder names are account metadata, relayed the same way.
 * - Requests and decisions go to the user's mail-account devices only. When none is connected
 *   the hub answers for it: a decision or a folder request is refused with `agent_offline`
 *   (nothing is kept to act on later), a list request gets an empty list with `agentOnline: false`.
 *
 * @example relayAccountFrame(ctx.getWebSockets(), ws, me, frame, peerOf)
 */
export function relayAccountFrame(
  sockets: WebSocket[],
  sender: WebSocket,
  me: AccountPeer,
  frame: AccountRelayFrame,
  identify: Identify,
): void {
  const fromAgent =
    frame.type === "account_suggestions" ||
    frame.type === "account_decision_result" ||
    frame.type === "account_folders";
  if (fromAgent && !me.mailAccounts) {
    reply(sender, { type: "error", message: `${frame.type} comes from a mail-account device only` });
    return;
  }
  const { to, ...rest } = frame;
  const out = JSON.stringify(HubToDeviceFrame.parse({ ...rest, from: me.deviceId }));
  if (out.length > MAX_RELAY_FRAME_BYTES) {
    reply(sender, { type: "error", message: `account frames are limited to ${MAX_RELAY_FRAME_BYTES} bytes` });
    return;
  }
  let reached = 0;
  for (const ws of sockets) {
    if (ws === sender || ws.readyState !== WebSocket.OPEN) continue;
    const peer = identify(ws);
    if (!peer || peer.userId !== me.userId || peer.deviceId === me.deviceId) continue;
    if (to && peer.deviceId !== to) continue;
    if (!fromAgent && !peer.mailAccounts) continue;
    try {
      ws.send(out);
      reached++;
    } catch {}
  }
  if (reached > 0 || fromAgent) return;
  if (frame.type === "account_decision")
    reply(sender, {
      type: "account_decision_result",
      requestId: frame.requestId,
      ok: false,
      error: "agent_offline",
    });
  else if (frame.type === "account_folders_request")
    reply(sender, { type: "account_folders", requestId: frame.requestId, ok: false, error: "agent_offline" });
  else reply(sender, { type: "account_suggestions", full: true, items: [], agentOnline: false });
}

function reply(ws: WebSocket, frame: HubToDeviceFrame): void {
  try {
    ws.send(JSON.stringify(HubToDeviceFrame.parse(frame)));
  } catch {}
}
