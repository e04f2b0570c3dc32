import type { ScoutsDb } from "@scouts/db";
import { upsertConnection } from "@scouts/db/repos/connections";
import { type DeviceKind, insertDevice } from "@scouts/db/repos/devices";
import { insertScout, listScoutsBySource, type ScoutRow } from "@scouts/db/repos/scouts";
import { findUserByEmail, touchUserSignIn, type UserRow, upsertUserByEmail } from "@scouts/db/repos/users";
import { newDeviceToken } from "./device-token.ts";

/**
 * The local demo source for `npm start`: one `demo` scout per user with a token-less connection.
 * Idempotent: returns the existing scout when there is one.
 * @example const scout = await ensureDemoScout(db, { userId, now: Date.now() });
 */
export async function ensureDemoScout(
  db: ScoutsDb,
  input: { userId: string; now: number },
): Promise<ScoutRow> {
  const [existing] = await listScoutsBySource(db, input.userId, "demo");
  if (existing) return existing;
  const scout = await insertScout(db, {
    id: crypto.randomUUID(),
    userId: input.userId,
    kind: "cloud",
    sourceType: "demo",
    now: input.now,
  });
  await upsertConnection(db, {
    id: crypto.randomUUID(),
    scoutId: scout.id,
    userId: input.userId,
    provider: "demo",
    accountRef: `demo:${input.userId}`,
    tokenCiphertext: null,
    tokenKeyVersion: null,
    scopes: "",
    now: input.now,
  });
  return scout;
}

/**
 * Dev sign-in and pairing (loopback dev Worker only): the user for `email` with a demo scout.
 * A dev account that Google sign-in adopted (it now has a Google identity) is the same person, so
 * it is reused rather than shadowed by a new empty account; otherwise the address-only account,
 * created if new.
 */
export async function ensureDevUser(db: ScoutsDb, input: { email: string; now: number }): Promise<UserRow> {
  const known = await findUserByEmail(db, input.email);
  if (known?.googleSub) await touchUserSignIn(db, known.id, input.now);
  const user = known?.googleSub
    ? known
    : await upsertUserByEmail(db, { id: crypto.randomUUID(), email: input.email, now: input.now });
  await ensureDemoScout(db, { userId: user.id, now: input.now });
  return user;
}

/** Registers a device for `userId`; the token is returned once and only its hash is kept. */
export async function registerDevice(
  db: ScoutsDb,
  input: { userId: string; deviceId?: string; name: string; kind: DeviceKind; now: number },
): Promise<{ deviceId: string; token: string }> {
  const { token, tokenHash } = await newDeviceToken();
  const device = await insertDevice(db, {
    id: input.deviceId ?? crypto.randomUUID(),
    userId: input.userId,
    name: input.name,
    kind: input.kind,
    tokenHash,
    now: input.now,
  });
  return { deviceId: device.id, token };
}
