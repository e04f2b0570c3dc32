import { CoreError } from "@scouts/core/errors";
import { listDevices } from "@scouts/db/repos/devices";
import { listScoutHealth, updateScoutSettings } from "@scouts/db/repos/scouts";
import { findUserById } from "@scouts/db/repos/users";
import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/require-user.ts";
import type { AppEnv } from "../context.ts";
import { readJson } from "../read-json.ts";

const ScoutPatch = z
  .strictObject({
    enabled: z.boolean().optional(),
    autoTrashSpam: z.boolean().optional(),
    deviceInactivityPauseDays: z.int().min(1).max(365).optional(),
  })
  .refine(
    (p) => Object.keys(p).length > 0,
    "name at least one of enabled, autoTrashSpam, deviceInactivityPauseDays",
  );

/** `GET /api/v1/me` (who am I, my scouts and their health) and `PATCH /api/v1/scouts/:id`. */
export function scoutsRoutes() {
  return new Hono<AppEnv>()
    .get("/api/v1/me", requireUser(), async (c) => {
      const { db } = c.var.services;
      const { userId, via, deviceId } = c.var.auth;
      const user = await findUserById(db, userId);
      if (!user) throw new CoreError("unauthenticated", "user no longer exists");
      const [scouts, devices] = await Promise.all([listScoutHealth(db, userId), listDevices(db, userId)]);
      return c.json({
        user: { id: user.id, email: user.email, displayName: user.displayName },
        auth: { via, deviceId: deviceId ?? null },
        scouts,
        devices: devices.map((d) => ({
          id: d.id,
          name: d.name,
          kind: d.kind,
          createdAt: d.createdAt,
          lastSeenAt: d.lastSeenAt,
        })),
      });
    })
    .patch("/api/v1/scouts/:id", requireUser(), async (c) => {
      const patch = await readJson(c, ScoutPatch, "scout settings");
      const { db } = c.var.services;
      const scout = await updateScoutSettings(db, {
        userId: c.var.auth.userId,
        scoutId: c.req.param("id"),
        patch,
      });
      // Another user's scout reads exactly like a missing one.
      if (!scout) throw new CoreError("not_found", "no such scout");
      return c.json({
        scout: {
          id: scout.id,
          enabled: scout.enabled,
          autoTrashSpam: scout.autoTrashSpam,
          deviceInactivityPauseDays: scout.deviceInactivityPauseDays,
          pausedReason: scout.pausedReason,
        },
      });
    });
}
