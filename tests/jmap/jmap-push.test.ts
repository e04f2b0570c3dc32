import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { silentLogger } from "@scouts/core/ports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSuggestionId } from "../../local-agent/accounts/account-ingest.ts";
import { openOfflineAgent } from "../../local-agent/accounts/accounts.ts";
import { type RunningAgent, startAgent } from "../../local-agent/agent.ts";
import { readAgentConfig } from "../../local-agent/config.ts";
import { startCyrus, until } from "../support/cyrus.ts";
import { pushFront } from "../support/jmap-push-front.ts";

type Cyrus = Awaited<ReturnType<typeof startCyrus>>;

/**
 * Push over a real Cyrus (behind a front that adds the RFC 8620 §7.3 stream Debian's build lacks):
 * a state event, a dropped stream, Cyrus restarting, the kill switch, and a password changed.
 */
describe("JMAP push over EventSource (real Cyrus behind an RFC 8620 §7.3 stream)", () => {
  let cy: Cyrus;
  let front: Awaited<ReturnType<typeof pushFront>>;
  let home: string;
  let agent: RunningAgent;
  let accountId = "";
  let n = 0;
  const arrive = async (subject: string, ms: number) => {
    const messageId = `jmap-push-${++n}-${Date.now()}@example.org`;
    await cy.deliver(
      "maya",
      `From: Ana Souza <ana.souza@example.org>\r\nSubject: ${subject}\r\nMessage-ID: <${messageId}>\r\n\r\nCould you check the numbers in the budget sheet before Tuesday?\r\n`,
    );
    const id = accountSuggestionId("jmap", accountId, messageId, "");
    return until(`the suggestion for ${subject}`, () => agent.ctx.stores.suggestions.get(id), ms);
  };
  const health = () => agent.ctx.mailWatch?.health().find((a) => a.id === accountId);

  beforeAll(async () => {
    cy = await startCyrus({ users: { maya: "correct horse battery" } });
    front = await pushFront(cy);
    home = await mkdtemp(path.join(os.tmpdir(), "scouts-jmap-push-"));
    const offline = await openOfflineAgent(home, { stage2: null });
    try {
      accountId = (
        await offline.accounts.addJmap({ url: front.url, user: "maya", password: "correct horse battery" })
      ).id;
    } finally {
      offline.close();
    }
    agent = await startAgent(
      readAgentConfig({ SCOUTS_HOME: home, SCOUTS_AGENT_PORT: "0", SCOUTS_CLOUD_URL: "http://127.0.0.1:9" }),
      // Polling every 10 minutes: within these tests only a push can explain an arrival.
      {
        logger: silentLogger,
        stage2: null,
        connect: false,
        mailWatch: { backoffMs: 100, maxBackoffMs: 400, pollMs: 600_000, checkEveryMs: 600_000 },
      },
    );
  }, 60_000);
  afterAll(async () => {
    await agent?.stop();
    await front?.close();
    await cy?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("a state event makes the new mail a suggestion at once, with no polling", async () => {
    await until("the push stream", async () => front.streams() === 1 && health()?.state === "watching");
    const s = await arrive("pushed", 5_000);
    expect(s.source).toBe("jmap");
  }, 30_000);

  it("a dropped push stream reconnects (backoff) and the next mail is still pushed", async () => {
    front.drop();
    await until(
      "the stream to come back",
      async () => front.streams() === 1 && health()?.state === "watching",
    );
    const s = await arrive("after the drop", 5_000);
    expect(s.status).toBe("new");
  }, 30_000);

  it("Cyrus restarting under the push stream: it reconnects (backoff) and the next mail is pushed once", async () => {
    await until("the push stream", async () => front.streams() === 1 && health()?.state === "watching");
    const opened = front.opened();
    const before = (await agent.ctx.stores.suggestions.all()).length;
    await cy.restart();
    await until(
      "a new stream after the restart",
      async () => front.opened() > opened && front.streams() === 1 && health()?.state === "watching",
      20_000,
    );
    const s = await arrive("after the restart", 5_000);
    expect(s.status).toBe("new");
    expect(health()).toMatchObject({ connected: true, lastError: null });
    expect((await agent.ctx.stores.suggestions.all()).length).toBe(before + 1);
  }, 40_000);

  it("the kill switch closes the push stream and reads nothing; off again, the mail arrives once", async () => {
    const token = await agent.auth.issue("test");
    const control = (command: string) =>
      agent.app.request("/local/v1/control", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ command }),
      });
    await until("the push stream", async () => front.streams() === 1 && health()?.state === "watching");
    expect((await control("kill")).status).toBe(200);
    await until("the stream to close", async () => front.streams() === 0 && health() === undefined);
    const messageId = `jmap-killed-${Date.now()}@example.org`;
    await cy.deliver(
      "maya",
      `From: Ana Souza <ana.souza@example.org>\r\nSubject: while killed\r\nMessage-ID: <${messageId}>\r\n\r\nCould you look at the invoice before Friday?\r\n`,
    );
    const id = accountSuggestionId("jmap", accountId, messageId, "");
    await new Promise((r) => setTimeout(r, 1500));
    expect(await agent.ctx.stores.suggestions.get(id)).toBeNull();
    expect(front.streams()).toBe(0);
    const before = (await agent.ctx.stores.suggestions.counts()).new;

    expect((await control("resume")).status).toBe(200);
    await until("the mail read after resume", () => agent.ctx.stores.suggestions.get(id), 10_000);
    await until("the push stream again", async () => front.streams() === 1 && health()?.state === "watching");
    expect((await agent.ctx.stores.suggestions.counts()).new).toBe(before + 1);
  }, 40_000);

  it("a password changed under the push stream: the reconnect is refused, a notice, and no retries", async () => {
    await until("the push stream", async () => front.streams() === 1 && health()?.state === "watching");
    cy.setPassword("maya", "rotated");
    // The open stream outlives the change, as on a real server; the agent meets it on reconnecting.
    front.drop();
    await until("needs_login", async () => health()?.state === "needs_login", 20_000);
    expect(health()?.lastError).toContain("refused the user name or password for maya");
    const notices = await agent.ctx.stores.notices.active();
    expect(notices.find((n) => n.scoutId === `jmap:${accountId}`)).toMatchObject({
      kind: "needs_reauth",
      provider: "jmap",
    });
    const requests = front.requests();
    // Many backoff periods later (100 ms base, 400 ms cap): not one more request.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(front.requests()).toBe(requests);
    expect(front.streams()).toBe(0);
  }, 40_000);
});
