import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { silentLogger } from "@scouts/core/ports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningAgent, startAgent } from "../../local-agent/agent.ts";
import { readAgentConfig } from "../../local-agent/config.ts";
import { startCyrus, until } from "../support/cyrus.ts";

type Cyrus = Awaited<ReturnType<typeof startCyrus>>;
const PASSWORD = "correct horse battery";

/** "Add account" for JMAP over the agent's loopback API, against a real Cyrus and a running agent. */
describe("JMAP accounts over the agent's loopback API (real Cyrus)", () => {
  let cy: Cyrus;
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
    expect(text).not.toContain(PASSWORD);
    // biome-ignore lint/suspicious/noExplicitAny: response bodies of several shapes, checked by the assertions
    return { status: res.status, body: JSON.parse(text) as Record<string, any> };
  };

  beforeAll(async () => {
    cy = await startCyrus({ users: { maya: PASSWORD } });
    home = await mkdtemp(path.join(os.tmpdir(), "scouts-jmap-api-"));
    agent = await startAgent(
      readAgentConfig({ SCOUTS_HOME: home, SCOUTS_AGENT_PORT: "0", SCOUTS_CLOUD_URL: "http://127.0.0.1:9" }),
      { logger: silentLogger, stage2: null, connect: false, mailWatch: { pollMs: 200 } },
    );
    token = await agent.auth.issue("test");
  }, 60_000);
  afterAll(async () => {
    await agent?.stop();
    await cy?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("needs the agent's token", async () => {
    expect(
      (await call("POST", "/jmap/probe", { url: cy.jmapUrl, user: "maya", password: PASSWORD }, false))
        .status,
    ).toBe(401);
  });

  it("names each wrong field, and a wrong password is the server's refusal (nothing saved)", async () => {
    const bad = await call("POST", "/jmap", { url: "", user: "maya" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("url");
    expect(bad.body.error.message).toContain("password");
    const wrong = await call("POST", "/jmap/probe", { url: cy.jmapUrl, user: "maya", password: "nope" });
    expect(wrong.status).toBe(502);
    expect(wrong.body.error.message).toContain("refused the user name or password");
    expect((await call("GET", "")).body.accounts).toEqual([]);
  });

  it("probes (mailboxes with roles), adds, watches at once, and reports health", async () => {
    const probe = await call("POST", "/jmap/probe", { url: cy.jmapUrl, user: "maya", password: PASSWORD });
    expect(probe.status, JSON.stringify(probe.body)).toBe(200);
    expect(probe.body.folders).toContainEqual({ path: "INBOX", specialUse: "\\Inbox" });
    expect(probe.body.folders).toContainEqual({ path: "Archive", specialUse: "\\Archive" });
    const add = await call("POST", "/jmap", {
      url: cy.jmapUrl,
      user: "maya",
      password: PASSWORD,
      label: "Cyrus",
    });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(add.body.account).toMatchObject({
      kind: "jmap",
      label: "Cyrus",
      server: cy.jmapUrl,
      folders: ["INBOX"],
    });
    const listed = await until("the account watched", async () => {
      const a = (await call("GET", "")).body.accounts[0];
      return a?.health?.state === "watching" ? a : null;
    });
    expect(listed.health).toMatchObject({ kind: "jmap", connected: true, lastError: null });
  }, 30_000);
});
