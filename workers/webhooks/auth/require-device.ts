import { hashToken } from "@scouts/core/crypto/token-cipher";
import { CoreError } from "@scouts/core/errors";
import { findActiveDeviceByTokenHash, touchDevice } from "@scouts/db/repos/devices";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv, AuthInfo } from "../context.ts";
import { bearerToken, refuseQueryTokens } from "./bearer.ts";

/** Resolves a device token to its device and user, or throws `unauthenticated`. */
export async function authenticateDevice(c: Context<AppEnv>, token: string): Promise<AuthInfo> {
  const { db, clock } = c.var.services;
  const device = await findActiveDeviceByTokenHash(db, await hashToken(token));
  if (!device)
    throw new CoreError("unauthenticated", "device token is unknown or revoked: pair the device again");
  await touchDevice(db, device.id, clock.now());
  return { userId: device.userId, via: "device", deviceId: device.id };
}

/**
 * Device auth: `Authorization: Bearer <token>`, or the WebSocket subprotocol `bearer.<token>`.
 * Tokens in query strings are refused.
 * @example app.get("/api/v1/device", requireDevice(), forwardToHub)
 */
export function requireDevice(): MiddlewareHandler<AppEnv> {
  return async function requireDeviceMiddleware(c, next) {
    refuseQueryTokens(c.req.url);
    const token = bearerToken(c.req.raw.headers);
    if (token === undefined)
      throw new CoreError("unauthenticated", "send the device token as `Authorization: Bearer`");
    c.set("auth", await authenticateDevice(c, token));
    await next();
  };
}
