import { defaultSettings } from "@scouts/core/assistant/settings";
import type { WorkspaceView } from "@scouts/core/workspaces/api";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { isBriefChannel, SlackDestination } from "./slack-destination.tsx";

const place = (over: Partial<WorkspaceView>): WorkspaceView => ({
  id: "w1",
  spaceId: "s1",
  workspaceKey: "slack://channel/C0BRIEFS",
  kind: "channel",
  displayName: "#briefs",
  memberCount: 3,
  archived: false,
  tags: [],
  firstSeenAt: 1,
  lastSeenAt: 2,
  ...over,
});
const places = { list: async () => [] };

describe("Slack destination in Settings", () => {
  it("offers only live channels and group DMs of Slack", () => {
    expect(isBriefChannel(place({}))).toBe(true);
    expect(isBriefChannel(place({ kind: "group", workspaceKey: "slack://group/G0TEAM" }))).toBe(true);
    expect(isBriefChannel(place({ kind: "dm", workspaceKey: "slack://im/D0ANN" }))).toBe(false);
    expect(isBriefChannel(place({ archived: true }))).toBe(false);
    expect(isBriefChannel(place({ kind: "list", workspaceKey: "gmail://list/news.example.com" }))).toBe(
      false,
    );
  });

  it("shows the webhook field for the webhook, and the picker with the cloud sentence for a channel", () => {
    const render = (over: Partial<typeof defaultSettings>, lastError: string | null = null) =>
      renderToStaticMarkup(
        <SlackDestination
          value={{ ...defaultSettings, ...over }}
          onChange={() => {}}
          places={places}
          lastError={lastError}
        />,
      );
    const hook = render({});
    expect(hook).toContain("Incoming webhook (stays as today)");
    expect(hook).toContain("hooks.slack.com");
    expect(hook).not.toContain("passes through the Scouts cloud");
    const channel = render({ slackDestination: "channel", slackChannel: "slack://channel/C0BRIEFS" });
    expect(channel).toContain("<select");
    expect(channel).toContain("passes through the Scouts cloud in memory");
    expect(channel).not.toContain("hooks.slack.com");
    const failed = render(
      { slackDestination: "channel" },
      "Slack post failed: your Slack connection was revoked",
    );
    expect(failed).toContain('role="alert"');
    expect(failed).toContain("your Slack connection was revoked");
  });
});
