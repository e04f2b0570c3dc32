import { env } from "cloudflare:test";
import { executeRun } from "@scouts/core/automation/executor/execute-run";
import { saveAutomation } from "@scouts/core/automation/manage/save-automation";
import { fireWebhook } from "@scouts/core/automation/triggers/webhook";
import { describe, expect, it } from "vitest";
import { readConfig } from "../../workers/env.ts";
import { createAutomationCtx } from "../../workers/queue-consumer/automation/deps.ts";
import { sealTokens } from "../../workers/shared/token-store.ts";
import { devEnv } from "../../workers/webhooks/test-support/harness.ts";
import { seedConnectedScout } from "../../workers/webhooks/test-support/records.ts";
import { routeFakes, toFetch } from "../fakes/handler.ts";
import { createFakeSlack } from "../fakes/slack.ts";

describe("slack_post from an automation (workerd, fake Slack)", () => {
  it("posts with the user's Slack connection; interpolated values cannot mention or link", async () => {
    const slack = createFakeSlack();
    slack.addChannel({ id: "C1", name: "general" });
    const e = devEnv({ SLACK_API_BASE: "https://slack.fake/api" });
    const seeded = await seedConnectedScout({
      email: `auto-slack-${crypto.randomUUID()}@example.com`,
      sourceType: "slack",
      accountRef: "T0FAKE",
    });
    const sealed = await sealTokens(readConfig(e), seeded.userId, { botToken: slack.botToken });
    await env.DB.prepare(
      "update scout_connections set token_ciphertext = ?, token_key_version = ? where id = ?",
    )
      .bind(sealed.ciphertext, sealed.keyVersion, seeded.connectionId)
      .run();
    const ctx = createAutomationCtx(e, {
      fetch: toFetch(routeFakes([["https://slack.fake", slack.handler]])),
    });
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
    const history = await slack.handler(
      new Request("https://slack.fake/api/conversations.history", {
        method: "POST",
        headers: { authorization: `Bearer ${slack.botToken}`, "content-type": "application/json" },
        body: JSON.stringify({ channel: "C1", limit: "1" }),
      }),
    );
    const posted = ((await history.json()) as { messages: { text: string }[] }).messages[0]!;
    expect(posted.text).toBe("*New:* &lt;!channel&gt; pay &lt;https://evil.test|now&gt; &amp; more");
  });
});
