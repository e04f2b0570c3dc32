import { env } from "cloudflare:test";
import { executeRun } from "@scouts/core/automation/executor/execute-run";
import { saveAutomation } from "@scouts/core/automation/manage/save-automation";
import { uuidFromKey } from "@scouts/core/automation/registry/actions/slack-post";
import { fireWebhook } from "@scouts/core/automation/triggers/webhook";
import { describe, expect, it } from "vitest";
import { readConfig } from "../../workers/env.ts";
import { createAutomationCtx } from "../../workers/shared/automation-deps.ts";
import { sealTokens } from "../../workers/shared/token-store.ts";
import { devEnv } from "../../workers/test/harness.ts";
import { seedConnectedScout } from "../../workers/test/records.ts";
import { routeFakes, toFetch } from "../fakes/handler.ts";
import { createFakeSlack } from "../fakes/slack.ts";

/** A user with a Slack scout whose sealed bot token the fake Slack accepts, and the Worker's automation ctx. */
async function connectedSlackUser(channels: { id: string; name: string }[], opts: { email?: string } = {}) {
  const slack = createFakeSlack();
  for (const c of channels) slack.addChannel(c);
  const e = devEnv({ SLACK_API_BASE: "https://slack.fake/api" });
  const seeded = await seedConnectedScout({
    email: opts.email ?? `auto-slack-${crypto.randomUUID()}@example.com`,
    sourceType: "slack",
    accountRef: "T0FAKE",
  });
  const sealed = await sealTokens(readConfig(e), seeded.userId, { botToken: slack.botToken });
  await env.DB.prepare(
    "update scout_connections set token_ciphertext = ?, token_key_version = ? where id = ?",
  )
    .bind(sealed.ciphertext, sealed.keyVersion, seeded.connectionId)
    .run();
  // The test executes each run itself (with the fake Slack): starting one starts nothing else.
  const ctx = {
    ...createAutomationCtx(e, { fetch: toFetch(routeFakes([["https://slack.fake", slack.handler]])) }),
    queue: { send: async () => {} },
  };
  return { slack, seeded, ctx };
}

async function lastMessage(slack: ReturnType<typeof createFakeSlack>, channel: string) {
  const history = await slack.handler(
    new Request("https://slack.fake/api/conversations.history", {
      method: "POST",
      headers: { authorization: `Bearer ${slack.botToken}`, "content-type": "application/json" },
      body: JSON.stringify({ channel, limit: "1" }),
    }),
  );
  return ((await history.json()) as { messages?: { text: string }[] }).messages?.[0];
}

describe("slack_post from an automation (workerd, fake Slack)", () => {
  it("posts to a workspace key URI destination (slack://team/…/channel/…) as its channel id", async () => {
    const { slack, seeded, ctx } = await connectedSlackUser([{ id: "C024BE91L", name: "general" }]);
    const { automation, webhookToken } = await saveAutomation({
      ctx: ctx.manage,
      input: {
        userId: seeded.userId,
        definition: {
          schema_version: 1,
          name: "Announce by key",
          triggers: [{ type: "webhook" }],
          plan: {
            steps: [
              {
                id: "post",
                action: "slack_post",
                with: {
                  channel: "slack://team/T0FAKE/channel/C024BE91L",
                  text: "hi {{ run.trigger.payload.n }}",
                },
                output_as: "posted",
              },
            ],
          },
        },
      },
    });
    const { runId } = await fireWebhook({
      ctx,
      input: { automationId: automation.id, token: webhookToken!, body: { n: 7 } },
    });
    expect(await executeRun({ ctx, input: { runId } })).toBe("succeeded");
    const posted = (await lastMessage(slack, "C024BE91L")) as { text: string; client_msg_id?: string };
    expect(posted.text).toBe("hi 7");
    // The step's key, the same for every attempt, goes to Slack as client_msg_id.
    expect(posted.client_msg_id).toBe(await uuidFromKey(`run:${runId}:main:post`));
    expect(posted.client_msg_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const [step] = await ctx.store.listSteps(runId);
    expect(step!.output).toEqual({ ts: expect.any(String) });
  });

  it("posts with the user's Slack connection; interpolated values cannot mention or link", async () => {
    const { slack, seeded, ctx } = await connectedSlackUser([{ id: "C1", name: "general" }]);
    const { automation, webhookToken } = await saveAutomation({
      ctx: ctx.manage,
      input: {
        userId: seeded.userId,
        definition: {
          schema_version: 1,
          name: "Announce",
          triggers: [{ type: "webhook" }],
          plan: {
            steps: [
              {
                id: "post",
                action: "slack_post",
                with: { channel: "C1", text: "*New:* {{ run.trigger.payload.title }}" },
              },
            ],
          },
        },
      },
    });
    const { runId } = await fireWebhook({
      ctx,
      input: {
        automationId: automation.id,
        token: webhookToken!,
        body: { title: "<!channel> pay <https://evil.test|now> & more" },
      },
    });
    expect(await executeRun({ ctx, input: { runId } })).toBe("succeeded");
    const posted = (await lastMessage(slack, "C1"))!;
    expect(posted.text).toBe("*New:* &lt;!channel&gt; pay &lt;https://evil.test|now&gt; &amp; more");
  });

  it("posts with the connection of the team the key names, not whichever connection comes first", async () => {
    const email = `auto-two-teams-${crypto.randomUUID()}@example.com`;
    // The person connected another team first; its token is not one this fake Slack accepts.
    const other = await seedConnectedScout({ email, sourceType: "slack", accountRef: "T0OTHER" });
    const e = devEnv({ SLACK_API_BASE: "https://slack.fake/api" });
    const sealedOther = await sealTokens(readConfig(e), other.userId, { botToken: "xoxb-other-team" });
    await env.DB.prepare(
      "update scout_connections set token_ciphertext = ?, token_key_version = ?, updated_at = ? where id = ?",
    )
      .bind(sealedOther.ciphertext, sealedOther.keyVersion, Date.now() + 60_000, other.connectionId)
      .run();
    const { slack, seeded, ctx } = await connectedSlackUser([{ id: "C024BE91L", name: "general" }], {
      email,
    });
    expect(seeded.userId).toBe(other.userId);
    const post = async (channel: string) => {
      const { automation, webhookToken } = await saveAutomation({
        ctx: ctx.manage,
        input: {
          userId: seeded.userId,
          definition: {
            schema_version: 1,
            name: `Post to ${channel}`,
            triggers: [{ type: "webhook" }],
            plan: { steps: [{ id: "post", action: "slack_post", with: { channel, text: "hello" } }] },
          },
        },
      });
      const { runId } = await fireWebhook({
        ctx,
        input: { automationId: automation.id, token: webhookToken!, body: {} },
      });
      return { outcome: await executeRun({ ctx, input: { runId } }), runId };
    };
    expect((await post("slack://team/T0FAKE/channel/C024BE91L")).outcome).toBe("succeeded");
    expect((await lastMessage(slack, "C024BE91L"))?.text).toBe("hello");
    // A team the person never connected: refused by name, nothing posted with another team's token.
    const refused = await post("slack://team/T0NONE/channel/C024BE91L");
    expect(refused.outcome).toBe("failed");
    const [step] = await ctx.store.listSteps(refused.runId);
    expect(step!.error?.message).toContain("T0NONE");
  });
});
