import { describe, expect, it } from "vitest";
import { createFakeGmail, rfc822 } from "../../tests/fakes/gmail/index.ts";
import { toFetch } from "../../tests/fakes/handler.ts";
import { createFakeSlack } from "../../tests/fakes/slack.ts";
import { createGmailConnector } from "../connectors/gmail/connector.ts";
import { unlimited } from "../connectors/http/token-bucket.ts";
import { createSlackConnector } from "../connectors/slack/connector.ts";
import { scanSourceOf, scanWorkspaces } from "./scan.ts";

const clock = { now: () => 1_000 };
const sleep = async () => {};

describe("onboarding scan sources", () => {
  it("lists Slack conversations as candidates: names and counts, never members", async () => {
    const slack = createFakeSlack();
    slack.addChannel({ id: "C0GENERAL", name: "general", members: ["U1", "U2", "U3"] });
    slack.addChannel({ id: "C0OLD", name: "old", archived: true });
    slack.addChannel({ id: "G0MPIM", name: "mpdm-ada--bob-1", kind: "mpim" });
    slack.addChannel({ id: "D0DM", name: "", kind: "im", members: ["U0ADA"] });
    for (let i = 0; i < 5; i++) slack.addChannel({ id: `C0MORE${i}`, name: `more-${i}` });
    const connector = createSlackConnector({
      fetch: toFetch(slack.handler),
      botToken: slack.botToken,
      apiBase: "https://slack.test/api",
      sleep,
    });
    const { items, expiresAt } = await scanWorkspaces({
      ctx: { source: scanSourceOf(connector), clock },
      input: { limit: 50 },
    });
    expect(expiresAt).toBe(1_000 + 15 * 60_000);
    expect(items).toHaveLength(9);
    expect(items.slice(0, 4)).toEqual([
      {
        workspaceKey: "slack://channel/C0GENERAL",
        kind: "channel",
        displayName: "#general",
        metadata: { archived: false, memberCount: 3 },
      },
      {
        workspaceKey: "slack://channel/C0OLD",
        kind: "channel",
        displayName: "#old",
        metadata: { archived: true, memberCount: 2 },
      },
      {
        workspaceKey: "slack://group/G0MPIM",
        kind: "group",
        displayName: "mpdm-ada--bob-1",
        metadata: { archived: false, memberCount: 2 },
      },
      { workspaceKey: "slack://im/D0DM", kind: "dm", metadata: {} },
    ]);
    expect(JSON.stringify(items)).not.toMatch(/"U1"|"U2"/);
  });

  it("lists Gmail mailing lists from recent List-Id headers", async () => {
    const gmail = createFakeGmail();
    const token = gmail.addAccount("p@example.com");
    const add = (headers: Record<string, string>) =>
      gmail.addMessage("p@example.com", {
        raw: rfc822({ from: "x@y.test", subject: "CANARY subject", body: "CANARY", headers }),
      });
    add({ "List-Id": "Dev list <dev.example.org>" });
    add({ "List-Id": "Dev list <dev.example.org>" });
    add({ "List-Id": "<ops.example.com>" });
    add({});
    const connector = createGmailConnector({
      fetch: toFetch(gmail.handler),
      getAccessToken: async () => token,
      apiBase: "https://gmail.test",
      rateLimiter: unlimited,
      sleep,
      clock,
    });
    const { items } = await scanWorkspaces({ ctx: { source: scanSourceOf(connector), clock }, input: {} });
    expect(items.map((i) => i.workspaceKey).sort()).toEqual([
      "gmail://list/dev.example.org",
      "gmail://list/ops.example.com",
    ]);
    expect(JSON.stringify(items)).not.toContain("CANARY");
  });

  it("refuses sources without a scan", () => {
    expect(() => scanSourceOf({ source: "demo" })).toThrow(/no workspaces to scan/);
  });
});
