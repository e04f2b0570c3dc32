import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { silentLogger } from "@scouts/core/ports";
import { MailAccountList } from "@scouts/core/protocol/mail-accounts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningAgent, startAgent } from "../../local-agent/agent.ts";
import { readAgentConfig } from "../../local-agent/config.ts";
import { mailAccounts, mailScreened } from "../../local-agent/db/schema/accounts.ts";
import { scoutSuggestions } from "../../local-agent/db/schema/suggestions.ts";
import { startDovecot } from "../support/dovecot.ts";

type Dovecot = Awaited<ReturnType<typeof startDovecot>>;
const PASSWORD = "correct horse battery";
const TOTAL = 80;

function mail(n: number) {
  return [
    `From: Sender ${n} <sender${n}@example.org>`,
    "To: Maya Lindqvist <maya@example.net>",
    `Subject: report ${n}`,
    `Message-ID: <imap-pause-${n}-${Date.now()}@example.org>`,
    "Date: Wed, 25 Nov 2026 10:00:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    `Hello Maya, the report ${n}. Could we meet next week to go over it?`,
    "",
  ].join("\r\n");
}

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A paused first sync is kept in the agent's store (migration 0014): a restart does not resume it. */
describe("a paused first sync stays paused across an agent restart (real Dovecot)", () => {
  let dv: Dovecot;
  let home: string;
  let agent: RunningAgent;
  let token = "";
  const start = async () => {
    agent = await startAgent(
      readAgentConfig({ SCOUTS_HOME: home, SCOUTS_AGENT_PORT: "0", SCOUTS_CLOUD_URL: "http://127.0.0.1:9" }),
      {
        logger: silentLogger,
        stage2: null,
        connect: false,
        mailWatch: { backoffMs: 100, maxBackoffMs: 400, checkEveryMs: 30_000, batchSize: 5 },
      },
    );
    token = await agent.auth.issue("test");
  };
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await agent.app.request(`/local/v1${p}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: response bodies of several shapes, checked by the assertions
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const account = async (id: string) =>
    MailAccountList.parse((await call("GET", "/mail-accounts")).body).accounts.find((a) => a.id === id);
  const readCount = async (id: string) => {
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
  };

  beforeAll(async () => {
    dv = await startDovecot({ users: { maya: PASSWORD } });
    home = await mkdtemp(path.join(os.tmpdir(), "scouts-imap-pause-"));
    await start();
  }, 60_000);
  afterAll(async () => {
    await agent?.stop();
    await dv?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("pauses, restarts without syncing or connecting, and resumes from the saved cursor without duplicates", async () => {
    const c = await dv.client("maya");
    try {
      for (let i = 0; i < TOTAL; i++) await c.append("INBOX", mail(i));
    } finally {
      await c.logout();
    }
    const added = await call("POST", "/mail-accounts", {
      host: "127.0.0.1",
      port: dv.port,
      user: "maya",
      password: PASSWORD,
      tls: "starttls",
      pinSha256: dv.certSha256,
    });
    expect(added.status).toBe(201);
    const id = added.body.account.id as string;
    await until("the first batches", async () => ((await account(id))?.progress?.done ?? 0) >= 5);
    expect((await call("POST", `/mail-accounts/${id}/pause`, {})).status).toBe(200);
    await until("the pass to stop", async () => {
      const a = await account(id);
      return a?.health?.connected === false && a.progress?.paused;
    });
    const atPause = await readCount(id);
    expect(atPause).toBeLessThan(TOTAL);
    const row = await agent.ctx.db.select().from(mailAccounts).where(eq(mailAccounts.id, id)).get();
    expect(row?.syncPaused).toBe(true);

    await agent.stop();
    await start();
    // The restarted agent keeps the account paused: no session, nothing more read.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await readCount(id)).toBe(atPause);
    expect(dv.who()).not.toContain("maya");
    const after = await account(id);
    expect(after?.progress?.paused).toBe(true);
    expect(after?.health?.connected).toBe(false);

    expect((await call("POST", `/mail-accounts/${id}/resume`, {})).status).toBe(200);
    await until("the sync to finish", async () => (await account(id))?.health?.state === "watching");
    expect(await readCount(id)).toBe(TOTAL);
    const resumed = await agent.ctx.db.select().from(mailAccounts).where(eq(mailAccounts.id, id)).get();
    expect(resumed?.syncPaused).toBe(false);
  }, 120_000);
});
