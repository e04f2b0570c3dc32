import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { preview } from "vite";
import { createFakeGoogleOAuth } from "../fakes/google-oauth.ts";
import { serveFake } from "../fakes/serve.ts";
import { childEnv, freePort, type Running, repoRoot, startProcess, startWranglerDev } from "./processes.ts";
import { builtPwaDir } from "./shared-builds.ts";

export const screenshots = path.join(repoRoot, "test-results", "screenshots");

/** Polls `probe` until it gives a value (not undefined), or fails after `ms` naming `what`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 60_000,
  log: () => string = () => "",
): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out: ${what}\n${log()}`);
}

/**
 * The built PWA under `vite preview` on `port`, proxying /api and /oauth to `cloudUrl`: the run's
 * one build (`builtPwaDir`), served read-only.
 *
 * @example const pwa = await servePwa({ cloudUrl: worker.url }); await page.goto(pwa.origin);
 */
export async function servePwa(opts: { cloudUrl: string; port?: number }) {
  const port = opts.port ?? (await freePort());
  // The config reads SCOUTS_CLOUD_URL when it loads: the preview proxies /api and /oauth there.
  process.env.SCOUTS_CLOUD_URL = opts.cloudUrl;
  const configFile = path.join(repoRoot, "web", "vite.config.ts");
  const outDir = builtPwaDir();
  const server = await preview({
    configFile,
    logLevel: "warn",
    build: { outDir },
    preview: { port, strictPort: true },
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
    },
  };
}

/**
 * The whole stack for browser tests: `wrangler dev` (Google's OAuth faked on loopback, so "Connect
 * Gmail" signs `email` in), a real agent process dev-paired with it, the built PWA under `vite
 * preview`, and `emit` demo emails through the real pipeline until `ready` suggestions reached the
 * agent (`emit: 0` is a fresh install). `agent(path)` calls the agent's loopback API with its
 * token; `emit()` sends more later; `stopAgent()`/`startAgent()` restart the agent.
 *
 * @example const stack = await startPwaStack({ email: "me@scouts.local", emit: 16, ready: 10 });
 */
export async function startPwaStack(opts: {
  email: string;
  emit: number;
  ready: number;
  /** More Worker vars (e.g. a faked Slack's `SLACK_API_BASE` and app credentials). */
  workerEnv?: Record<string, string>;
}) {
  const webPort = await freePort();
  const origin = `http://127.0.0.1:${webPort}`;
  // Google's OAuth (beyond this machine) faked: "Connect Gmail" signs `email` in, from the PWA's origin.
  const oauth = createFakeGoogleOAuth({
    clientId: "pwa-e2e.apps.googleusercontent.com",
    clientSecret: "pwa-e2e-secret",
    consentEmail: opts.email,
  });
  const google = await serveFake(oauth.handler);
  const worker = await startWranglerDev({
    SCOUTS_ENV: "development",
    SCOUTS_DEV_MODE: "true",
    TOKEN_KEYS: JSON.stringify({ "1": Buffer.alloc(32, 5).toString("base64") }),
    SESSION_SECRET: "e2e-pwa-session-secret-0123456789abcdef",
    PUBLIC_URL: origin,
    GOOGLE_CLIENT_ID: "pwa-e2e.apps.googleusercontent.com",
    GOOGLE_CLIENT_SECRET: "pwa-e2e-secret",
    GOOGLE_AUTH_URL: `${google.url}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${google.url}/token`,
    GOOGLE_USERINFO_URL: `${google.url}/oauth2/v3/userinfo`,
    ...opts.workerEnv,
  });
  const home = await mkdtemp(path.join(tmpdir(), "scouts-pwa-e2e-"));
  const agentUrl = `http://127.0.0.1:${await freePort()}`;
  const runAgent = (): Running =>
    startProcess(
      path.join(repoRoot, "node_modules", ".bin", "node"),
      [path.join(repoRoot, "local-agent", "main.ts")],
      childEnv({
        SCOUTS_HOME: home,
        SCOUTS_CLOUD_URL: worker.url,
        SCOUTS_AGENT_PORT: new URL(agentUrl).port,
        SCOUTS_DEV_PAIR: "true",
        SCOUTS_DEV_EMAIL: opts.email,
        SCOUTS_PWA_ORIGIN: origin,
      }),
    );
  let agent = runAgent();
  const log = () => agent.output().slice(-3000);
  const pwa = await servePwa({ cloudUrl: worker.url, port: webPort });
  const identity = await until(
    "agent dev pairing",
    async () => JSON.parse(await readFile(path.join(home, "device.json"), "utf8")) as { token: string },
    60_000,
    log,
  );
  const localToken = await until(
    "dev token",
    async () => {
      const r = await fetch(`${agentUrl}/local/v1/dev-token`);
      return r.ok ? ((await r.json()) as { token: string }).token : undefined;
    },
    60_000,
    log,
  );
  const agentApi = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
    const r = await fetch(`${agentUrl}/local/v1${p}`, {
      ...init,
      headers: { authorization: `Bearer ${localToken}`, "content-type": "application/json" },
    });
    if (!r.ok) throw new Error(`agent ${p}: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
  const connected = () =>
    until(
      "hub connection",
      async () =>
        (await agentApi<{ cloud: { connected: boolean } }>("/status")).cloud.connected ? true : undefined,
      60_000,
      log,
    );
  await connected();
  /** `count` demo emails through the real pipeline, until `ready` new suggestions are at the agent. */
  const emit = async (count: number, ready: number) => {
    const res = await fetch(`${worker.url}/api/v1/dev/demo/emit`, {
      method: "POST",
      headers: { authorization: `Bearer ${identity.token}`, "content-type": "application/json" },
      body: JSON.stringify({ count }),
    });
    if (!res.ok) throw new Error(`demo emit answered ${res.status}`);
    await until(
      `${ready} suggestions at the agent`,
      async () =>
        (await agentApi<{ items: unknown[] }>("/suggestions?status=new&limit=200")).items.length >= ready
          ? true
          : undefined,
      60_000,
      log,
    );
  };
  // A fresh install: nothing emitted (the demo route takes at least one).
  if (opts.emit > 0) await emit(opts.emit, opts.ready);
  await mkdir(screenshots, { recursive: true });
  return {
    origin,
    agentUrl,
    agent: agentApi,
    token: async () => localToken,
    log,
    emit,
    /** The Worker's URL and its D1/DO state directory (`wrangler d1 execute --persist-to`). */
    worker: { url: worker.url, persistDir: worker.persistDir },
    /** Stops the agent process (its libSQL file and identity stay); `startAgent` runs it again. */
    stopAgent: () => agent.stop(),
    /** Starts the agent again on the same port and home, and waits for its hub connection. */
    async startAgent() {
      agent = runAgent();
      await connected();
    },
    async stop() {
      await pwa.close();
      await agent.stop();
      await worker.stop();
      await google.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}
