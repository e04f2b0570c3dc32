import { describe, expect, it } from "vitest";
import { toFetch } from "../../../tests/fakes/handler.ts";
import { createFakeSlack } from "../../../tests/fakes/slack.ts";
import { createSlackConnector } from "./connector.ts";
import { slackEventToRefs } from "./slack-events.ts";

function harness() {
  let now = 1_800_000_000_000;
  const sleeps: number[] = [];
  const slack = createFakeSlack({ clock: { now: () => now } });
  slack.addChannel({ id: "C0GENERAL", name: "general" });
  slack.addChannel({ id: "D0DIRECT", name: "", kind: "im" });
  const connector = createSlackConnector({
    fetch: toFetch(slack.handler),
    botToken: slack.botToken,
    apiBase: "https://slack.test/api",
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    clock: { now: () => now },
  });
  return { slack, connector, sleeps, tick: (ms: number) => (now += ms) };
}

describe("Slack connector", () => {
  it("fetches a channel message by {channel}:{ts} and its metadata", async () => {
    const h = harness();
    const ts = h.slack.addMessage("C0GENERAL", { user: "U0ADA", text: "Can you  review\nthe deck?" });
    h.tick(5000);
    h.slack.addMessage("C0GENERAL", { user: "U0BOB", text: "later message" });
    const ref = { source: "slack" as const, id: `C0GENERAL:${ts}` };
    expect(await h.connector.fetchContent(ref)).toEqual({
      kind: "chat",
      ref,
      text: "Can you  review\nthe deck?",
      user: "U0ADA",
      channel: "C0GENERAL",
      channelType: "channel",
      ts,
      date: Math.round(Number(ts) * 1000),
      metadata: {
        ref,
        from: "U0ADA",
        subject: "#general",
        snippet: "Can you review the deck?",
        date: expect.any(Number),
      },
    });
    const [meta] = await h.connector.fetchMetadata([
      ref,
      { source: "slack", id: "C0GENERAL:1700000000.000001" },
    ]);
    expect(meta).toMatchObject({ from: "U0ADA", subject: "#general", snippet: "Can you review the deck?" });
  });

  it("fetches thread replies through conversations.replies", async () => {
    const h = harness();
    const parent = h.slack.addMessage("C0GENERAL", { user: "U0ADA", text: "parent" });
    const reply = h.slack.addMessage("C0GENERAL", { user: "U0BOB", text: "reply", thread_ts: parent });
    const content = await h.connector.fetchContent({
      source: "slack",
      id: `C0GENERAL:${reply}`,
      threadId: parent,
    });
    expect(content).toMatchObject({ text: "reply", user: "U0BOB" });
  });

  it("maps Slack errors: missing message, revoked token, bad refs", async () => {
    const h = harness();
    await expect(
      h.connector.fetchContent({ source: "slack", id: "C0NOPE:1700000000.000001" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(h.connector.fetchContent({ source: "slack", id: "C0GENERAL" })).rejects.toMatchObject({
      code: "bad_input",
    });
    await expect(h.connector.fetchContent({ source: "gmail", id: "abc" })).rejects.toMatchObject({
      code: "bad_input",
    });
    h.slack.revokeAll();
    await expect(
      h.connector.fetchContent({ source: "slack", id: "C0GENERAL:1700000000.000001" }),
    ).rejects.toMatchObject({ code: "needs_reauth" });
  });

  it("retries Slack rate limits (honouring Retry-After) and 5xx", async () => {
    const h = harness();
    const ts = h.slack.addMessage("C0GENERAL", { user: "U0ADA", text: "retry me" });
    h.slack.failNext(1, "429");
    h.slack.failNext(1, "500");
    const content = await h.connector.fetchContent({ source: "slack", id: `C0GENERAL:${ts}` });
    expect(content).toMatchObject({ text: "retry me" });
    expect(h.sleeps[0]).toBe(3000);
    expect(h.sleeps).toHaveLength(2);
  });

  it("says clearly that Slack items cannot be archived or trashed; watch and list are no-ops", async () => {
    const h = harness();
    const ref = { source: "slack" as const, id: "C0GENERAL:1700000000.000001" };
    await expect(h.connector.archive(ref)).rejects.toMatchObject({ code: "disabled" });
    await expect(h.connector.trash(ref)).rejects.toMatchObject({ code: "disabled" });
    expect((await h.connector.listNew({ cursor: null })).refs).toEqual([]);
    expect((await h.connector.setupWatch()).cursor).toBe("events");
  });
});

describe("slackEventToRefs", () => {
  const h = harness();
  const ts = h.slack.addMessage("C0GENERAL", { user: "U0ADA", text: "hi" });
  const event = h.slack.eventCallback("C0GENERAL", ts);

  it("turns a person's channel message into a ref", () => {
    expect(slackEventToRefs(event)).toEqual([{ source: "slack", id: `C0GENERAL:${ts}` }]);
    const threaded = { ...event, event: { ...event.event, thread_ts: "1700000000.000001" } };
    expect(slackEventToRefs(threaded)).toEqual([
      { source: "slack", id: `C0GENERAL:${ts}`, threadId: "1700000000.000001" },
    ]);
  });

  it.each([
    ["a bot message", { bot_id: "B1", subtype: "bot_message" }],
    ["our own bot user", { user: "UBOT" }],
    ["an edit", { subtype: "message_changed" }],
    ["a delete", { subtype: "message_deleted" }],
    ["a join", { subtype: "channel_join" }],
    ["a hidden event", { hidden: true }],
    ["a bad channel id", { channel: "../etc" }],
    ["a bad ts", { ts: "123" }],
    ["a reaction", { type: "reaction_added" }],
  ])("ignores %s", (_, over) => {
    expect(slackEventToRefs({ ...event, event: { ...event.event, ...over } })).toEqual([]);
  });

  it("ignores non-callbacks and garbage", () => {
    expect(slackEventToRefs({ type: "url_verification", challenge: "x" })).toEqual([]);
    expect(slackEventToRefs(null)).toEqual([]);
    expect(slackEventToRefs("text")).toEqual([]);
  });
});
