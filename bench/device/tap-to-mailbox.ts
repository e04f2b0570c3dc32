import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { eventually, startPipelineStack } from "../../tests/e2e/pipeline-harness.ts";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import { launchChromium } from "../../tests/support/browser.ts";
import { childEnv, freePort, repoRoot, startProcess, waitForHttp } from "../../tests/support/processes.ts";

/**
 * Time from a tap on Approve (archive) in the PWA to the change in the fake Gmail mailbox, through
 * the real stack: Chromium at 390×844 with touch → the agent's loopback API → ledger + outbox →
 * `wrangler dev` (the Worker's action route, the QuotaGate) → the fake Gmail API. The mailbox is
 * polled in this process every millisecond, so the clock is the same on both ends.
 *
 * Usage: node bench/device/tap-to-mailbox.ts [count]   (default 30; Node 22 from node_modules/.bin)
 */
const count = Number(process.argv[2] ?? 30);
const stack = await startPipelineStack({ agent: false });
const outDir = await mkdtemp(path.join(tmpdir(), "scouts-bench-tap-"));
const vite = path.join(repoRoot, "node_modules", ".bin", "vite");
const build = spawnSync(vite, ["build", "--config", "web/vite.config.ts", "--outDir", outDir], {
  cwd: repoRoot,
  env: childEnv(),
  encoding: "utf8",
});
if (build.status !== 0) throw new Error(`vite build failed:\n${build.stderr}`);
const webPort = await freePort();
const origin = `http://127.0.0.1:${webPort}`;
const preview = startProcess(
  vite,
  [
    "preview",
    "--config",
    "web/vite.config.ts",
    "--outDir",
    outDir,
    "--port",
    String(webPort),
    "--strictPort",
  ],
  childEnv({ SCOUTS_CLOUD_URL: stack.worker.url }),
);
const agentUrl = `http://127.0.0.1:${await freePort()}`;
const agent = startProcess(
  path.join(repoRoot, "node_modules", ".bin", "node"),
  [path.join(repoRoot, "local-agent", "main.ts")],
  childEnv({
    SCOUTS_CLOUD_URL: stack.worker.url,
    SCOUTS_HOME: stack.agentHome,
    SCOUTS_DEV_PAIR: "true",
    SCOUTS_DEV_EMAIL: stack.email,
    SCOUTS_AGENT_PORT: new URL(agentUrl).port,
    SCOUTS_PWA_ORIGIN: origin,
  }),
);
const browser = await launchChromium({ viewport: { width: 390, height: 844 }, touch: true });
try {
  await waitForHttp(`${agentUrl}/local/v1/dev-token`, 60_000, agent);
  await waitForHttp(origin, 30_000, preview);
  const token = ((await (await fetch(`${agentUrl}/local/v1/dev-token`)).json()) as { token: string }).token;
  const local = async <T>(p: string): Promise<T> =>
    (await (
      await fetch(`${agentUrl}/local/v1${p}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as T;
  await eventually(
    async () =>
      (await local<{ cloud: { connected: boolean } }>("/status")).cloud.connected ? true : undefined,
    60_000,
    "the agent's hub connection",
  );
  await stack.connectGmail();
  const added = Array.from({ length: count }, (_, i) =>
    stack.gmail.addMessage(stack.email, {
      raw: rfc822({
        to: stack.email,
        from: `Colleague ${i} <c${i}@colleague.example>`,
        subject: `Expense report ${i} for the Berlin trip`,
        body: `Hi,\n\nI have put expense report ${i} in the shared folder. Could you check the totals before Friday?\n\nThanks`,
      }),
    }),
  );
  await stack.push();
  type Sugg = { id: string; sourceMsgRef: string };
  const byMsg = await eventually(
    async () => {
      const items = (await local<{ items: Sugg[] }>("/suggestions?limit=500")).items;
      const found = added.map((m) => items.find((s) => s.sourceMsgRef === m.id));
      return found.every(Boolean) ? (found as Sugg[]) : undefined;
    },
    120_000,
    `${count} suggestions at the agent`,
  );
  const page = await browser.context.newPage();
  await page.goto(`${origin}/#agent=${encodeURIComponent(agentUrl)}`);
  const times: number[] = [];
  for (const [i, s] of byMsg.entries()) {
    const card = page.locator(`article[data-id="${s.id}"]`);
    await card.waitFor({ timeout: 30_000 });
    await card.getByLabel("Instead").selectOption("archive");
    const button = card.getByRole("button", { name: "Approve: Archive" });
    await button.scrollIntoViewIfNeeded();
    const msgId = added[i]!.id;
    const t0 = performance.now();
    await button.tap();
    while (stack.gmail.labelNames(stack.email, msgId).includes("INBOX")) {
      if (performance.now() - t0 > 30_000) throw new Error(`message ${i} never left the inbox`);
      await new Promise((r) => setTimeout(r, 1));
    }
    times.push(performance.now() - t0);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  console.log(
    JSON.stringify({
      count,
      p50_ms: Math.round(q(0.5)),
      p95_ms: Math.round(q(0.95)),
      max_ms: Math.round(sorted.at(-1)!),
      load_average: loadavg()[0]?.toFixed(1),
    }),
  );
} finally {
  await browser.close();
  await preview.stop();
  await agent.stop();
  await stack.stop();
  await rm(outDir, { recursive: true, force: true });
}
