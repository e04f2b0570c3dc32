import { env } from "cloudflare:test";
import { signSlackRequest } from "@scouts/core/auth/slack-signature";
import { personalSpaceId } from "@scouts/db/repos/spaces";
import { listWorkspaces } from "@scouts/db/repos/workspaces";
import { describe, expect, it } from "vitest";
import { toFetch } from "../../../tests/fakes/handler.ts";
import { createFakeSlack, type FakeSlack } from "../../../tests/fakes/slack.ts";
import { readConfig } from "../../env.ts";
import { sealTokens } from "../../shared/token-store.ts";
import { callApp, testEnv } from "../../test/harness.ts";
import { recordingQueue, seedConnectedScout, testDb } from "../../test/records.ts";

const SECRET = "workspace-hook-signing-secret";
const VARS = { SLACK_SIGNING_SECRET: SECRET, SLACK_API_BASE: "https://slack.fake/api" };

async function postEvent(slack: FakeSlack, payload: unknown) {
  const body = JSON.stringify(payload);
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = await signSlackRequest({ signingSecret: SECRET, timestamp: ts, rawBody: body });
  return callApp(
    { env: testEnv({ ...VARS, JOBS: recordingQueue().queue }), options: { fetch: toFetch(slack.handler) } },
    "https://scouts.test/webhooks/slack",
    { method: "POST", headers: { "x-slack-request-timestamp": ts, "x-slack-signature": sig }, body },
  );
}

async function connected(slack: FakeSlack, email: string, person: string, accountRef = slack.teamId) {
  const seeded = await seedConnectedScout({ email, sourceType: "slack", accountRef, providerUserId: person });
  const sealed = await sealTokens(readConfig(testEnv(VARS)), seeded.userId, { botToken: slack.botToken });
  await env.DB.prepare(
    "update scout_connections set token_ciphertext = ?, token_key_version = ? where id = ?",
  )
    .bind(sealed.ciphertext, sealed.keyVersion, seeded.connectionId)
    .run();
  return seeded;
}

describe("Slack webhook harvest hook", () => {
  it("records a channel event only in the spaces of people whose connection is in that channel", async () => {
    const slack = createFakeSlack({ teamId: "T0HOOK" });
    slack.addChannel({ id: "C0HOOKED", name: "hooked", kind: "group", members: ["U0ADA"] });
    const a = await connected(slack, "hook-a@example.com", "U0ADA");
    const colleague = await connected(slack, "hook-colleague@example.com", "U0COLLEAGUE");
    const other = await connected(slack, "hook-other@example.com", "U0ADA", "T0ELSE");
    const rename = {
      type: "event_callback",
      team_id: "T0HOOK",
      event_id: "EvHOOK2",
      event: { type: "group_rename", channel: { id: "C0HOOKED", name: "hooked", created: 1 } },
    };
    expect((await postEvent(slack, rename)).status).toBe(200);
    const rows = await listWorkspaces(testDb(), { spaceId: personalSpaceId(a.userId) });
    expect(rows.map((r) => [r.workspaceKey, r.displayName])).toEqual([
      ["slack://channel/C0HOOKED", "#hooked"],
    ]);
    // A colleague on the same team who is not in the private channel learns nothing of it.
    expect(await listWorkspaces(testDb(), { spaceId: personalSpaceId(colleague.userId) })).toEqual([]);
    expect(await listWorkspaces(testDb(), { spaceId: personalSpaceId(other.userId) })).toEqual([]);
  });
});
