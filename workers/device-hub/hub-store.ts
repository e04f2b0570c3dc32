import type { Notice } from "@scouts/core/protocol/frames";
import type { ScoutsDb } from "@scouts/db";
import { devices, scoutConnections } from "@scouts/db/schema/index";
import { and, eq, isNull, sql } from "drizzle-orm";

/** The DeviceHub's D1 writes besides the triage queue: device liveness and one-time notices. */
export function createHubStore(db: ScoutsDb) {
  return {
    /** needs_reauth connections the user has not been told about yet; each is returned once. */
    async takeReauthNotices(userId: string, now: number): Promise<Notice[]> {
      const rows = await db
        .update(scoutConnections)
        .set({ reauthNotifiedAt: now })
        .where(
          and(
            eq(scoutConnections.userId, userId),
            eq(scoutConnections.needsReauth, true),
            isNull(scoutConnections.reauthNotifiedAt),
          ),
        )
        .returning({ scoutId: scoutConnections.scoutId, provider: scoutConnections.provider })
        .all();
      return rows.map((r) => ({
        kind: "needs_reauth" as const,
        scoutId: r.scoutId,
        provider: r.provider,
        message: `Your ${r.provider === "google" ? "Gmail" : r.provider} connection expired: reconnect it to resume this scout.`,
      }));
    },
    /** Marks the device seen; false when it is revoked or not this user's (the hub then refuses it). */
    async touchDevice(userId: string, deviceId: string, now: number): Promise<boolean> {
      const row = await db
        .update(devices)
        .set({ lastSeenAt: sql`max(coalesce(${devices.lastSeenAt}, 0), ${now})` })
        .where(and(eq(devices.id, deviceId), eq(devices.userId, userId), isNull(devices.revokedAt)))
        .returning({ id: devices.id })
        .get();
      return row !== undefined;
    },
    async isActiveDevice(userId: string, deviceId: string): Promise<boolean> {
      const row = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.id, deviceId), eq(devices.userId, userId), isNull(devices.revokedAt)))
        .get();
      return row !== undefined;
    },
  };
}
