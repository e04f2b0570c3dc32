import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { CoreError } from "@scouts/core/errors";
import { z } from "zod";

export const DeviceIdentity = z.object({
  userId: z.string().min(1),
  deviceId: z.string().min(1),
  token: z.string().min(1),
  cloudUrl: z.string(),
  pairedAt: z.number(),
});
export type DeviceIdentity = z.infer<typeof DeviceIdentity>;

/**
 * Writes a secret file readable by the owner only (0600), creating SCOUTS_HOME as 0700. Written
 * beside it and renamed: a reader (the CLI, a pairing link made at start-up) sees the old file or
 * the whole new one, never the empty file a truncating write shows for a moment.
 */
export async function writeSecretFile(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(tmp, content, { mode: 0o600, flag: "wx" });
    await chmod(tmp, 0o600);
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

export function identityPath(home: string): string {
  return path.join(home, "device.json");
}

/** The device identity and token from `$SCOUTS_HOME/device.json`, or null when not paired. */
export async function readIdentity(home: string): Promise<DeviceIdentity | null> {
  try {
    const parsed = DeviceIdentity.safeParse(JSON.parse(await readFile(identityPath(home), "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function saveIdentity(home: string, identity: DeviceIdentity): Promise<void> {
  await writeSecretFile(identityPath(home), JSON.stringify(identity, null, 2));
}

/**
 * Production pairing: spends a code the person got from the PWA (`POST /api/v1/devices/pair`),
 * then asks `GET /api/v1/me` who the device belongs to.
 */
export async function cloudPair(args: {
  fetch: typeof fetch;
  cloudUrl: string;
  code: string;
  deviceName: string;
  now: number;
}): Promise<DeviceIdentity> {
  const res = await args.fetch(`${args.cloudUrl}/api/v1/devices/pair`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: args.code, name: args.deviceName, kind: "agent" }),
  });
  if (!res.ok)
    throw new CoreError(
      "upstream_rejected",
      `pairing refused: ${res.status} ${(await res.text()).slice(0, 200)}`,
    );
  const device = z.object({ deviceId: z.string(), token: z.string() }).parse(await res.json());
  const me = await args.fetch(`${args.cloudUrl}/api/v1/me`, {
    headers: { authorization: `Bearer ${device.token}` },
  });
  if (!me.ok) throw new CoreError("upstream_rejected", `the new device token was not accepted: ${me.status}`);
  const body = z.object({ user: z.object({ id: z.string() }) }).parse(await me.json());
  return {
    userId: body.user.id,
    deviceId: device.deviceId,
    token: device.token,
    cloudUrl: args.cloudUrl,
    pairedAt: args.now,
  };
}

/**
 * Dev pairing: asks the Worker's dev-only `POST /api/v1/dev/pair` for a device token.
 *
 * @example await devPair({ fetch, cloudUrl: "http://127.0.0.1:8787", email: "dev@scouts.local", deviceName: "agent" })
 */
export async function devPair(args: {
  fetch: typeof fetch;
  cloudUrl: string;
  email: string;
  deviceName: string;
  now: number;
}): Promise<DeviceIdentity> {
  const res = await args.fetch(`${args.cloudUrl}/api/v1/dev/pair`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: args.email, deviceName: args.deviceName, kind: "agent" }),
  });
  if (!res.ok) throw new Error(`dev pairing failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
  const body = z
    .object({ userId: z.string(), deviceId: z.string(), token: z.string() })
    .parse(await res.json());
  return { ...body, cloudUrl: args.cloudUrl, pairedAt: args.now };
}
