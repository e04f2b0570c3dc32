import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Client, createClient } from "@libsql/client";
import { createFakeGmail, type FakeGmail } from "../fakes/gmail/index.ts";
import { createFakeGoogleSigner, type FakeGoogleSigner } from "../fakes/google-jwks.ts";
import { createFakeGoogleOAuth } from "../fakes/google-oauth.ts";
import { routeFakes } from "../fakes/handler.ts";
import { serveFake } from "../fakes/serve.ts";
import {
  childEnv,
  freePort,
  freshD1State,
  type Running,
  repoRoot,
  startProcess,
  type WranglerDev,
  waitForHttp,
} from "../support/processes.ts";
import { workerBundleInto } from "../support/shared-builds.ts";

export const AUDIENCE = "https://scouts.test/webhooks/gmail";
export const SERVICE_ACCOUNT = "gmail-push@scouts-e2e.iam.gserviceaccount.com";

export interface PipelineStack {
  email: string;
  worker: WranglerDev;
  agent: Running | null;
  agentHome: string;
  gmail: FakeGmail;
  google: FakeGoogleSigner;
  /** Runs the real Google sign-in against the fakes: connects the mailbox as a Gmail scout. */
  connectGmail(): Promise<void>;
  /** Posts a signed Pub/Sub push for the mailbox's current history id; returns the HTTP status. */
  push(historyId?: string): Promise<number>;
  agentDb(): Client;
  stop(): Promise<void>;
}

/**
 * The real processes of the pipeline on loopback: fake Google (OAuth, JWKS, Gmail API) served over
 * HTTP, `wrangler dev` pointed at it, and (optionally) the local agent dev-paired to the mailbox's
 * user. Used by the pipeline e2e test and by bench/pipeline.
 */
export async function startPipelineStack(
  opts: { agent?: boolean; email?: string } = {},
): Promise<PipelineStack> {
  const email = opts.email ?? `e2e-${Date.now()}@example.com`;
  const gmail = createFakeGmail();
  gmail.addAccount(email, { startHistoryId: "5000" });
  const google = await createFakeGoogleSigner({ audience: AUDIENCE, serviceAccount: SERVICE_ACCOUNT });
  const oauth = createFakeGoogleOAuth({
    clientId: "e2e-client.apps.googleusercontent.com",
    clientSecret: "e2e-client-secret",
    consentEmail: email,
    onAccessToken: (token, who) => gmail.issueToken(who, token),
  });
  const fakes = await serveFake(
    routeFakes([
      ["/gmail/v1/", gmail.handler],
      ["/batch/", gmail.handler],
      ["/oauth2/v3/certs", google.handler],
      ["/", oauth.handler],
    ]),
  );
  const key = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64");
  const worker = await startSnapshotWranglerDev({
    SCOUTS_ENV: "development",
    SCOUTS_DEV_MODE: "true",
    TOKEN_KEYS: JSON.stringify({ "1": key }),
    SESSION_SECRET: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url"),
    GOOGLE_CLIENT_ID: "e2e-client.apps.googleusercontent.com",
    GOOGLE_CLIENT_SECRET: "e2e-client-secret",
    GOOGLE_AUTH_URL: `${fakes.url}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${fakes.url}/token`,
    GOOGLE_USERINFO_URL: `${fakes.url}/oauth2/v3/userinfo`,
    GOOGLE_JWKS_URL: `${fakes.url}/oauth2/v3/certs`,
    GMAIL_API_BASE: fakes.url,
    GMAIL_PUBSUB_TOPIC: "projects/scouts-e2e/topics/gmail",
    PUBSUB_AUDIENCE: AUDIENCE,
    PUBSUB_SERVICE_ACCOUNT: SERVICE_ACCOUNT,
  });
  const agentHome = mkdtempSync(path.join(os.tmpdir(), "scouts-agent-"));
  let agent: Running | null = null;
  const clients: Client[] = [];
  try {
    if (opts.agent !== false) {
      const port = await freePort();
      agent = startProcess(
        path.join(repoRoot, "node_modules", ".bin", "node"),
        [path.join(repoRoot, "local-agent", "main.ts")],
        childEnv({
          SCOUTS_CLOUD_URL: worker.url,
          SCOUTS_HOME: agentHome,
          SCOUTS_DEV_PAIR: "true",
          SCOUTS_DEV_EMAIL: email,
          SCOUTS_AGENT_PORT: String(port),
        }),
      );
      await waitForHttp(`http://127.0.0.1:${port}/local/v1/dev-token`, 60_000, agent);
    }
  } catch (e) {
    await worker.stop();
    await fakes.close();
    throw e;
  }

  return {
    email,
    worker,
    agent,
    agentHome,
    gmail,
    google,
    async connectGmail() {
      const start = await fetch(`${worker.url}/oauth/google/start`, { redirect: "manual" });
      if (start.status !== 302) throw new Error(`oauth start: ${start.status} ${await start.text()}`);
      const cookie = start.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
      const back = await fetch(consent.headers.get("location")!, { redirect: "manual", headers: { cookie } });
      if (back.status !== 302) throw new Error(`oauth callback: ${back.status} ${await back.text()}`);
    },
    async push(historyId = gmail.historyId(email)) {
      const data = Buffer.from(JSON.stringify({ emailAddress: email, historyId })).toString("base64");
      const res = await fetch(`${worker.url}/webhooks/gmail`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${await google.tokens.valid()}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({
          message: { data, messageId: crypto.randomUUID(), publishTime: new Date().toISOString() },
          subscription: "projects/scouts-e2e/subscriptions/gmail-push",
        }),
      });
      await res.arrayBuffer();
      return res.status;
    },
    agentDb() {
      const client = createClient({ url: `file:${path.join(agentHome, "agent.db")}` });
      clients.push(client);
      return client;
    },
    async stop() {
      for (const c of clients) c.close();
      await agent?.stop();
      await worker.stop();
      await fakes.close();
    },
  };
}

