import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { devicePairings, devices } from "../schema/users.ts";

export type DeviceRow = typeof devices.$inferSelect;
export type DeviceKind = DeviceRow["kind"];

/** Stores a device with the SHA-256 of its bearer token (never the token). */
export async function insertDevice(
  db: ScoutsDb,
  input: { id: string; userId: string; name: string; kind: DeviceKind; tokenHash: string; now: number },
): Promise<DeviceRow> {
  return db
    .insert(devices)
    .values({
      id: input.id,
      userId: input.userId,
      name: input.name,
      kind: input.kind,
      tokenHash: input.tokenHash,
      createdAt: input.now,
      lastSeenAt: input.now,
    })
    .returning()
    .get();
}

/** The live (not revoked) device holding the token whose hash is `tokenHash`. */
export async function findActiveDeviceByTokenHash(
  db: ScoutsDb,
  tokenHash: string,
): Promise<DeviceRow | undefined> {
  return db
    .select()
    .from(devices)
    .where(and(eq(devices.tokenHash, tokenHash), isNull(devices.revokedAt)))
    .get();
}

/** Marks the device seen, at most once per `minIntervalMs` to keep hot paths write-free. */
export async function touchDevice(
  db: ScoutsDb,
  id: string,
  now: number,
  minIntervalMs = 60_000,
): Promise<void> {
  await db
    .update(devices)
    .set({ lastSeenAt: now })
    .where(
      and(eq(devices.id, id), or(isNull(devices.lastSeenAt), lt(devices.lastSeenAt, now - minIntervalMs))),
    );
}

export async function listDevices(db: ScoutsDb, userId: string): Promise<DeviceRow[]> {
  return db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, userId), isNull(devices.revokedAt)))
    .all();
}

/** @example await insertPairingCode(db, { codeHash, userId, expiresAt: now + 600_000 }); */
export async function insertPairingCode(
  db: ScoutsDb,
  input: { codeHash: string; userId: string; expiresAt: number },
): Promise<void> {
  await db.insert(devicePairings).values(input);
}

/**
 * Spends a pairing code exactly once: the conditional UPDATE is atomic, so two devices racing
 * with the same code cannot both win. Returns the code's user, or undefined.
 */
export async function consumePairingCode(
  db: ScoutsDb,
  input: { codeHash: string; deviceId: string; now: number },
): Promise<string | undefined> {
  const row = await db
    .update(devicePairings)
    .set({ usedAt: input.now, deviceId: input.deviceId })
    .where(
      and(
        eq(devicePairings.codeHash, input.codeHash),
        isNull(devicePairings.usedAt),
        gt(devicePairings.expiresAt, input.now),
      ),
    )
    .returning({ userId: devicePairings.userId })
    .get();
  return row?.userId;
}

/**
 * Revokes a device only if `userId` owns it; its token stops working at once. True for the
 * owner's device even when it was already revoked (so a retried revocation can finish its work).
 */
export async function revokeDevice(
  db: ScoutsDb,
  input: { userId: string; deviceId: string; now: number },
): Promise<boolean> {
  const row = await db
    .update(devices)
    .set({ revokedAt: sql`coalesce(${devices.revokedAt}, ${input.now})` })
    .where(and(eq(devices.id, input.deviceId), eq(devices.userId, input.userId)))
    .returning({ id: devices.id })
    .get();
  return row !== undefined;
}
