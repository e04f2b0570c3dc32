import { rm } from "node:fs/promises";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { accountSuggestionId } from "../../local-agent/accounts/account-ingest.ts";
import { parseJmapRef } from "../../local-agent/accounts/jmap-sync.ts";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { startCyrus, until } from "../support/cyrus.ts";
import { callAgent, directMail, startAccountAgent } from "../support/mail-account-fixture.ts";
import { moveSnoozeScenario } from "../support/move-snooze-scenario.ts";

type Cyrus = Awaited<ReturnType<typeof startCyrus>>;

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

  moveSnoozeScenario({
    agent: () => agent,
    api,
    arrive: async (subject) => ({ s: await arrive(subject), key: "" }),
    folders: (s) => where(s),
    setOffset: (ms) => {
      offset = ms;
    },
    makeDue: async (ms) => {
      offset = ms;
    },
    missingFolder: 'no mailbox "Nowhere"',
    wakeReversal: { jmap: { emailId: expect.any(String) } },
  });
});
