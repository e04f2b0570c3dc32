import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { signSlackRequest } from "@scouts/core/auth/slack-signature";
import type { ScoutJob } from "@scouts/core/protocol/jobs";
import { afterEach, describe, expect, it } from "vitest";
import type { DeviceHub } from "../../workers/device-hub/device-hub.ts";
import { readConfig } from "../../workers/env.ts";
import { sealTokens } from "../../workers/shared/token-store.ts";
import worker from "../../workers/test/entry.ts";
import { callApp, TEST_SECRETS, testEnv } from "../../workers/test/harness.ts";
import { connectDevice } from "../../workers/test/hub-client.ts";
import { resetTestOverrides, testOverrides } from "../../workers/test/overrides.ts";
import { makeDevice, recordingSender } from "../../workers/test/pipeline-fixtures.ts";
import { recordingQueue, seedConnectedScout, testDb } from "../../workers/test/records.ts";
import { toFetch } from "../fakes/handler.ts";
import { createFakeSlack } from "../fakes/slack.ts";

const SIGNING_SECRET = "slack-pipeline-test-secret";
const CANARY = "CANARY-slack-7Hq2-do-not-store";
const VARS = { SLACK_API_BASE: "https://slack.fake/api", TOKEN_KEYS: TEST_SECRETS.TOKEN_KEYS };

afterEach(() => {
  resetTestOverrides();
});

/** A user whose Slack scout listens on the fake team, with its bot token sealed like OAuth leaves it. */
async function slackScout(slack: ReturnType<typeof createFakeSlack>, person = "U0OWNER") {
  const seeded = await seedConnectedScout({
    email: `slack-${crypto.randomUUID()}@example.test`,
    sourceType: "slack",
    accountRef: slack.teamId,
    providerUserId: person,
  });
  const sealed = await sealTokens(readConfig(testEnv(VARS)), seeded.userId, { botToken: slack.botToken });
  await env.DB.prepare(
    "update scout_connections set token_ciphertext = ?, token_key_version = ? where id = ?",
  )
    .bind(sealed.ciphertext, sealed.keyVersion, seeded.connectionId)
    .run();
  return seeded;
}

async function postEvent(payload: unknown, jobs: ReturnType<typeof recordingQueue>) {
  const body = JSON.stringify(payload);
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = await signSlackRequest({ signingSecret: SIGNING_SECRET, timestamp: ts, rawBody: body });
  return callApp(
    {
      env: testEnv({ ...VARS, SLACK_SIGNING_SECRET: SIGNING_SECRET, JOBS: jobs.queue }),
      ...(testOverrides.fetch ? { options: { fetch: testOverrides.fetch } } : {}),
    },
    "https://scouts.test/webhooks/slack",
    { method: "POST", headers: { "x-slack-request-timestamp": ts, "x-slack-signature": sig }, body },
  );
}

/** Runs the real queue handler until nothing new is enqueued; returns every payload that was queued. */
async function drain(first: ScoutJob[]): Promise<ScoutJob[]> {
  const sender = recordingSender();
  testOverrides.jobs = sender;
  const all = [...first];
  let pending = first;
  for (let round = 0; pending.length > 0 && round < 5; round++) {
    const before = sender.sent.length;
    const batch = createMessageBatch(
      "scouts-jobs",
      pending.map((body, i) => ({ id: `s${round}-${i}`, timestamp: new Date(), attempts: 1, body })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, testEnv(VARS), ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toHaveLength(pending.length);
    pending = sender.sent.slice(before);
    all.push(...pending);
  }
  return all;
}

describe("Slack, end to end in workerd", () => {
  it("a signed channel message reaches the owner's device once, triaged by the real stage 1, content kept nowhere", async () => {
    const slack = createFakeSlack();
    slack.addChannel({ id: "C024BE91L", name: "launch", members: ["U0OWNER", "U2"] });
    const ts = slack.addMessage("C024BE91L", {
      user: "U2",
      text: `Can you review the launch checklist before 3pm today? ${CANARY}`,
    });
    Object.assign(testOverrides, { fetch: toFetch(slack.handler), vars: VARS });

    const owner = await slackScout(slack);
    const ns = env.DEVICE_HUB as DurableObjectNamespace<DeviceHub>;
    const device = await connectDevice(ns.get(ns.idFromName(owner.userId)), "http://hub/connect", {
      "x-scouts-user-id": owner.userId,
      "x-scouts-device-id": await makeDevice(testDb(), owner.userId),
    });
    await device.waitFor((f) => f.some((x) => x.type === "welcome"));

    // Slack retries at once, after 1 and after 5 minutes: the same event_id twice must queue one job.
    const event = slack.eventCallback("C024BE91L", ts);
    const jobs = recordingQueue();
    expect((await postEvent(event, jobs)).status).toBe(200);
    expect((await postEvent(event, jobs)).status).toBe(200);
    expect(jobs.sent).toHaveLength(1);

    const queued = await drain(jobs.sent as ScoutJob[]);
    expect(JSON.stringify(queued)).not.toContain(CANARY);

    await device.waitFor(() => device.proposals().length === 1);
    const proposal = device.proposals()[0]!;
    expect(proposal).toMatchObject({ source: "slack", sourceMsgRef: `C024BE91L:${ts}`, verdict: "relevant" });
    expect(proposal.snippet ?? proposal.subject ?? "").toContain(CANARY);

    const rows = await env.DB.prepare("select * from scout_triage_queue where scout_id = ?")
      .bind(owner.scoutId)
      .all();
    expect(rows.results).toHaveLength(1);
    const tables = await env.DB.prepare("select name from sqlite_master where type = 'table'").all<{
      name: string;
    }>();
    for (const { name } of tables.results) {
      if (name.startsWith("_cf_") || name === "sqlite_sequence") continue;
      const dump = JSON.stringify((await env.DB.prepare(`select * from "${name}"`).all()).results);
      expect(dump, `table ${name}`).not.toContain(CANARY);
    }
  });
});
