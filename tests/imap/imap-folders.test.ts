import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { silentLogger } from "@scouts/core/ports";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import { AccountFolderList } from "@scouts/core/protocol/mail-accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openOfflineAgent } from "../../local-agent/accounts/accounts.ts";
import { imapSuggestionId } from "../../local-agent/accounts/imap-sync.ts";
import { type RunningAgent, startAgent } from "../../local-agent/agent.ts";
import { readAgentConfig } from "../../local-agent/config.ts";
import { startDovecot } from "../support/dovecot.ts";

const PASSWORD = "correct horse battery";

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("an account's folders for Move to…, and an approved move undone (real Dovecot)", () => {
  let dv: Awaited<ReturnType<typeof startDovecot>>;
  let home = "";
  let agent: RunningAgent;
  let token = "";
  let accountId = "";
  const api = async (method: string, p: string, body?: unknown) => {
    const res = await agent.app.request(`/local/v1${p}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** Which folders hold this Message-ID, asked as another client would. */
  const where = async (messageId: string) => {
    const c = await dv.client("maya");
    try {
      const found: string[] = [];
      for (const m of await c.list()) {
        if (m.flags.has("\\Noselect")) continue;
        const lock = await c.getMailboxLock(m.path, { readOnly: true });
        try {
          const uids = (await c.search({ header: { "message-id": messageId } }, { uid: true })) || [];
          for (const _ of uids) found.push(m.path);
        } finally {
          lock.release();
        }
      }
      return found;
    } finally {
      await c.logout();
    }
  };

  beforeAll(async () => {
    dv = await startDovecot({ users: { maya: PASSWORD } });
    const c = await dv.client("maya");
    await c.mailboxCreate("Projects");
    await c.mailboxCreate(["Clients", "Acme"]);
    await c.logout();
    home = await mkdtemp(path.join(os.tmpdir(), "scouts-imap-folders-"));
    const offline = await openOfflineAgent(home, { stage2: null });
    try {
      accountId = (
        await offline.accounts.addImap({
          host: "127.0.0.1",
          port: dv.port,
          user: "maya",
          password: PASSWORD,
          tls: "starttls",
          pinSha256: dv.certSha256,
        })
      ).id;
    } finally {
      offline.close();
    }
    agent = await startAgent(
      readAgentConfig({ SCOUTS_HOME: home, SCOUTS_AGENT_PORT: "0", SCOUTS_CLOUD_URL: "http://127.0.0.1:9" }),
      {
        logger: silentLogger,
        stage2: null,
        connect: false,
        mailWatch: { backoffMs: 100, maxBackoffMs: 400 },
      },
    );
    token = await agent.auth.issue("test");
  }, 60_000);
  afterAll(async () => {
    await agent?.stop();
    await dv?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("lists every folder with its special use, INBOX and special-use ones first", async () => {
    const res = await api("GET", `/mail-accounts/${accountId}/folders`);
    expect(res.status).toBe(200);
    const list = AccountFolderList.parse(res.body);
    expect(list.id).toBe(accountId);
    const byPath = new Map(list.folders.map((f) => [f.path, f]));
    expect(list.folders[0]).toMatchObject({ path: "INBOX", specialUse: "\\Inbox", selectable: true });
    for (const [p, use] of [
      ["Archive", "\\Archive"],
      ["Junk", "\\Junk"],
      ["Trash", "\\Trash"],
      ["Sent", "\\Sent"],
    ] as const)
      expect(byPath.get(p)).toMatchObject({ specialUse: use, selectable: true });
    expect(byPath.get("Projects")).toMatchObject({ name: "Projects", specialUse: null, selectable: true });
    const acme = list.folders.find((f) => f.name === "Acme");
    expect(acme?.path).toMatch(/^Clients.Acme$/);
    const ranks = list.folders.map((f) => (f.path === "INBOX" ? 0 : f.specialUse ? 1 : 2));
    expect(ranks).toEqual([...ranks].sort());
  }, 30_000);

  it("refuses a malformed id (400) and an unknown account (404) without logging in", async () => {
    expect((await api("GET", "/mail-accounts/..%2F..%2Fetc/folders")).status).toBe(400);
    expect((await api("GET", "/mail-accounts/imap-doesnotexist/folders")).status).toBe(404);
    const noToken = await agent.app.request(`/local/v1/mail-accounts/${accountId}/folders`);
    expect(noToken.status).toBe(401);
  });

  it("approving Move to a listed folder moves the message on the server; undo puts it back", async () => {
    const messageId = `<folders-move-${Date.now()}@example.org>`;
    const raw = [
      "From: Ana Souza <ana.souza@example.org>",
      "To: Maya Lindqvist <maya@example.net>",
      "Subject: budget for the Acme project",
      `Message-ID: ${messageId}`,
      "Date: Wed, 25 Nov 2026 10:00:00 +0000",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Could you check the numbers in the budget sheet before Tuesday?",
      "",
    ].join("\r\n");
    await dv.deliver("maya", "INBOX", raw);
    const id = imapSuggestionId(accountId, { messageId, folder: "", uidValidity: "", uid: 0 });
    const s: Suggestion = await until("the suggestion", () => agent.ctx.stores.suggestions.get(id));
    const folders = AccountFolderList.parse((await api("GET", `/mail-accounts/${accountId}/folders`)).body);
    const dest = folders.folders.find((f) => f.name === "Acme")!.path;

    const res = await api("POST", `/suggestions/${s.id}/decision`, {
      decision: "approve",
      action: { kind: "move", folder: dest },
    });
    expect(res.status).toBe(200);
    const outcome = res.body.outcome as { status: string; ledgerId: string; action: unknown };
    expect(outcome).toMatchObject({ status: "applied", action: { kind: "move", folder: dest } });
    expect(await where(messageId)).toEqual([dest]);

    const undone = await api("POST", `/ledger/${outcome.ledgerId}/undo`);
    expect(undone.body.undone).toEqual([outcome.ledgerId]);
    expect(await where(messageId)).toEqual(["INBOX"]);

    // A folder that is not on the server is refused and nothing moves.
    const bad = await api("POST", `/suggestions/${s.id}/decision`, {
      decision: "approve",
      action: { kind: "move", folder: "Nowhere" },
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(bad.body)).toContain("Nowhere");
    expect(await where(messageId)).toEqual(["INBOX"]);
  }, 60_000);

  it("a wrong password is an explained refusal, recorded on the account", async () => {
    dv.setPassword("maya", "changed");
    await dv.restart();
    try {
      const res = await api("GET", `/mail-accounts/${accountId}/folders`);
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ error: { details: { reason: "auth_failed" } } });
      const listed = await api("GET", "/mail-accounts");
      const acc = (listed.body.accounts as { id: string; lastError: string | null }[]).find(
        (a) => a.id === accountId,
      );
      expect(acc?.lastError).toBeTruthy();
    } finally {
      dv.setPassword("maya", PASSWORD);
      await dv.restart();
    }
  }, 60_000);
});
