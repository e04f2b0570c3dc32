import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { SLACK_BOT_SCOPES } from "../../workers/webhooks/oauth/slack.routes.ts";

const root = path.join(import.meta.dirname, "..", "..");

it("the committed Slack app manifest asks for exactly the scopes the OAuth flow requests", () => {
  const text = readFileSync(path.join(root, "docs", "slack-app-manifest.yaml"), "utf8");
  const bot = /\n {4}bot:\n((?: {6}- .+\n)+)/.exec(text)?.[1] ?? "";
  const scopes = bot.split("\n").flatMap((l) => (l.trim() ? [l.trim().slice(2)] : []));
  expect(scopes.sort()).toEqual([...SLACK_BOT_SCOPES].sort());
  expect(text).toContain("/webhooks/slack\n");
  expect(text).toContain("/oauth/slack/callback");
});
