import { CoreError } from "@scouts/core/errors";
import type { Context } from "hono";
import { deviceHubFor } from "../../shared/durable-objects.ts";
import type { AppEnv } from "../context.ts";

/**
 * Hands an authenticated WebSocket upgrade to the user's DeviceHub. Identity travels in
 * `x-scouts-user-id` / `x-scouts-device-id`, always overwritten here so a client cannot forge
 * them; the bearer subprotocol is dropped so the token never reaches the Durable Object.
 */
export async function forwardToDeviceHub(c: Context<AppEnv>): Promise<Response> {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return c.json(
      { error: { code: "bad_input", message: "this endpoint only accepts a WebSocket upgrade" } },
      426,
    );
  }
  const { userId, deviceId } = c.var.auth;
  const headers = new Headers(c.req.raw.headers);
  headers.delete("authorization");
  headers.delete("cookie");
  const protocols = (headers.get("sec-websocket-protocol") ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith("bearer."));
  if (protocols.length > 0) headers.set("sec-websocket-protocol", protocols.join(", "));
  else headers.delete("sec-websocket-protocol");
  headers.set("x-scouts-user-id", userId);
  headers.set("x-scouts-device-id", deviceId ?? "");
  const hub = c.env.DEVICE_HUB.get(c.env.DEVICE_HUB.idFromName(userId));
  return hub.fetch(new Request(c.req.url, { method: "GET", headers }));
}

/**
 * Closes a just-revoked device's open sockets in the user's DeviceHub before the revocation is
 * answered. If the hub cannot be reached the request fails (retryable): the row is already
 * revoked, so a retry only repeats the close, and meanwhile the hub refuses the device reads.
 */
export async function closeDeviceSockets(
  c: Context<AppEnv>,
  userId: string,
  deviceId: string,
): Promise<void> {
  try {
    await deviceHubFor(c.env.DEVICE_HUB, userId).revokeDevice(userId, deviceId);
  } catch (cause) {
    throw new CoreError("upstream_unavailable", "device revoked; closing its connections failed, retry", {
      cause,
    });
  }
}
