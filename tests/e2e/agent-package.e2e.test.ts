import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packAgent } from "../../scripts/pack-agent.ts";
import {
  childEnv,
  freePort,
  type Running,
  startProcess,
  startWranglerDev,
  type WranglerDev,
} from "../support/processes.ts";
import { until } from "../support/pwa-stack.ts";

/**
 * The agent installed the way a person installs it: `npm pack`ed, installed into an empty folder
 * (no monorepo around it), then `npx scouts-agent --help`, `run` against a real Worker (dev
 * pairing) and `pair`.
 */
describe("the packaged agent", () => {
  let dir: string;
  let worker: WranglerDev;
  let agent: Running | undefined;
  let size: { bytes: number; unpackedBytes: number };
  beforeAll(async () => {
    const packed = await packAgent();
    size = packed;
    dir = mkdtempSync(path.join(tmpdir(), "scouts-agent-install-"));
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "empty", private: true }));
    const install = spawnSync("npm", ["install", "--ignore-scripts", "--no-audit", "--no-fund", packed.tgz], {
      cwd: dir,
      env: childEnv(),
      encoding: "utf8",
    });
    if (install.status !== 0) throw new Error(`npm install failed:\n${install.stdout}\n${install.stderr}`);
    worker = await startWranglerDev({
      SCOUTS_ENV: "development",
      SCOUTS_DEV_MODE: "true",
      TOKEN_KEYS: JSON.stringify({ "1": Buffer.alloc(32, 9).toString("base64") }),
      SESSION_SECRET: "agent-package-session-secret-0123456789",
    });
  }, 300_000);
  afterAll(async () => {
    await agent?.stop();
    await worker?.stop();
  });

  const npx = (args: string[], env: Record<string, string>) =>
    spawnSync("npx", ["--no-install", "scouts-agent", ...args], {
      cwd: dir,
      env: childEnv(env),
      encoding: "utf8",
    });

  it("is small, self-contained, and answers --help from an empty folder", () => {
    expect(size.bytes).toBeLessThan(5 * 1024 * 1024);
    const pkg = JSON.parse(
      readFileSync(path.join(dir, "node_modules", "scouts-agent", "package.json"), "utf8"),
    );
    expect(Object.keys(pkg.dependencies).every((d: string) => !d.startsWith("@scouts/"))).toBe(true);
    // postal-mime stays a dependency, not inlined, as scripts/pack-agent.ts chooses.
    expect(pkg.dependencies["postal-mime"]).toBe("4.0.0");
    const cli = readFileSync(path.join(dir, "node_modules", "scouts-agent", "cli.js"), "utf8");
    // esbuild heads each inlined module with a comment naming its path.
    expect(cli).not.toMatch(/^\/\/ node_modules\/postal-mime\//m);
    expect(cli).toMatch(/^import .* from "postal-mime";$/m);
    const help = npx(["--help"], {});
    expect(help.status, help.stderr).toBe(0);
    expect(help.stderr + help.stdout).toContain("service install|uninstall|status|logs");
    // What runs is the package (not the monorepo's CLI), and a service installed from it runs it too.
    const unit = npx(["service", "install", "--dry-run"], { SCOUTS_SERVICE_PLATFORM: "linux", HOME: dir });
    expect(unit.status, unit.stderr).toBe(0);
    expect(unit.stdout).toContain(`"${path.join(dir, "node_modules", "scouts-agent", "cli.js")}" "run"`);
  });

  it("runs, pairs with the cloud, classifies with onnxruntime-node, and issues a PWA pairing code", async () => {
    const home = mkdtempSync(path.join(tmpdir(), "scouts-agent-home-"));
    const env = {
      SCOUTS_HOME: home,
      SCOUTS_AGENT_PORT: String(await freePort()),
      SCOUTS_CLOUD_URL: worker.url,
      SCOUTS_DEV_PAIR: "true",
    };
    agent = startProcess("npx", ["--no-install", "scouts-agent", "run"], childEnv(env), dir);
    await until(
      "the agent to pair",
      async () => JSON.parse(readFileSync(path.join(home, "device.json"), "utf8")),
      90_000,
      agent.output,
    );
    const status = await until(
      "a connected status",
      async () => {
        const s = npx(["status"], env);
        return s.status === 0 && s.stdout.includes("(connected)") ? s.stdout : undefined;
      },
      60_000,
      agent.output,
    );
    expect(status).toContain("stage 2: onnxruntime-node");
    const pair = npx(["pair"], env);
    expect(pair.status, pair.stderr).toBe(0);
    expect(pair.stdout).toMatch(/pairing code: \d{4} ?\d{4}/);
  });
});