/**
 * `wrangler dev` on a bundle built once into a temp dir: a long bench must not be reloaded (and
 * lose its in-memory queues and sockets) whenever someone edits a file in the shared tree.
 */
async function startSnapshotWranglerDev(vars: Record<string, string>): Promise<WranglerDev> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "scouts-snapshot-"));
  const wrangler = path.join(repoRoot, "node_modules", ".bin", "wrangler");
  const env = childEnv();
  // The Worker's static assets (the PWA) play no part here: an empty folder stands in for them.
  const assetsDir = path.join(dir, "assets");
  mkdirSync(assetsDir);
  mkdirSync(path.join(repoRoot, "web", "dist"), { recursive: true });
  workerBundleInto(path.join(dir, "bundle"));
  const toml = readFileSync(path.join(repoRoot, "wrangler.toml"), "utf8")
    .replace(/^main = .*$/m, 'main = "bundle/index.js"\nno_bundle = true')
    .replace(/^directory = "web\/dist"$/m, `directory = ${JSON.stringify(assetsDir)}`)
    .replace(
      /^migrations_dir = .*$/m,
      `migrations_dir = ${JSON.stringify(path.join(repoRoot, "db", "migrations"))}`,
    );
  const config = path.join(dir, "wrangler.toml");
  writeFileSync(config, toml);
  const persistDir = path.join(dir, "state");
  freshD1State(persistDir, { file: config, cwd: dir });
  const port = await freePort();
  const inspectorPort = await freePort();
  const running = startProcess(
    wrangler,
    [
      "dev",
      "-c",
      config,
      "--local",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      persistDir,
      "--show-interactive-dev-session=false",
      ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
    ],
    env,
    dir,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health`, 90_000, running);
  return { ...running, url, persistDir, inspectorPort };
}

/** Polls until `check` returns a value other than undefined. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 30_000,
  what = "condition",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await check();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
}
