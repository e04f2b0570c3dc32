import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { silentLogger } from "@scouts/core/ports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningAgent, startAgent } from "../../local-agent/agent.ts";
import { readAgentConfig } from "../../local-agent/config.ts";
import { startDovecot } from "../support/dovecot.ts";

type Dovecot = Awaited<ReturnType<typeof startDovecot>>;
const PASSWORD = "correct horse battery";

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The loopback API the PWA's "Add account" uses, against a real Dovecot and a running agent. */
describe("mail accounts over the agent's loopback API (real Dovecot)", () => {
  let dv: Dovecot;
  let home: string;
  let agent: RunningAgent;
  let token = "";
  const call = async (method: string, p: string, body?: unknown, auth = true) => {
    const res = await agent.app.request(`/local/v1/mail-accounts${p}`, {
      method,
      headers: { ...(auth ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/json" },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    // No answer ever carries the password back.
    expect(text).not.toContain(PASSWORD);
    // biome-ignore lint/suspicious/noExplicitAny: response bodies of several shapes, checked by the assertions
    return { status: res.status, body: JSON.parse(text) as Record<string, any> };
  };
  const settings = (over: Record<string, unknown> = {}) => ({
    host: "127.0.0.1",
    port: dv.port,
    user: "maya",
    password: PASSWORD,
    tls: "starttls",
    pinSha256: dv.certSha256,
    ...over,
  });

  beforeAll(async () => {
    dv = await startDovecot({ users: { maya: PASSWORD } });
    home = await mkdtemp(path.join(os.tmpdir(), "scouts-imap-api-"));
    agent = await startAgent(
      readAgentConfig({ SCOUTS_HOME: home, SCOUTS_AGENT_PORT: "0", SCOUTS_CLOUD_URL: "http://127.0.0.1:9" }),
      { logger: silentLogger, stage2: null, connect: false },
    );
    token = await agent.auth.issue("test");
  }, 60_000);
  afterAll(async () => {
    await agent?.stop();
    await dv?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("needs the local token", async () => {
    expect((await call("GET", "", undefined, false)).status).toBe(401);
    expect((await call("GET", "/find?email=maya%40fastmail.com", undefined, false)).status).toBe(401);
  });

  it("lists the presets with their notes", async () => {
    const { body } = await call("GET", "/presets");
    expect(body.presets.map((p: { name: string }) => p.name)).toEqual([
      "fastmail",
      "icloud",
      "proton-bridge",
      "outlook",
      "yahoo",
      "gmail",
    ]);
    expect(body.presets[0]).toMatchObject({ host: "imap.fastmail.com", port: 993, tls: "on" });
  });

  it("the connection test lists folders with their special use, and says what is wrong otherwise", async () => {
    const ok = await call("POST", "/probe", settings());
    expect(ok.status).toBe(200);
    expect(ok.body.folders).toEqual(
      expect.arrayContaining([
        { path: "INBOX", specialUse: "\\Inbox" },
        { path: "Archive", specialUse: "\\Archive" },
        { path: "Trash", specialUse: "\\Trash" },
      ]),
    );
    const wrong = await call("POST", "/probe", settings({ password: "nope" }));
    expect(wrong.status).toBe(502);
    expect(wrong.body.error.message).toContain("refused the user name or password for maya");
    const badPin = await call("POST", "/probe", settings({ pinSha256: "a".repeat(64) }));
    expect(badPin.status).toBe(502);
    expect(badPin.body.error.details.reason).toBe("certificate_changed");
    const invalid = await call("POST", "/probe", { host: "x y", port: "abc", tls: "maybe" });
    expect(invalid.status).toBe(400);
    for (const field of ["host", "port", "user", "password", "tls"])
      expect(invalid.body.error.message).toContain(`${field}:`);
  });

  it("adds an account with the folders chosen, watches it at once, tests and removes it", async () => {
    const missing = await call("POST", "", settings({ folders: ["INBOX", "Nope"] }));
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain("no folder Nope");

    const added = await call("POST", "", settings({ folders: ["INBOX", "Archive"], label: "Work" }));
    expect(added.status).toBe(201);
    const id = added.body.account.id as string;
    expect(added.body.account).toMatchObject({ label: "Work", folders: ["INBOX", "Archive"] });
    const watching = await until("the new account to be watched", async () => {
      const { body } = await call("GET", "");
      const a = body.accounts.find((x: { id: string }) => x.id === id);
      return a?.health?.state === "watching" ? a : null;
    });
    expect(watching.health).toMatchObject({ connected: true, lastError: null });

    const tested = await call("POST", `/${id}/test`);
    expect(tested.body).toEqual({
      folders: [
        { name: "INBOX", messages: 0 },
        { name: "Archive", messages: 0 },
      ],
    });
    expect((await call("DELETE", `/${id}`)).body).toEqual({ removed: id });
    expect((await call("GET", "")).body.accounts).toEqual([]);
    expect(agent.ctx.mailWatch?.health()).toEqual([]);
    expect((await call("DELETE", `/${id}`)).status).toBe(404);
    expect((await call("POST", `/${id}/test`)).status).toBe(404);
  }, 30_000);
});
