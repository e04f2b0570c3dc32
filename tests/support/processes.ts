import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export const repoRoot = path.join(import.meta.dirname, "..", "..");
const binDir = path.join(repoRoot, "node_modules", ".bin");

/** Environment for child processes: Node 22 from npm first on PATH, no outside calls from wrangler. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`,
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    CI: "true",
    ...extra,
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

export interface Running {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts a command in its own process group; `stop` signals the whole group (wrangler forks workerd). */
export function startProcess(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd = repoRoot): Running {
  const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return {
    child,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || !child.pid) return resolve();
        child.once("exit", () => resolve());
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          resolve();
        }
        setTimeout(() => {
          try {
            if (child.pid) process.kill(-child.pid, "SIGKILL");
          } catch {}
          resolve();
        }, 5_000).unref();
      }),
  };
}

export async function waitForHttp(url: string, timeoutMs = 60_000, running?: Running): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running && running.child.exitCode !== null) {
      throw new Error(`process exited before ${url} answered:\n${running.output()}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${url}${running ? `\n${running.output()}` : ""}`);
}

/** Where the e2e global setup left a local state dir with every D1 migration applied (nothing else in it). */
export const MIGRATED_D1_ENV = "SCOUTS_E2E_MIGRATED_D1";

/**
 * Fills `persistDir` with an empty, fully migrated local D1: a copy of the state the e2e global
 * setup migrated once (each caller still gets its own database), or, outside that setup, by
 * applying the migrations here (`config` for a wrangler.toml other than the repo's).
 */
export function freshD1State(persistDir: string, config?: { file: string; cwd: string }): void {
  const migrated = process.env[MIGRATED_D1_ENV];
  if (migrated && existsSync(migrated)) {
    cpSync(migrated, persistDir, { recursive: true });
    return;
  }
  const migrate = spawnSync(
    path.join(binDir, "wrangler"),
    [
      "d1",
      "migrations",
      "apply",
      "scouts",
      "--local",
      "--persist-to",
      persistDir,
      ...(config ? ["-c", config.file] : []),
    ],
    { cwd: config?.cwd ?? repoRoot, env: childEnv(), encoding: "utf8" },
  );
  if (migrate.status !== 0) throw new Error(`migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);
}

export interface WranglerDev extends Running {
  url: string;
  persistDir: string;
  /** wrangler's DevTools inspector (CDP), e.g. for the isolate's heap in bench/pipeline. */
  inspectorPort?: number;
}

/**
 * Runs the real Worker under `wrangler dev --local` with its own D1/queue/DO state directory,
 * migrations applied first. `vars` become `--var` flags (secrets for tests included).
 */
export async function startWranglerDev(vars: Record<string, string> = {}): Promise<WranglerDev> {
  const persistDir = mkdtempSync(path.join(os.tmpdir(), "scouts-wrangler-"));
  // The Worker serves web/dist as static assets; wrangler refuses a missing directory.
  mkdirSync(path.join(repoRoot, "web", "dist"), { recursive: true });
  const env = childEnv();
  freshD1State(persistDir);
  const port = await freePort();
  const inspectorPort = await freePort();
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const running = startProcess(
    path.join(binDir, "wrangler"),
    [
      "dev",
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
      ...varArgs,
    ],
    env,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health`, 90_000, running);
  return { ...running, url, persistDir };
}

/** Writes a file inside a fresh temp dir and returns its path. */
export function tempFile(name: string, content: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "scouts-"));
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}
