import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { mailAccounts } from "../../local-agent/db/schema/accounts.ts";
import { startDovecot } from "../support/dovecot.ts";
import {
  accountOf,
  callAgent,
  readCount as readMessages,
  startAgentIn,
  until as untilEvery,
} from "../support/mail-account-fixture.ts";

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

/** The fixture's wait, polling every 20 ms: the paused-sync checks catch a pass between batches. */
const until = <T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 30_000) =>
  untilEvery(what, fn, ms, 20);

/** A paused first sync is kept in the agent's store (migration 0014): a restart does not resume it. */
describe("a paused first sync stays paused across an agent restart (real Dovecot)", () => {
  let dv: Dovecot;
  let home: string;
  let agent: RunningAgent;
  let token = "";
  const start = async () => {
    ({ agent, token } = await startAgentIn(home, {
      backoffMs: 100,
      maxBackoffMs: 400,
      checkEveryMs: 30_000,
      batchSize: 5,
    }));
  };
  const call = (method: string, p: string, body?: unknown) =>
    // biome-ignore lint/suspicious/noExplicitAny: response bodies of several shapes, checked by the assertions
    callAgent(agent, token, method, p, body) as Promise<{ status: number; body: Record<string, any> }>;
  const account = (id: string) => accountOf(agent, token, id);
  const readCount = (id: string) => readMessages(agent, id);

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
