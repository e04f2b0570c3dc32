import { describe, expect, it } from "vitest";
import { extractEmailWorkspaces, headersOfRawEmail } from "./gmail.ts";
import { extractSlackWorkspaces } from "./slack.ts";

// Shapes copied from Slack's Events API documentation examples.
const messageEvent = (event: Record<string, unknown>, outer: Record<string, unknown> = {}) => ({
  token: "XXYYZZ",
  team_id: "T123ABC456",
  api_app_id: "A123ABC456",
  event: {
    type: "message",
    channel: "C123ABC456",
    user: "U123ABC456",
    text: "Hello world",
    ts: "1355517523.000005",
    event_ts: "1355517523.000005",
    channel_type: "channel",
    ...event,
  },
  type: "event_callback",
  authed_users: ["U123ABC456"],
  event_id: "Ev123ABC456",
  event_time: 1355517523,
  ...outer,
});

describe("Slack MentionExtractor", () => {
  it("takes the channel of a message event, without a name", () => {
    expect(extractSlackWorkspaces(messageEvent({}))).toEqual([
      { workspaceKey: "slack://channel/C123ABC456", kind: "channel", metadata: {} },
    ]);
  });

  it("keys DMs and group DMs by their conversation id, whoever sent the message", () => {
    expect(extractSlackWorkspaces(messageEvent({ channel: "D024BE91L", channel_type: "im" }))).toEqual([
      { workspaceKey: "slack://im/D024BE91L", kind: "dm", metadata: {} },
    ]);
    expect(
      extractSlackWorkspaces(
        messageEvent({ channel: "D024BE91L", channel_type: "im", user: undefined, bot_id: "B1" }),
      ),
    ).toEqual([{ workspaceKey: "slack://im/D024BE91L", kind: "dm", metadata: {} }]);
    expect(extractSlackWorkspaces(messageEvent({ channel: "G024BE91L", channel_type: "mpim" }))).toEqual([
      { workspaceKey: "slack://group/G024BE91L", kind: "group", metadata: {} },
    ]);
    expect(
      extractSlackWorkspaces(messageEvent({ channel: "G024BE91L", channel_type: "group" }))[0]!.kind,
    ).toBe("channel");
  });

  it("names channels from channel_created / channel_rename, with member counts when given", () => {
    const created = messageEvent({
      type: "channel_created",
      channel: { id: "C024BE91L", name: "fun", created: 1360782804, creator: "U024BE7LH" },
    });
    expect(extractSlackWorkspaces(created)).toEqual([
      { workspaceKey: "slack://channel/C024BE91L", kind: "channel", displayName: "#fun", metadata: {} },
    ]);
    const renamed = messageEvent({
      type: "group_rename",
      channel: { id: "G024BE91L", name: "secret-plans", num_members: 12 },
    });
    expect(extractSlackWorkspaces(renamed)).toEqual([
      {
        workspaceKey: "slack://channel/G024BE91L",
        kind: "channel",
        displayName: "#secret-plans",
        metadata: { memberCount: 12 },
      },
    ]);
  });

  it("reads the archived flag from channel_archive / channel_unarchive", () => {
    expect(
      extractSlackWorkspaces(
        messageEvent({ type: "channel_archive", channel: "C024BE91L", user: "U024BE7LH" }),
      )[0]!.metadata,
    ).toEqual({ archived: true });
    expect(
      extractSlackWorkspaces(messageEvent({ type: "channel_unarchive", channel: "C024BE91L" }))[0]!.metadata,
    ).toEqual({ archived: false });
  });

  it("gives Enterprise Grid payloads the same key as any other (never team-qualified)", () => {
    expect(
      extractSlackWorkspaces(messageEvent({}, { enterprise_id: "E0GRID123", team_id: "T024BE7LD" }))[0]!
        .workspaceKey,
    ).toBe("slack://channel/C123ABC456");
  });

  it("never carries text, user lists or timestamps", () => {
    const out = JSON.stringify(
      extractSlackWorkspaces(messageEvent({ text: "CANARY-TEXT", members: ["U1", "U2"] })),
    );
    expect(out).not.toMatch(/CANARY|U123ABC456|1355517523|U1/);
  });

  it("ignores garbage and malformed ids", () => {
    expect(extractSlackWorkspaces(null)).toEqual([]);
    expect(extractSlackWorkspaces({ type: "url_verification", challenge: "x" })).toEqual([]);
    expect(extractSlackWorkspaces(messageEvent({ channel: "../../etc" }))).toEqual([]);
    expect(extractSlackWorkspaces(messageEvent({ channel_type: "app_home" }))).toEqual([]);
  });
});

describe("Gmail MentionExtractor", () => {
  it.each([
    [
      { "List-Id": "Python Development <python-dev.python.org>" },
      "gmail://list/python-dev.python.org",
      "Python Development",
    ],
    [
      { "list-id": '"Team Announce" <Announce.Example.COM>' },
      "gmail://list/announce.example.com",
      "Team Announce",
    ],
    [{ "List-Id": "<linux-kernel.vger.kernel.org>" }, "gmail://list/linux-kernel.vger.kernel.org", undefined],
    [
      { "List-Id": "=?UTF-8?Q?Gr=C3=BC=C3=9Fe_Liste?= <gruesse.example.de>" },
      "gmail://list/gruesse.example.de",
      "Grüße Liste",
    ],
    [{ "List-Id": "=?utf-8?B?5pel5pys?= <jp.example.jp>" }, "gmail://list/jp.example.jp", "日本"],
    [[{ name: "List-ID", value: "Ops\r\n <ops.example.com>" }], "gmail://list/ops.example.com", "Ops"],
  ])("extracts %j by its id only, never the sender's phrase", (headers, key, phrase) => {
    const [w] = extractEmailWorkspaces(headers);
    expect(w).toEqual({ workspaceKey: key, kind: "list", metadata: {} });
    if (phrase) expect(JSON.stringify(w)).not.toContain(phrase);
  });

  it("ignores mail without a usable List-Id", () => {
    expect(extractEmailWorkspaces({ From: "a@b.test", Subject: "hi" })).toEqual([]);
    expect(extractEmailWorkspaces({ "List-Id": "<nodot>" })).toEqual([]);
    expect(extractEmailWorkspaces({ "List-Id": "<a/b.example.com>" })).toEqual([]);
  });

  it("reads headers from raw RFC 822 text only up to the body", () => {
    const raw =
      "From: a@b.test\r\nList-Id: Dev\r\n <dev.example.org>\r\nSubject: CANARY\r\n\r\nList-Id: <fake.body.org>\r\n";
    const headers = headersOfRawEmail(raw);
    expect(extractEmailWorkspaces(headers)).toEqual([
      { workspaceKey: "gmail://list/dev.example.org", kind: "list", metadata: {} },
    ]);
  });
});
