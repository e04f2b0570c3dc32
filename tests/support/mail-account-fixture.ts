import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { silentLogger } from "@scouts/core/ports";
import { MailAccountList } from "@scouts/core/protocol/mail-accounts";
import { eq } from "drizzle-orm";
import { openOfflineAgent } from "../../local-agent/accounts/accounts.ts";
import { type RunningAgent, startAgent } from "../../local-agent/agent.ts";
import { readAgentConfig } from "../../local-agent/config.ts";
import { mailScreened } from "../../local-agent/db/schema/accounts.ts";
import { scoutSuggestions } from "../../local-agent/db/schema/suggestions.ts";

type OfflineAccounts = Awaited<ReturnType<typeof openOfflineAgent>>["accounts"];
type AgentOptions = NonNullable<Parameters<typeof startAgent>[1]>;

/**
 * A mail from a correspondent straight to Maya, its Message-ID unique and tagged `tag` so a
 * failing test names where it came from. The default body is a direct question, which mail
 * stage 1 keeps as relevant.
 */
export function directMail(
  tag: string,
  subject: string,
  body = "Could you check the numbers in the budget sheet before Tuesday?",
): { raw: string; messageId: string } {
  const messageId = `<${tag}-${++mailSeq}-${Date.now()}@example.org>`;
  const raw = [
    "From: Ana Souza <ana.souza@example.org>",
    "To: Maya Lindqvist <maya@example.net>",
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    "Date: Wed, 25 Nov 2026 10:00:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
    "",
  ].join("\r\n");
  return { raw, messageId };
}
let mailSeq = 0;

/** Calls a running agent's loopback API with `token`: the status and the JSON body. */
export async function callAgent(
  agent: RunningAgent,
  token: string,
  method: string,
  p: string,
  body?: unknown,
) {
  const res = await agent.app.request(`/local/v1${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Polls `fn` every `everyMs` until it answers something truthy; after `ms`, fails naming `what`. */
export async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 15_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * An agent started on `home` as it stands (no cloud, no stage 2), with a token for its loopback
 * API: a restart on the same home is this again after `agent.stop()`.
 */
export async function startAgentIn(
  home: string,
  mailWatch?: AgentOptions["mailWatch"],
  clock?: AgentOptions["clock"],
) {
  const agent = await startAgent(
    readAgentConfig({ SCOUTS_HOME: home, SCOUTS_AGENT_PORT: "0", SCOUTS_CLOUD_URL: "http://127.0.0.1:9" }),
    {
      logger: silentLogger,
      stage2: null,
      connect: false,
      ...(mailWatch ? { mailWatch } : {}),
      ...(clock ? { clock } : {}),
    },
  );
  return { agent, token: await agent.auth.issue("test") };
}

/**
 * A running agent in a fresh home (no cloud, no stage 2) with one mail account, added by `add`
 * through the offline agent before it starts, and a token for its loopback API.
 *
 * @example const a = await startAccountAgent("imap-actions", (acc) => acc.addImap({ ... }), { backoffMs: 100 });
 */
export async function startAccountAgent(
  name: string,
  add: (accounts: OfflineAccounts) => Promise<{ id: string }>,
  mailWatch: AgentOptions["mailWatch"],
  clock?: AgentOptions["clock"],
) {
  const home = await mkdtemp(path.join(os.tmpdir(), `scouts-${name}-`));
  const offline = await openOfflineAgent(home, { stage2: null });
  let accountId: string;
  try {
    accountId = (await add(offline.accounts)).id;
  } finally {
    offline.close();
  }
  return { home, accountId, ...(await startAgentIn(home, mailWatch, clock)) };
}

/** The account as the agent's API lists it (health included), or undefined once removed. */
export async function accountOf(agent: RunningAgent, token: string, id: string) {
  const { body } = await callAgent(agent, token, "GET", "/mail-accounts");
  return MailAccountList.parse(body).accounts.find((a) => a.id === id);
}

/** Messages of an IMAP account read so far: suggestions plus what stage 1 set aside. */
export async function readCount(agent: RunningAgent, id: string): Promise<number> {
  const s = await agent.ctx.db
    .select({ id: scoutSuggestions.id })
    .from(scoutSuggestions)
    .where(eq(scoutSuggestions.scoutId, `imap:${id}`))
    .all();
  const screened = await agent.ctx.db
    .select({ id: mailScreened.id })
    .from(mailScreened)
    .where(eq(mailScreened.accountId, id))
    .all();
  return s.length + screened.length;
}
