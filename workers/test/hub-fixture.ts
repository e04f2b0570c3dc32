import { env } from "cloudflare:test";
import { afterEach, beforeEach, vi } from "vitest";
import type { DeviceHub } from "../device-hub/device-hub.ts";
import { connectDevice, type TestDevice } from "./hub-client.ts";
import { resetTestOverrides, testOverrides } from "./overrides.ts";
import { captureConsole } from "./storage-dump.ts";

const ns = env.DEVICE_HUB as DurableObjectNamespace<DeviceHub>;

/** The user's DeviceHub stub. */
export const hubOf = (userId: string) => ns.get(ns.idFromName(userId));

/** A device's WebSocket to its user's hub, as the Worker's device route opens it. */
export const connectToHub = (userId: string, deviceId: string) =>
  connectDevice(hubOf(userId), "http://hub/connect", {
    "x-scouts-user-id": userId,
    "x-scouts-device-id": deviceId,
  });

/** A device connected and past the hub's welcome. */
export async function welcomed(userId: string, deviceId: string): Promise<TestDevice> {
  const d = await connectToHub(userId, deviceId);
  await d.waitFor((f) => f.some((x) => x.type === "welcome"));
  return d;
}

/**
 * Every line the Worker logs (its logger and the console) in the returned array, for canary
 * checks; `perTest` empties it before each test, otherwise it holds the whole file's lines.
 * Call at the top of a test file: it registers the hooks.
 */
export function captureLogs(opts: { perTest?: boolean } = {}): string[] {
  const lines: string[] = [];
  beforeEach(() => {
    if (opts.perTest) lines.length = 0;
    testOverrides.logger = {
      log: (level, event, fields) => void lines.push(JSON.stringify({ level, event, fields })),
    };
    captureConsole(lines);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    resetTestOverrides();
  });
  return lines;
}

export { dumpD1 } from "./storage-dump.ts";
