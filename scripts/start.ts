/**
 * `npm start`: the whole system on this machine with embedded defaults. Applies the local D1
 * migrations, then runs wrangler dev (D1, queues, Durable Objects, cron via
 * /cdn-cgi/local/scheduled), the local agent and the PWA, each in its own process group so
 * Ctrl-C stops them all.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const env = {
  ...process.env,
  // wrangler and vite start with `#!/usr/bin/env node`: make that the Node 22 from npm.
  PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};

function ensureDevVars(): void {
  const file = path.join(root, ".dev.vars");
  if (existsSync(file)) return;
  const key = randomBytes(32).toString("base64");
  writeFileSync(
    file,
    [
      "SCOUTS_ENV=development",
      "SCOUTS_DEV_MODE=true",
      `TOKEN_KEYS={"1":"${key}"}`,
      `SESSION_SECRET=${randomBytes(32).toString("base64url")}`,
      "",
    ].join("\n"),
    { mode: 0o600 },
  );
  console.log("wrote .dev.vars with fresh local keys (git-ignored)");
}

const children: ChildProcess[] = [];

function run(name: string, cmd: string, args: string[], extraEnv: Record<string, string> = {}): ChildProcess {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: "inherit",
    detached: true,
  });
  child.on("exit", (code) => {
    console.log(`${name} exited (${code ?? "signal"}); stopping the rest`);
    shutdown(code ?? 1);
  });
  children.push(child);
  return child;
}

let stopping = false;
function shutdown(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
    }
  }
  setTimeout(() => process.exit(code), 500).unref();
}

process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

ensureDevVars();
const migrate = spawnSync(bin("wrangler"), ["d1", "migrations", "apply", "scouts", "--local"], {
  cwd: root,
  env: { ...env, CI: "true" },
  stdio: "inherit",
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

// The Worker serves the built PWA too (one origin, as deployed); vite's dev server on :5173 stays
// for working on the app with hot reload.
const pwaBuild = spawnSync(
  bin("vite"),
  ["build", "--config", path.join(root, "web", "vite.config.ts"), "--logLevel", "warn"],
  {
    cwd: root,
    env,
    stdio: "inherit",
  },
);
if (pwaBuild.status !== 0) process.exit(pwaBuild.status ?? 1);

const workerUrl = "http://127.0.0.1:8787";
const scoutsHome = process.env.SCOUTS_HOME ?? path.join(root, ".scouts-dev");
run("wrangler", bin("wrangler"), ["dev", "--local", "--ip", "127.0.0.1", "--port", "8787"]);
if (existsSync(path.join(root, "local-agent", "main.ts"))) {
  void startAgentAndDemo().catch((e: unknown) =>
    console.error(`local agent / demo not started: ${String(e)}`),
  );
}
if (existsSync(path.join(root, "web", "vite.config.ts"))) {
  run("pwa", bin("vite"), [
    "--config",
    path.join(root, "web", "vite.config.ts"),
    "--host",
    "127.0.0.1",
    "--port",
    "5173",
  ]);
}
console.log("\nScouts is starting: Worker http://127.0.0.1:8787 · PWA http://127.0.0.1:5173\n");

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The newcomer's first minute: the agent starts once the Worker answers; once it has dev-paired, the demo scout emits a handful of
 * synthetic mails at once, and wrangler dev's cron (not automatic locally) is ticked every minute
 * so one more arrives per minute and fallback polling runs.
 */
async function startAgentAndDemo(): Promise<void> {
  // The agent dev-pairs once at start, so the Worker must already answer.
  await until("the Worker", async () => ((await fetch(`${workerUrl}/health`)).ok ? true : undefined));
  run("local-agent", process.execPath, [path.join(root, "local-agent", "main.ts")], {
    SCOUTS_CLOUD_URL: workerUrl,
    SCOUTS_HOME: scoutsHome,
    SCOUTS_DEV_PAIR: "true",
    // Both origins serve the PWA (the Worker, as deployed, and vite's dev server): the agent
    // answers both, else the one the Worker serves finds no agent and shows "Offline".
    SCOUTS_PWA_ORIGIN: `http://127.0.0.1:5173,${workerUrl}`,
  });
  const identity = await until("the agent to pair", async () => {
    const text = readFileSync(path.join(scoutsHome, "device.json"), "utf8");
    return JSON.parse(text) as { token: string };
  });
  const res = await fetch(`${workerUrl}/api/v1/dev/demo/emit`, {
    method: "POST",
    headers: { authorization: `Bearer ${identity.token}`, "content-type": "application/json" },
    body: JSON.stringify({ count: 6 }),
  });
  if (!res.ok) throw new Error(`demo emit answered ${res.status}: ${await res.text()}`);
  console.log("\nDemo scout: 6 synthetic emails sent through the pipeline; one more every minute.\n");
  const tick = (cron: string) =>
    fetch(`${workerUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}`).catch(() => undefined);
  setInterval(() => void tick("* * * * *"), 60_000).unref();
  void tick("17 3 * * *");
  setInterval(() => void tick("17 3 * * *"), 24 * 3600_000).unref();
}
