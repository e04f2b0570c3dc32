import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { type PreviewServer, preview } from "vite";
import { launchChromium } from "./browser.ts";
import { startDovecot } from "./dovecot.ts";
import { childEnv, freePort, type Running, repoRoot, startProcess } from "./processes.ts";
import { builtPwaDir } from "./shared-builds.ts";

type Until = <T>(what: string, probe: () => Promise<T | undefined | false>, ms?: number) => Promise<T>;
type AgentApi = <T>(p: string, body?: unknown) => Promise<T>;

export const shots = path.join(repoRoot, "test-results", "screenshots");
const node = path.join(repoRoot, "node_modules", ".bin", "node");

/**
 * The PWA on a phone (390×844, touch) with a real agent process and a real Dovecot (user `maya`,
 * `password`), no cloud: nothing listens on the cloud URL, so mail accounts are read entirely on
 * this machine. `beforeBrowser` runs once the agent answers (add an account, wait for mail).
 */
export async function startPwaAgentStack(
  name: string,
  password: string,
  beforeBrowser?: (s: {
    dovecot: Awaited<ReturnType<typeof startDovecot>>;
    until: Until;
    agentApi: AgentApi;
  }) => Promise<void>,
) {
  const dovecot = await startDovecot({ users: { maya: password } });
  const work = await mkdtemp(path.join(tmpdir(), `scouts-${name}-e2e-`));
  const home = path.join(work, "home");
  const webPort = await freePort();
  const origin = `http://127.0.0.1:${webPort}`;
  const agentUrl = `http://127.0.0.1:${await freePort()}`;
  const noCloud = `http://127.0.0.1:${await freePort()}`;
  const agent: Running = startProcess(
    node,
    [path.join(repoRoot, "local-agent", "main.ts")],
    childEnv({
      SCOUTS_HOME: home,
      SCOUTS_CLOUD_URL: noCloud,
      SCOUTS_AGENT_PORT: new URL(agentUrl).port,
      SCOUTS_PWA_ORIGIN: origin,
    }),
  );
  /** Polls `probe` (errors count as "not yet"); on timeout, fails with the agent's last output. */
  async function until<T>(
    what: string,
    probe: () => Promise<T | undefined | false>,
    ms = 30_000,
  ): Promise<T> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const v = await probe().catch(() => undefined);
      if (v !== undefined && v !== false) return v;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`timed out: ${what}\n${agent.output().slice(-3000)}`);
  }
  // An empty file is not a token: a pairing link made from one leaves the PWA unpaired.
  const token = await until(
    "agent started",
    async () => (await readFile(path.join(home, "cli-token"), "utf8")).trim() || undefined,
  );
  /** The agent's loopback API with the CLI token: GET, or POST with `body`. */
  async function agentApi<T>(p: string, body?: unknown): Promise<T> {
    const res = await fetch(`${agentUrl}/local/v1${p}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  let server: PreviewServer | undefined;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  const stop = async () => {
    await browser?.close();
    await server?.close();
    await agent.stop();
    await dovecot.stop();
    await rm(work, { recursive: true, force: true });
  };
  try {
    await until("agent answers", async () => (await fetch(`${agentUrl}/health`)).ok);
    await beforeBrowser?.({ dovecot, until, agentApi });
    process.env.SCOUTS_CLOUD_URL = noCloud;
    server = await preview({
      configFile: path.join(repoRoot, "web", "vite.config.ts"),
      logLevel: "warn",
      build: { outDir: builtPwaDir() },
      preview: { port: webPort, strictPort: true },
    });
    await mkdir(shots, { recursive: true });
    browser = await launchChromium({ viewport: { width: 390, height: 844 }, touch: true });
    const page: Page = await browser.context.newPage();
    page.on("console", (m) => m.type() === "error" && console.error(`browser: ${m.text()}`));
    return { dovecot, agent, page, origin, agentUrl, token, until, agentApi, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
