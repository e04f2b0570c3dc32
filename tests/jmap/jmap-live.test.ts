import { rm } from "node:fs/promises";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSuggestionId } from "../../local-agent/accounts/account-ingest.ts";
import { parseJmapRef } from "../../local-agent/accounts/jmap-sync.ts";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { startCyrus, until } from "../support/cyrus.ts";
import { callAgent, directMail, startAccountAgent } from "../support/mail-account-fixture.ts";

type Cyrus = Awaited<ReturnType<typeof startCyrus>>;

/**
 * A JMAP account watched by the running agent against a real Cyrus: new mail becomes a suggestion
 * without a manual sync, every action runs as `Email/set` on the server with an undo that puts the
 * message back, an outage is retried, a changed password stops retries with a notice.
 */
describe("JMAP accounts live in the agent (real Cyrus)", () => {
  let cy: Cyrus;
  let home: string;
  let agent: RunningAgent;
  let token = "";
  let accountId = "";
  const api = (method: string, p: string, body?: unknown) => callAgent(agent, token, method, p, body);
  /** Where the message is, seen by another client (its own JMAP session): mailbox role and keywords. */
  const where = async (s: Suggestion) => {
    const c = await cy.client("maya");
    const emailId = parseJmapRef(s.sourceMsgRef)!;
    const [boxes, got] = await c.call<Record<string, unknown>>([
      ["Mailbox/get", { properties: ["role"] }],
      ["Email/get", { ids: [emailId], properties: ["mailboxIds", "keywords"] }],
    ]);
    const role = new Map((boxes!.list as { id: string; role: string }[]).map((m) => [m.id, m.role]));
    const email = (got!.list as { mailboxIds: Record<string, true>; keywords: Record<string, true> }[])[0];
    if (!email) return null;
    return {
      folder: Object.keys(email.mailboxIds)
        .map((m) => role.get(m))
        .join(","),
      flags: Object.keys(email.keywords).sort(),
    };
  };
  const arrive = async (subject: string): Promise<{ s: Suggestion; messageId: string }> => {
    const m = directMail("jmap-live", subject);
    await cy.deliver("maya", m.raw);
    const id = accountSuggestionId("jmap", accountId, m.messageId.slice(1, -1), "");
    const s = await until(`the suggestion for ${subject}`, () => agent.ctx.stores.suggestions.get(id));
    expect(s.status).toBe("new");
    return { s, messageId: m.messageId };
  };
  const act = (id: string, action: string, extra: Record<string, unknown> = {}) =>
    api("POST", `/suggestions/${id}/actions`, { action, confirmed: true, ...extra });
  const health = () => agent.ctx.mailWatch?.health().find((a) => a.id === accountId);

  beforeAll(async () => {
    cy = await startCyrus({ users: { maya: "correct horse battery" } });
    ({ home, agent, accountId, token } = await startAccountAgent(
      "jmap-live",
      (accounts) => accounts.addJmap({ url: cy.jmapUrl, user: "maya", password: "correct horse battery" }),
      // Debian's Cyrus offers no push: the watcher polls Email/changes (fast here, 30 s by default).
      { backoffMs: 100, maxBackoffMs: 400, pollMs: 200 },
    ));
  }, 60_000);
  afterAll(async () => {
    await agent?.stop();
    await cy?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("new mail becomes a suggestion while the agent runs, and health says so", async () => {
    const { s } = await arrive("budget numbers");
    expect(s.source).toBe("jmap");
    expect(s.from).toBe("Ana Souza <ana.souza@example.org>");
    expect(health()).toMatchObject({ kind: "jmap", connected: true, lastError: null });
    expect(health()?.lastChangeAt).toBeTypeOf("number");
  }, 30_000);

  for (const [action, folder] of [
    ["archive", "archive"],
    ["trash", "trash"],
  ] as const) {
    it(`${action} moves the message with Email/set; undo puts it back in the inbox`, async () => {
      const { s } = await arrive(`${action} me`);
      expect((await where(s))?.folder).toBe("inbox");
      const res = await act(s.id, action);
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ status: "applied" });
      expect((await where(s))?.folder).toBe(folder);
      const entry = await agent.ctx.stores.ledger.get(String(res.body.ledgerId));
      expect(entry).toMatchObject({ status: "applied", action, reversible: true });
      expect(entry?.reversal).toMatchObject({
        jmap: { emailId: expect.any(String), from: [expect.any(String)] },
      });
      const undone = await api("POST", `/ledger/${res.body.ledgerId}/undo`);
      expect(undone.status, JSON.stringify(undone.body)).toBe(200);
      expect(undone.body.undone).toEqual([res.body.ledgerId]);
      expect((await where(s))?.folder).toBe("inbox");
      expect((await agent.ctx.stores.suggestions.get(s.id))?.status).toBe("new");
      // The watcher's next passes see the message come back and do not make it a second suggestion.
      await new Promise((r) => setTimeout(r, 600));
      expect(
        (await agent.ctx.stores.suggestions.all()).filter((x) => x.subject === `${action} me`),
      ).toHaveLength(1);
    }, 30_000);
  }

  it("mark read sets $seen and undo clears it; a flag label sets $flagged and undo clears it", async () => {
    const { s } = await arrive("flags");
    const readRes = await act(s.id, "mark_read");
    expect(readRes.body).toMatchObject({ status: "applied" });
    const read = { id: String(readRes.body.ledgerId) };
    expect((await where(s))?.flags).toEqual(["$seen"]);
    const flagged = await act(s.id, "label", { label: "flagged" });
    expect(flagged.body).toMatchObject({ status: "applied" });
    expect((await where(s))?.flags).toEqual(["$flagged", "$seen"]);
    expect((await api("POST", `/ledger/${read.id}/undo`)).body.undone).toEqual([read.id]);
    expect((await where(s))?.flags).toEqual(["$flagged"]);
    expect((await api("POST", `/ledger/${flagged.body.ledgerId}/undo`)).body.undone).toEqual([
      flagged.body.ledgerId,
    ]);
    expect((await where(s))?.flags).toEqual([]);
  }, 30_000);

  it("refuses what is not a JMAP keyword or action, recording the failure and changing nothing", async () => {
    const { s } = await arrive("refusals");
    const bad = await act(s.id, "label", { label: "two words" });
    expect(bad.body).toMatchObject({ status: "refused" });
    expect(String(bad.body.message)).toContain("not a valid JMAP keyword");
    const block = await act(s.id, "block");
    expect(String(block.body.message)).toContain("not available for JMAP");
    expect(await where(s)).toMatchObject({ folder: "inbox", flags: [] });
  }, 30_000);

  it("a message another client moved out of the inbox archives its suggestion (left-inbox)", async () => {
    const { s } = await arrive("handled elsewhere");
    const c = await cy.client("maya");
    const [boxes] = await c.call<{ list: { id: string; role: string }[] }>([
      ["Mailbox/get", { properties: ["role"] }],
    ]);
    const archive = boxes!.list.find((m) => m.role === "archive")!.id;
    await c.call([
      ["Email/set", { update: { [parseJmapRef(s.sourceMsgRef)!]: { mailboxIds: { [archive]: true } } } }],
    ]);
    const after = await until("left-inbox", async () => {
      const x = await agent.ctx.stores.suggestions.get(s.id);
      return x?.status === "archived" ? x : null;
    });
    expect(after.labels).toContain("left-inbox");
  }, 30_000);

  it("unsubscribe from a JMAP account's list mail hands back the mailto and sends nothing", async () => {
    // One-click (RFC 8058) needs the receiving server's DKIM verdict: for a JMAP account none is trusted.
    const messageId = `<jmap-list-${Date.now()}@example.org>`;
    await cy.deliver(
      "maya",
      [
        "From: Reading Group <news@lists.example.org>",
        "Subject: reading group notes",
        `Message-ID: ${messageId}`,
        "List-Unsubscribe: <https://lists.example.org/u/1>, <mailto:leave@lists.example.org>",
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
        "DKIM-Signature: v=1; a=rsa-sha256; d=lists.example.org; s=k; h=from:list-unsubscribe:list-unsubscribe-post; b=abc",
        "Authentication-Results: mx.example.net; dkim=pass header.d=lists.example.org header.b=abc",
        "",
        "Could you bring the book list to Thursday's meeting?",
        "",
      ].join("\r\n"),
    );
    const id = accountSuggestionId("jmap", accountId, messageId.slice(1, -1), "");
    const s = await until("the list mail", () => agent.ctx.stores.suggestions.get(id));
    const plan = await api("GET", `/suggestions/${s.id}/unsubscribe`);
    expect(plan.body).toMatchObject({
      method: "mailto",
      url: null,
      mailto: "mailto:leave@lists.example.org",
    });
    const res = await api("POST", `/suggestions/${s.id}/unsubscribe`, { confirmed: true });
    expect(res.body).toMatchObject({ done: false, ledgerId: null, httpStatus: null });
    expect(await agent.ctx.stores.ledger.forSuggestion(s.id)).toEqual([]);
    expect(await where(s)).toMatchObject({ folder: "inbox", flags: [] });
  }, 30_000);

  it("an action on a message another client deleted fails with why and leaves no ghost", async () => {
    const { s } = await arrive("deleted on the phone");
    // Paused (no polling): the agent has not seen the deletion when the action comes.
    expect((await api("POST", `/mail-accounts/${accountId}/pause`)).status).toBe(200);
    try {
      const c = await cy.client("maya");
      await c.call([["Email/set", { destroy: [parseJmapRef(s.sourceMsgRef)!] }]]);
      const res = await act(s.id, "archive");
      expect(res.body).toMatchObject({ status: "refused" });
      expect(String(res.body.message)).toContain("the message is no longer on the server");
      expect(await agent.ctx.stores.ledger.get(String(res.body.ledgerId))).toMatchObject({
        status: "failed",
      });
      expect(await agent.ctx.stores.suggestions.get(s.id)).toMatchObject({
        status: "archived",
        labels: expect.arrayContaining(["left-inbox"]),
      });
    } finally {
      expect((await api("POST", `/mail-accounts/${accountId}/resume`)).status).toBe(200);
    }
  }, 30_000);

  it("an outage is retried with backoff and mail delivered after it still arrives", async () => {
    await cy.down();
    await until("the account to notice the outage", async () => health()?.state === "retrying");
    expect(health()?.connected).toBe(false);
    expect(health()?.lastError).toContain("cannot reach");
    await cy.up();
    const { s } = await arrive("after the outage");
    expect(s.status).toBe("new");
    expect(health()).toMatchObject({ connected: true, lastError: null });
  }, 60_000);

  it("a changed password becomes a needs_reauth notice and the account stops retrying", async () => {
    cy.setPassword("maya", "rotated");
    // Sessions are per request in JMAP: the next poll is refused at once.
    await until("needs_login", async () => health()?.state === "needs_login");
    expect(health()?.lastError).toContain("refused the user name or password for maya");
    const notices = await agent.ctx.stores.notices.active();
    expect(notices.find((n) => n.scoutId === `jmap:${accountId}`)).toMatchObject({
      kind: "needs_reauth",
      provider: "jmap",
    });
  }, 30_000);
});
