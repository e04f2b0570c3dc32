import { signSlackRequest } from "@scouts/core/auth/slack-signature";
import { personalSpaceId } from "@scouts/db/repos/spaces";
import { listWorkspaces } from "@scouts/db/repos/workspaces";
import { describe, expect, it } from "vitest";
import { callApp, testEnv } from "../../test/harness.ts";
import { recordingQueue, seedConnectedScout, testDb } from "../../test/records.ts";

const SECRET = "workspace-hook-signing-secret";

async function postEvent(payload: unknown) {
  const body = JSON.stringify(payload);
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = await signSlackRequest({ signingSecret: SECRET, timestamp: ts, rawBody: body });
  return callApp(
    { env: testEnv({ SLACK_SIGNING_SECRET: SECRET, JOBS: recordingQueue().queue }) },
    "https://scouts.test/webhooks/slack",
    {
      method: "POST",
      headers: { "x-slack-request-timestamp": ts, "x-slack-signature": sig },
      body,
    },
  );
}

describe("Slack webhook harvest hook", () => {
  it("records the channel of each dispatched event (and renames) in the listening users' spaces", async () => {
    const a = await seedConnectedScout({
      email: "hook-a@example.com",
      sourceType: "slack",
      accountRef: "T0HOOK",
    });
    const other = await seedConnectedScout({
      email: "hook-other@example.com",
      sourceType: "slack",
      accountRef: "T0ELSE",
    });
    const message = {
      type: "event_callback",
      team_id: "T0HOOK",
      event_id: "EvHOOK1",
      event: {
        type: "message",
        channel: "C0HOOKED",
        channel_type: "channel",
        user: "U0ADA",
        text: "hello",
        ts: "1700000000.000100",
      },
    };
    expect((await postEvent(message)).status).toBe(200);
    const rename = {
      type: "event_callback",
      team_id: "T0HOOK",
      event_id: "EvHOOK2",
      event: { type: "channel_rename", channel: { id: "C0HOOKED", name: "hooked", created: 1 } },
    };
    expect((await postEvent(rename)).status).toBe(200);
    const rows = await listWorkspaces(testDb(), { spaceId: personalSpaceId(a.userId) });
    expect(rows.map((r) => [r.workspaceKey, r.displayName])).toEqual([
      ["slack://channel/C0HOOKED", "#hooked"],
    ]);
    expect(await listWorkspaces(testDb(), { spaceId: personalSpaceId(other.userId) })).toEqual([]);
  });
});
