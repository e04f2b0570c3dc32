import { env } from "cloudflare:test";
import { afterEach, beforeEach, vi } from "vitest";
import type { DeviceHub } from "../device-hub/device-hub.ts";
import { connectDevice, type TestDevice } from "./hub-client.ts";
import { resetTestOverrides, testOverrides } from "./overrides.ts";

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
    for (const level of ["log", "info", "warn", "error", "debug"] as const)
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
      });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    resetTestOverrides();
  });
  return lines;
}

/** Every row of every D1 table as text, for canary checks that nothing was stored. */
export async function dumpD1(): Promise<string> {
  const tables = await env.DB.prepare("select name from sqlite_master where type = 'table'").all<{
    name: string;
  }>();
  const out: string[] = [];
  for (const { name } of tables.results) {
    if (name.startsWith("_cf_") || name === "sqlite_sequence") continue;
    out.push(name, JSON.stringify((await env.DB.prepare(`select * from "${name}"`).all()).results));
  }
  return out.join("\n");
}
