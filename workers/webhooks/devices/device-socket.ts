import type { Context } from "hono";
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
