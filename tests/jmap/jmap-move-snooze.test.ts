import { rm } from "node:fs/promises";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSuggestionId } from "../../local-agent/accounts/account-ingest.ts";
import { parseJmapRef } from "../../local-agent/accounts/jmap-sync.ts";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { wakeSnoozes } from "../../local-agent/services/snooze.ts";
import { startCyrus, until } from "../support/cyrus.ts";
import { callAgent, directMail, startAccountAgent } from "../support/mail-account-fixture.ts";

type Cyrus = Awaited<ReturnType<typeof startCyrus>>;
const HOUR = 3_600_000;

/** Move to a named mailbox and snooze (a Snoozed mailbox, a wake-up back to the inbox) on a real Cyrus. */
describe("JMAP move and snooze, and their undo (real Cyrus)", () => {
  let cy: Cyrus;
  let home: string;
  let agent: RunningAgent;
  let token = "";
  let accountId = "";
  let offset = 0;
  const api = (method: string, p: string, body?: unknown) => callAgent(agent, token, method, p, body);
  /** The names of the mailboxes the message is in, seen by another client. */
  const where = async (s: Suggestion) => {
    const c = await cy.client("maya");
    const [boxes, got] = await c.call<Record<string, unknown>>([
      ["Mailbox/get", { properties: ["name", "role"] }],
      ["Email/get", { ids: [parseJmapRef(s.sourceMsgRef)!], properties: ["mailboxIds"] }],
    ]);
    const list = boxes!.list as { id: string; name: string; role: string | null }[];
    const name = new Map(list.map((m) => [m.id, m.role === "inbox" ? "INBOX" : m.name]));
    const email = (got!.list as { mailboxIds: Record<string, true> }[])[0];
    return email ? Object.keys(email.mailboxIds).map((m) => name.get(m)) : null;
  };
  const arrive = async (subject: string) => {
    const m = directMail("jmap-move", subject);
    await cy.deliver("maya", m.raw);
    const id = accountSuggestionId("jmap", accountId, m.messageId.slice(1, -1), "");
    const s = await until(`the suggestion for ${subject}`, () => agent.ctx.stores.suggestions.get(id));
    expect(s.status).toBe("new");
    return s;
  };
  const act = (id: string, action: string, extra: Record<string, unknown> = {}) =>
    api("POST", `/suggestions/${id}/actions`, { action, confirmed: true, ...extra });

  beforeAll(async () => {
    cy = await startCyrus({ users: { maya: "correct horse battery" } });
    const c = await cy.client("maya");
    const [made] = await c.call<Record<string, unknown>>([
      ["Mailbox/set", { create: { p: { name: "Projects", parentId: null } } }],
    ]);
    expect(made?.created).toBeTruthy();
    ({ home, agent, token, accountId } = await startAccountAgent(
      "jmap-move",
      (accounts) => accounts.addJmap({ url: cy.jmapUrl, user: "maya", password: "correct horse battery" }),
      { backoffMs: 100, maxBackoffMs: 400, pollMs: 200 },
      { now: () => Date.now() + offset },
    ));
  }, 90_000);
  afterAll(async () => {
    await agent?.stop();
    await cy?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("moves to a named mailbox and undo puts it back; an unknown mailbox is refused", async () => {
    const s = await arrive("move me");
    const res = await act(s.id, "move", { folder: "Projects" });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ status: "applied" });
    expect(await where(s)).toEqual(["Projects"]);
    const undone = await api("POST", `/ledger/${res.body.ledgerId}/undo`);
    expect(undone.body.undone).toEqual([res.body.ledgerId]);
    expect(await where(s)).toEqual(["INBOX"]);
    const missing = await act(s.id, "move", { folder: "Nowhere" });
    expect(missing.body).toMatchObject({ status: "refused" });
    expect(String(missing.body.message)).toContain('no mailbox "Nowhere"');
    expect(await where(s)).toEqual(["INBOX"]);
  }, 60_000);

  it("snooze parks it in a Snoozed mailbox (created); at its time it is back in the inbox as a suggestion", async () => {
    const s = await arrive("snooze me");
    const res = await act(s.id, "snooze", { until: Date.now() + HOUR });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ status: "applied" });
    expect(await where(s)).toEqual(["Snoozed"]);
    expect((await agent.ctx.stores.suggestions.get(s.id))?.status).toBe("snoozed");
    expect(await wakeSnoozes(agent.ctx)).toEqual([]);
    offset = 2 * HOUR;
    expect((await wakeSnoozes(agent.ctx)).map((x) => x.id)).toEqual([s.id]);
    expect(await where(s)).toEqual(["INBOX"]);
    expect((await agent.ctx.stores.suggestions.get(s.id))?.status).toBe("new");
    const wake = (await agent.ctx.stores.ledger.forSuggestion(s.id)).find((e) => e.action === "unsnooze");
    expect(wake).toMatchObject({ status: "applied", reversal: { jmap: { emailId: expect.any(String) } } });
    await new Promise((r) => setTimeout(r, 600));
    expect((await agent.ctx.stores.suggestions.all()).filter((x) => x.subject === "snooze me")).toHaveLength(
      1,
    );
    offset = 0;
  }, 60_000);

  it("undoing a snooze before its time puts it back in the inbox, and it never wakes", async () => {
    const s = await arrive("snooze then undo");
    const res = await act(s.id, "snooze", { until: Date.now() + HOUR });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ status: "applied" });
    expect(await where(s)).toEqual(["Snoozed"]);
    const undone = await api("POST", `/ledger/${res.body.ledgerId}/undo`);
    expect(undone.body.undone).toEqual([res.body.ledgerId]);
    expect(await where(s)).toEqual(["INBOX"]);
    expect(await agent.ctx.stores.suggestions.get(s.id)).toMatchObject({ status: "new", snoozedUntil: null });
    offset = 2 * HOUR;
    expect(await wakeSnoozes(agent.ctx)).toEqual([]);
    offset = 0;
  }, 60_000);
});
