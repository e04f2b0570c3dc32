import { spawnSync } from "node:child_process";
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
import { repoRoot } from "../support/processes.ts";

type Dovecot = Awaited<ReturnType<typeof startDovecot>>;
const PASSWORD = "correct horse battery";

let seq = 0;
function mail(subject: string) {
  const n = ++seq;
  return [
    `From: Sender ${n} <sender${n}@example.org>`,
    "To: Maya Lindqvist <maya@example.net>",
    `Subject: ${subject}`,
    `Message-ID: <imap-control-${n}-${Date.now()}@example.org>`,
    "Date: Wed, 25 Nov 2026 10:00:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    `Hello Maya, a note about ${subject}. Could we meet next week to go over it?`,
    "",
  ].join("\r\n");
}

/** The fixture's wait, polling every 20 ms: the paused-sync checks catch a pass between batches. */
const until = <T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 15_000) =>
  untilEvery(what, fn, ms, 20);

/**
 * The kill switch and a paused first sync, on a running agent against a real Dovecot: with the
 * switch on no watcher holds a connection and delivered mail is not read; off again, it is read
 * once. A first sync of a few hundred messages (batches of 5) shows its progress, stops between
 * batches when paused (its cursor saved), and resumes where it stopped.
 */
describe("mail-account watchers: kill switch and a paused first sync (real Dovecot)", () => {
  let dv: Dovecot;
  let home: string;
  let agent: RunningAgent;
  let token = "";
  const call = (method: string, p: string, body?: unknown) =>
    // biome-ignore lint/suspicious/noExplicitAny: response bodies of several shapes, checked by the assertions
    callAgent(agent, token, method, p, body) as Promise<{ status: number; body: Record<string, any> }>;
  const account = (id: string) => accountOf(agent, token, id);
  const readCount = (id: string) => readMessages(agent, id);
  const add = async (user: string) => {
    const added = await call("POST", "/mail-accounts", {
      host: "127.0.0.1",
      port: dv.port,
      user,
      password: PASSWORD,
      tls: "starttls",
      pinSha256: dv.certSha256,
      folders: ["INBOX"],
    });
    expect(added.status).toBe(201);
    return added.body.account.id as string;
  };

  beforeAll(async () => {
    dv = await startDovecot({ users: { maya: PASSWORD, ines: PASSWORD } });
    home = await mkdtemp(path.join(os.tmpdir(), "scouts-imap-control-"));
    ({ agent, token } = await startAgentIn(home, {
      backoffMs: 100,
      maxBackoffMs: 400,
      checkEveryMs: 30_000,
      batchSize: 5,
    }));
  }, 60_000);
  afterAll(async () => {
    await agent?.stop();
    await dv?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("kill switch: watchers close their connections and read nothing; off again, mail arrives once", async () => {
    const id = await add("maya");
    await until("the watcher to idle", async () => (await account(id))?.health?.state === "watching");
    expect(dv.who()).toContain("maya");
    const before = await readCount(id);

    expect((await call("POST", "/control", { command: "kill" })).status).toBe(200);
    await until("the watcher to stop", async () => (await account(id))?.health === null);
    await until("Dovecot to see no session", async () => !dv.who().includes("maya"));
    await dv.deliver("maya", "INBOX", mail("while killed"));
    // The minute timer's refresh does not bring them back while the switch is on.
    await agent.mailWatch.refresh();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await readCount(id)).toBe(before);
    expect(agent.mailWatch.health()).toEqual([]);
    expect(dv.who()).not.toContain("maya");
    // Nor does a one-off sync from the CLI (another process on the same agent file).
    const cli = spawnSync(
      path.join(repoRoot, "node_modules", ".bin", "node"),
      [path.join(repoRoot, "local-agent", "cli", "main.ts"), "accounts", "sync", id],
      { encoding: "utf8", env: { ...process.env, SCOUTS_HOME: home }, timeout: 60_000 },
    );
    expect(cli.status, cli.stderr).toBe(1);
    expect(cli.stderr).toContain("the kill switch is on");
    expect(await readCount(id)).toBe(before);

    expect((await call("POST", "/control", { command: "resume" })).status).toBe(200);
    await until("the mail to be read", async () => (await readCount(id)) === before + 1);
    await until("the watcher to idle again", async () => (await account(id))?.health?.state === "watching");
    await new Promise((r) => setTimeout(r, 500));
    expect(await readCount(id)).toBe(before + 1);
    expect((await call("DELETE", `/mail-accounts/${id}`)).status).toBe(200);
  }, 60_000);

  it("pause/resume: validated, token-protected, 404 for an unknown account", async () => {
    const noAuth = await agent.app.request("/local/v1/mail-accounts/imap-abc/pause", { method: "POST" });
    expect(noAuth.status).toBe(401);
    expect((await call("POST", "/mail-accounts/imap-nosuch1/pause")).status).toBe(404);
    expect((await call("POST", "/mail-accounts/imap-nosuch1/resume")).status).toBe(404);
    const bad = await call("POST", `/mail-accounts/${encodeURIComponent("../etc")}/pause`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("invalid account id");
  });

  it("a first sync of 300 messages shows progress, pauses between batches and resumes where it stopped", async () => {
    const other = await dv.client("ines");
    try {
      for (let i = 0; i < 300; i++) await other.append("INBOX", mail(`report ${i}`));
    } finally {
      await other.logout();
    }
    const id = await add("ines");
    const syncing = await until("progress to show", async () => {
      const a = await account(id);
      return a?.progress && a.progress.done >= 10 ? a.progress : null;
    });
    expect(syncing).toMatchObject({ folder: "INBOX", total: 300, paused: false });

    const paused = await call("POST", `/mail-accounts/${id}/pause`, {});
    expect(paused.status).toBe(200);
    expect(paused.body.progress.paused).toBe(true);
    const stopped = await until("the pass to stop", async () => {
      const a = await account(id);
      return a?.health?.connected === false && a.progress?.paused ? a.progress : null;
    });
    const readAtPause = await readCount(id);
    expect(readAtPause).toBe(stopped.done);
    expect(readAtPause).toBeLessThan(300);
    expect(readAtPause % 5).toBe(0);
    // The cursor is saved at the last whole batch: a later pass starts right after it.
    const row = await agent.ctx.db.select().from(mailAccounts).where(eq(mailAccounts.id, id)).get();
    expect(((row?.cursor ?? {}) as Record<string, { lastUid: number }>).INBOX?.lastUid).toBe(readAtPause);
    await new Promise((r) => setTimeout(r, 800));
    expect(await readCount(id)).toBe(readAtPause);
    expect(dv.who()).not.toContain("ines");

    const resumed = await call("POST", `/mail-accounts/${id}/resume`, {});
    expect(resumed.status).toBe(200);
    const seen: { done: number; total: number }[] = [];
    await until("the sync to finish", async () => {
      const a = await account(id);
      if (a?.progress && !a.progress.paused) seen.push(a.progress);
      return a?.health?.state === "watching" && a.progress === null;
    });
    expect(await readCount(id)).toBe(300);
    // The resumed pass goes on counting from where it stopped, of the same 300.
    expect(seen.some((p) => p.done > readAtPause)).toBe(true);
    for (const p of seen) {
      expect(p.total).toBe(300);
      expect(p.done).toBeGreaterThanOrEqual(readAtPause);
    }
  }, 90_000);
});
