import { describe, expect, it } from "vitest";
import { Settings, SettingsPatch } from "../protocol/local-api.ts";
import { defaultSettings } from "./settings.ts";
import { clientMsgIdFor, SlackRelayRequest } from "./slack-relay.ts";

describe("Slack destination settings and the relay request", () => {
  it("reads settings stored before the destination existed as the webhook, and patches never reset it", () => {
    const { slackDestination, slackChannel, slackLastError, ...old } = defaultSettings;
    expect(Settings.parse(old)).toMatchObject({
      slackDestination: "webhook",
      slackChannel: null,
      slackLastError: null,
    });
    expect(SettingsPatch.parse({ llmModel: "m" })).toEqual({ llmModel: "m" });
    expect(SettingsPatch.parse({ slackLastError: "forged" })).toEqual({});
  });

  it("takes only a Slack channel or group key as the channel", () => {
    for (const ok of [
      "slack://channel/C0BRIEFS",
      "slack://group/G0TEAM",
      "slack://team/T0ACME/channel/C0BRIEFS",
    ])
      expect(SettingsPatch.safeParse({ slackChannel: ok }).success, ok).toBe(true);
    for (const bad of [
      "slack://im/D0ANN",
      "gmail://list/news.example.com",
      "C0BRIEFS",
      "#general",
      "slack://channel/c0lower",
    ]) {
      const r = SettingsPatch.safeParse({ slackChannel: bad });
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(["slackChannel"]);
    }
  });

  it("derives one UUID per seed, so a retried brief is the same Slack message", async () => {
    const a = await clientMsgIdFor("brief:morning:1");
    expect(a).toBe(await clientMsgIdFor("brief:morning:1"));
    expect(a).not.toBe(await clientMsgIdFor("brief:morning:2"));
    const msg = { text: "x", blocks: [{ type: "divider" as const }] };
    expect(
      SlackRelayRequest.safeParse({ channel: "slack://channel/C0B", clientMsgId: a, message: msg }).success,
    ).toBe(true);
  });
});
