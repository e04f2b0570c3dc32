import { mkdir } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { eventually, type PipelineStack, startPipelineStack } from "../e2e/pipeline-harness.ts";
import { rfc822 } from "../fakes/gmail/index.ts";
import { childEnv, freePort, type Running, repoRoot, startProcess, waitForHttp } from "./processes.ts";
import { builtPwaDir } from "./shared-builds.ts";

export const screenshots = path.join(repoRoot, "test-results", "screenshots");

/** The smallest suggestion shape the browser tests read from the agent. */
export type AgentSuggestion = { id: string; sourceMsgRef: string };

/** L3 for every cohort with the confidence step-down off: every message is a card (the assistant acts on none). */
export async function cardsForEveryCohort(local: PwaGmailStack["local"]): Promise<void> {
  await local("/policies", {
    method: "PUT",
    body: JSON.stringify({
      levels: Object.fromEntries(
        [
          "newsletters",
          "transactional",
          "social",
          "vips",
          "first_contact",
          "cross_org",
          "intra_org",
          "default",
        ].map((c) => [c, 3]),
      ),
      lowConfidenceThreshold: 0,
    }),
  });
}

/**
 * A message shaped like spam (shouting subject, a shortener link, spam words) that stage 1 sets
 * aside: as an mbox entry for a local mailbox, or (`to` given) as Gmail raw with CRLF lines.
 */
export function spamMessage(opts: { subject: string; to?: string; messageId?: string }): string {
  const lines = [
    'From: "Prize Center" <winner@prize-claims.example>',
    `To: ${opts.to ?? "me@work.example"}`,
    `Subject: ${opts.subject}`,
    `Message-ID: <${opts.messageId ?? "s1"}@prize-claims.example>`,
    "Date: Thu, 20 Nov 2026 08:00:00 +0000",
    "Content-Type: text/html",
    "",
    '<html><body><a href="http://bit.ly/claim">CLICK HERE</a> to claim your FREE prize!!! Viagra cheap pills casino bonus $$$ act now limited time offer unsubscribe</body></html>',
    "",
  ];
  return opts.to
    ? lines.join("\r\n")
    : ["From winner@prize-claims.example Thu Nov 20 08:00:00 2026", ...lines].join("\n");
}

export type PwaGmailStack = Awaited<ReturnType<typeof startPwaGmailStack>>;

/**
 * The PWA against the real stack with the fake Gmail: `startPipelineStack` (wrangler dev, fake
 * Google), the built PWA under `vite preview`, a real agent dev-paired with the Worker and
 * linked to the hub, Gmail connected (policies as the agent starts; `cardsForEveryCohort` for L3).
 * `local(path)` calls the agent's loopback API; `deliver` puts messages in the fake mailbox,
 * pushes, and waits for their suggestions at the agent. `vite preview` sends the site headers of
 * `web/public/_headers` (CSP included), so the pages run under the deployed policy.
 *
 * @example const s = await startPwaGmailStack("pwa-read"); const [d] = await s.deliver({ from, subject, body });
 */
export async function startPwaGmailStack(name: string, opts: { agentEnv?: Record<string, string> } = {}) {
  const stack: PipelineStack = await startPipelineStack({ agent: false });
  const outDir = builtPwaDir();
  const vite = path.join(repoRoot, "node_modules", ".bin", "vite");
  const webPort = await freePort();
  const origin = `http://127.0.0.1:${webPort}`;
  const preview: Running = startProcess(
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
    // The site headers of web/public/_headers (CSP included), as the Worker serves them.
    childEnv({ SCOUTS_CLOUD_URL: stack.worker.url, SCOUTS_PREVIEW_SITE_HEADERS: "1" }),
  );
  const agentPort = await freePort();
  const agentUrl = `http://127.0.0.1:${agentPort}`;
  const agent: Running = startProcess(
    path.join(repoRoot, "node_modules", ".bin", "node"),
    [path.join(repoRoot, "local-agent", "main.ts")],
    childEnv({
      SCOUTS_CLOUD_URL: stack.worker.url,
      SCOUTS_HOME: stack.agentHome,
      SCOUTS_DEV_PAIR: "true",
      SCOUTS_DEV_EMAIL: stack.email,
      SCOUTS_AGENT_PORT: String(agentPort),
      SCOUTS_PWA_ORIGIN: origin,
      ...opts.agentEnv,
    }),
  );
  await waitForHttp(`${agentUrl}/local/v1/dev-token`, 60_000, agent);
  await waitForHttp(origin, 30_000, preview);
  const localToken = ((await (await fetch(`${agentUrl}/local/v1/dev-token`)).json()) as { token: string })
    .token;
  const local = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${agentUrl}/local/v1${p}`, {
      ...init,
      headers: { authorization: `Bearer ${localToken}`, "content-type": "application/json" },
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  await eventually(
    async () =>
      (await local<{ cloud: { connected: boolean } }>("/status")).cloud.connected ? true : undefined,
    60_000,
    `${name}: the agent's hub connection`,
  );
  await stack.connectGmail();
  await mkdir(screenshots, { recursive: true });
  const suggestions = async <S extends AgentSuggestion = AgentSuggestion>() =>
    (await local<{ items: S[] }>("/suggestions?limit=200")).items;
  /** Messages into the fake Gmail, a push, and each one's suggestion at the agent once `ready` holds for it. */
  async function deliverUntil<S extends AgentSuggestion = AgentSuggestion>(
    ready: (s: S) => boolean,
    ...messages: (Parameters<typeof rfc822>[0] & { raw?: string; threadId?: string })[]
  ): Promise<{ msgId: string; threadId: string; s: S }[]> {
    const added = messages.map((m) =>
      stack.gmail.addMessage(stack.email, {
        raw: m.raw ?? rfc822({ to: stack.email, ...m }),
        ...(m.threadId ? { threadId: m.threadId } : {}),
      }),
    );
    expect(await stack.push()).toBe(204);
    return Promise.all(
      added.map(async (msg) => ({
        msgId: msg.id,
        threadId: msg.threadId,
        s: await eventually(
          async () => (await suggestions<S>()).find((s) => s.sourceMsgRef === msg.id && ready(s)),
          60_000,
          `the suggestion for ${msg.id}`,
        ),
      })),
    );
  }

  return {
    stack,
    origin,
    agentUrl,
    local,
    suggestions,
    deliverUntil,
    /** `deliverUntil` with no condition beyond the suggestion being there. */
    deliver: <S extends AgentSuggestion = AgentSuggestion>(
      ...messages: (Parameters<typeof rfc822>[0] & { raw?: string; threadId?: string })[]
    ) => deliverUntil<S>(() => true, ...messages),
    async stop() {
      await preview.stop();
      await agent.stop();
      await stack.stop();
    },
  };
}
