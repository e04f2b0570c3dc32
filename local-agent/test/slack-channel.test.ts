import { createCloudClient } from "@scouts/core/device/cloud-client";
import { afterEach, describe, expect, it } from "vitest";
import { maybeAlert, postBrief } from "../services/assist.ts";
import { ingestItem } from "../services/ingest.ts";
import { getSettings, patchSettings } from "../services/settings.ts";
import { agentFixture, item, keywordStage2 } from "./agent-fixture.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const CHANNEL = "slack://channel/C0BRIEFS";
type Relay = { channel: string; clientMsgId: string; message: { text: string; blocks: unknown[] } };

/** An agent whose cloud is a fake of the relay route: it records posts, or answers `failWith`. */
async function setup() {
  const relayed: { auth: string | null; body: Relay }[] = [];
  const webhook: string[] = [];
  let failWith: { status: number; code: string; message: string } | null = null;
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith("https://hooks.slack.com/")) {
      webhook.push(url);
      return new Response("ok");
    }
    if (url === "http://cloud.test/api/v1/device/slack/post") {
      if (failWith)
        return Response.json(
          { error: { code: failWith.code, message: failWith.message } },
          { status: failWith.status },
        );
      relayed.push({
        auth: new Headers(init?.headers).get("authorization"),
        body: JSON.parse(String(init?.body)),
      });
      return Response.json({ ts: "1700000000.000100" });
    }
    return new Response("not found", { status: 404 });
  }) as typeof fetch;
  const fx = await agentFixture({ stage2: keywordStage2, fetch: fakeFetch });
  fx.ctx.cloud = createCloudClient({
    fetch: fakeFetch,
    baseUrl: "http://cloud.test",
    token: () => "dev-tok",
  });
  cleanups.push(fx.close);
  return { fx, relayed, webhook, fail: (f: typeof failWith) => (failWith = f) };
}

describe("brief and alerts into a channel from the workspace directory", () => {
  it("keeps the choice, and refuses a channel that is not a channel key or a channel destination without one", async () => {
    const { fx } = await setup();
    expect((await getSettings(fx.ctx)).slackDestination).toBe("webhook");
    await expect(patchSettings(fx.ctx, { slackDestination: "channel" })).rejects.toThrow(/slackChannel/);
    await patchSettings(fx.ctx, { slackDestination: "channel", slackChannel: CHANNEL });
    await patchSettings(fx.ctx, { slackRedactBodies: false });
    expect(await getSettings(fx.ctx)).toMatchObject({ slackDestination: "channel", slackChannel: CHANNEL });
  });

  it("posts the brief through the cloud with the device token and the same client_msg_id on a retry, never the webhook", async () => {
    const { fx, relayed, webhook } = await setup();
    await patchSettings(fx.ctx, {
      slackWebhookUrl: "https://hooks.slack.com/services/T1/B1/secret",
      slackDestination: "channel",
      slackChannel: CHANNEL,
    });
    await ingestItem({ ctx: fx.ctx, input: item({ id: "b1", subject: "Please review the plan" }) });
    expect(await postBrief(fx.ctx, "morning")).toEqual({ posted: true, message: "posted" });
    expect(await postBrief(fx.ctx, "morning")).toEqual({ posted: true, message: "posted" });
    expect(webhook).toEqual([]);
    expect(relayed).toHaveLength(2);
    expect(relayed[0]!.auth).toBe("Bearer dev-tok");
    expect(relayed[0]!.body.channel).toBe(CHANNEL);
    expect(relayed[0]!.body.message.text).toBe("Scouts morning brief: 1 new");
    expect(relayed[0]!.body.clientMsgId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(relayed[1]!.body.clientMsgId).toBe(relayed[0]!.body.clientMsgId);
    const s = (await ingestItem({
      ctx: fx.ctx,
      input: item({ id: "u1", subject: "Urgent: server down now" }),
    }))!;
    await maybeAlert(fx.ctx, s);
    expect(relayed.at(-1)!.body.message.text).toContain("Urgent");
    expect(relayed.at(-1)!.body.clientMsgId).not.toBe(relayed[0]!.body.clientMsgId);
  });

  it("shows a revoked Slack connection's error in Settings until a post lands", async () => {
    const { fx, relayed, fail } = await setup();
    await patchSettings(fx.ctx, { slackDestination: "channel", slackChannel: CHANNEL });
    fail({
      status: 409,
      code: "needs_reauth",
      message: "your Slack connection was revoked or expired: reconnect Slack",
    });
    await expect(postBrief(fx.ctx, "evening")).rejects.toThrow(/revoked/);
    expect((await getSettings(fx.ctx)).slackLastError).toMatch(/^Slack post failed: .*revoked or expired/);
    fail(null);
    await postBrief(fx.ctx, "evening");
    expect(relayed).toHaveLength(1);
    expect((await getSettings(fx.ctx)).slackLastError).toBeNull();
  });
});
