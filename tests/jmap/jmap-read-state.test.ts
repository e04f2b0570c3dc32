import { rm } from "node:fs/promises";
import { rankSenders } from "@scouts/core/assistant/cleanup";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSuggestionId } from "../../local-agent/accounts/account-ingest.ts";
import { parseJmapRef } from "../../local-agent/accounts/jmap-sync.ts";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { startCyrus, until } from "../support/cyrus.ts";
import { directMail, startAccountAgent } from "../support/mail-account-fixture.ts";

type Cyrus = Awaited<ReturnType<typeof startCyrus>>;

/**
 * The clean-up read rate counts mail read in any mail app: `$seen` set on a real Cyrus by another
 * JMAP client reaches the device through `Email/changes` and counts as opened.
 */
describe("JMAP read state feeds the clean-up read rate (real Cyrus)", () => {
  let cy: Cyrus;
  let home: string;
  let agent: RunningAgent;
  let accountId = "";

  beforeAll(async () => {
    cy = await startCyrus({ users: { maya: "correct horse battery" } });
    ({ home, agent, accountId } = await startAccountAgent(
      "jmap-read-state",
      (accounts) => accounts.addJmap({ url: cy.jmapUrl, user: "maya", password: "correct horse battery" }),
      { backoffMs: 100, maxBackoffMs: 400, pollMs: 200 },
    ));
  }, 60_000);
  afterAll(async () => {
    await agent?.stop();
    await cy?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("$seen set in another client counts as opened; cleared, it is unread again", async () => {
    const m = directMail("jmap-read-state", "daily digest");
    await cy.deliver("maya", m.raw);
    const id = accountSuggestionId("jmap", accountId, m.messageId.slice(1, -1), "");
    const s = await until("the suggestion", () => agent.ctx.stores.suggestions.get(id));
    expect(s.unread).toBe(true);
    const rate = async () =>
      rankSenders({
        input: { suggestions: await agent.ctx.stores.suggestions.all(), now: Date.now(), days: 7 },
      }).find((v) => v.address === "ana.souza@example.org");
    expect(await rate()).toMatchObject({ count: 1, opened: 0 });

    const setSeen = async (seen: boolean) => {
      const c = await cy.client("maya");
      await c.call([
        ["Email/set", { update: { [parseJmapRef(s.sourceMsgRef)!]: { "keywords/$seen": seen || null } } }],
      ]);
    };
    await setSeen(true);
    await until(
      "$seen on the device",
      async () => (await agent.ctx.stores.suggestions.get(id))?.unread === false,
    );
    expect(await rate()).toMatchObject({ count: 1, opened: 1, readRate: 1 });
    await setSeen(false);
    await until(
      "$seen cleared on the device",
      async () => (await agent.ctx.stores.suggestions.get(id))?.unread === true,
    );
    expect(await rate()).toMatchObject({ count: 1, opened: 0, readRate: 0 });
  }, 60_000);
});
