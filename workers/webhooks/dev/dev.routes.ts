import { Hono } from "hono";
import { z } from "zod";
import { ensureDevUser, registerDevice } from "../../shared/accounts.ts";
import { devOnly } from "../auth/dev-only.ts";
import { startSession } from "../auth/session-cookie.ts";
import type { AppEnv } from "../context.ts";
import { readJson } from "../read-json.ts";
import { demoRoutes } from "./demo.ts";

const DevPairInput = z.object({
  email: z.email().max(320),
  deviceName: z.string().trim().min(1).max(100),
  kind: z.enum(["agent", "pwa"]),
});
const DevSigninInput = z.object({ email: z.email().max(320) });

/**
 * `npm start` without a Google account: dev sign-in and dev pairing, each creating the user and a
 * demo scout. Behind `devOnly()` (development + dev mode + loopback host).
 */
export function devRoutes() {
  return new Hono<AppEnv>()
    .use("/api/v1/dev/*", devOnly())
    .post("/api/v1/dev/pair", async (c) => {
      const input = await readJson(c, DevPairInput, "dev pairing request");
      const { db, clock } = c.var.services;
      const user = await ensureDevUser(db, { email: input.email, now: clock.now() });
      const device = await registerDevice(db, {
        userId: user.id,
        name: input.deviceName,
        kind: input.kind,
        now: clock.now(),
      });
      return c.json({ userId: user.id, deviceId: device.deviceId, token: device.token }, 201);
    })
    .post("/api/v1/dev/signin", async (c) => {
      const input = await readJson(c, DevSigninInput, "dev sign-in request");
      const { db, clock } = c.var.services;
      const user = await ensureDevUser(db, { email: input.email, now: clock.now() });
      await startSession(c, user.id);
      return c.json({ userId: user.id });
    })
    .route("/", demoRoutes());
}
