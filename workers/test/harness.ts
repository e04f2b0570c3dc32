import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { Env } from "../env.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import { createApp } from "../webhooks/app.ts";
import type { AppOptions } from "../webhooks/context.ts";

/** Test-only keys: fixed so a failing test is reproducible, never used outside tests. */
export const TEST_SECRETS = {
  SESSION_SECRET: "test-session-secret-0123456789-abcdefghij",
  TOKEN_KEYS: JSON.stringify({ "1": btoa(String.fromCharCode(...new Uint8Array(32).fill(7))) }),
} as const;

/** The workerd test env plus vars; every call gets a fresh object so config is parsed per test env. */
export function testEnv(vars: Record<string, unknown> = {}): Env {
  return {
    ...(env as unknown as Env),
    SCOUTS_ENV: "test",
    SCOUTS_DEV_MODE: "false",
    ...TEST_SECRETS,
    ...vars,
  };
}

/** A dev-mode env (`npm start`): dev routes on for loopback hosts. */
export function devEnv(vars: Record<string, unknown> = {}): Env {
  return testEnv({ SCOUTS_ENV: "development", SCOUTS_DEV_MODE: "true", ...vars });
}

/**
 * Calls `createApp(options)` the way the Worker runtime would, with an execution context.
 * @example const res = await callApp({ env: devEnv() }, "http://127.0.0.1:8787/health");
 */
export async function callApp(
  setup: { env: Env; options?: AppOptions },
  url: string,
  init?: RequestInit,
): Promise<Response> {
  const app = createApp({ logger: createMemoryLogger(), ...setup.options });
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(url, init), setup.env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}

/** The `name=value` part of a Set-Cookie, ready to send back as a Cookie header. */
export function cookieFrom(res: Response, name: string): string {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in response`);
  return line.split(";")[0]!;
}

export const LOCAL = "http://127.0.0.1:8787";

/** Signs in through the dev route and pairs a device for `email`. */
export async function devUser(
  email: string,
): Promise<{ userId: string; cookie: string; token: string; deviceId: string }> {
  const e = devEnv();
  const signin = await callApp({ env: e }, `${LOCAL}/api/v1/dev/signin`, jsonInit("POST", { email }));
  if (signin.status !== 200) throw new Error(`dev signin failed: ${signin.status} ${await signin.text()}`);
  const cookie = cookieFrom(signin, "scouts_session");
  const pair = await callApp(
    { env: e },
    `${LOCAL}/api/v1/dev/pair`,
    jsonInit("POST", { email, deviceName: "laptop", kind: "agent" }),
  );
  const body = (await pair.json()) as { userId: string; deviceId: string; token: string };
  return { userId: body.userId, cookie, token: body.token, deviceId: body.deviceId };
}
