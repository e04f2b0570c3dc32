import { CoreError } from "@scouts/core/errors";
import { consumePairingCode, insertPairingCode, revokeDevice } from "@scouts/db/repos/devices";
import { Hono } from "hono";
import { z } from "zod";
import { registerDevice } from "../../shared/accounts.ts";
import { hashPairingCode, newPairingCode } from "../../shared/device-token.ts";
import { requireDevice } from "../auth/require-device.ts";
import { requireSession } from "../auth/require-session.ts";
import { requireUser } from "../auth/require-user.ts";
import type { AppEnv } from "../context.ts";
import { readJson } from "../read-json.ts";
import { forwardToDeviceHub } from "./device-socket.ts";

const PAIRING_TTL_MS = 10 * 60 * 1000;

const PairInput = z.object({
  code: z.string().trim().min(6).max(32),
  name: z.string().trim().min(1).max(100),
  kind: z.enum(["agent", "pwa"]),
});

/** Pairing codes (a signed-in person asks for one), pairing (a device spends it) and the device socket. */
export function devicesRoutes() {
  return new Hono<AppEnv>()
    .post("/api/v1/devices/pairing-codes", requireSession(), async (c) => {
      const { db, clock } = c.var.services;
      const { code, codeHash } = await newPairingCode();
      const expiresAt = clock.now() + PAIRING_TTL_MS;
      await insertPairingCode(db, { codeHash, userId: c.var.auth.userId, expiresAt });
      return c.json({ code, expiresAt }, 201);
    })
    .post("/api/v1/devices/pair", async (c) => {
      // Counted before anything else, so malformed guesses count too. Per address, per location.
      const from = c.req.header("cf-connecting-ip") ?? "unknown";
      const { success } = await c.env.PAIRING_LIMITER.limit({ key: `pair:${from}` });
      if (!success)
        throw new CoreError("rate_limited", "too many pairing attempts from this address; wait a minute", {
          retryAfterSeconds: 60,
        });
      const input = await readJson(c, PairInput, "pairing request");
      const { db, clock } = c.var.services;
      const deviceId = crypto.randomUUID();
      const userId = await consumePairingCode(db, {
        codeHash: await hashPairingCode(input.code),
        deviceId,
        now: clock.now(),
      });
      if (!userId) throw new CoreError("forbidden", "pairing code is unknown, used or expired");
      const device = await registerDevice(db, {
        userId,
        deviceId,
        name: input.name,
        kind: input.kind,
        now: clock.now(),
      });
      return c.json(device, 201);
    })
    .delete("/api/v1/devices/:id", requireUser(), async (c) => {
      const { db, clock } = c.var.services;
      const revoked = await revokeDevice(db, {
        userId: c.var.auth.userId,
        deviceId: c.req.param("id"),
        now: clock.now(),
      });
      // Another user's device reads exactly like a missing one.
      if (!revoked) throw new CoreError("not_found", "no such device");
      return c.body(null, 204);
    })
    .get("/api/v1/device", requireDevice(), forwardToDeviceHub);
}
