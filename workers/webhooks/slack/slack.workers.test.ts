import { env } from "cloudflare:test";
import { signSlackRequest } from "@scouts/core/auth/slack-signature";
import { markSlackEventSeen, pruneSlackEventsSeen } from "@scouts/db/repos/slack-events";
import { describe, expect, it } from "vitest";
import type { Env } from "../../env.ts";
import { createMemoryLogger } from "../../shared/logger.ts";
import { callApp, testEnv } from "../../test/harness.ts";
import { recordingQueue, seedConnectedScout, testDb } from "../../test/records.ts";

const SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
const URL_ = "https://scouts.test/webhooks/slack";
const VECTOR_TS = "1531420618";
const VECTOR_BODY =
  "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";
const VECTOR_SIG = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";

interface Sent {
  status: number;
  body: string;
  sent: unknown[];
}

async function post(
  body: string,
  opts: {
    ts?: string;
    sig?: string;
    nowMs?: number;
    queue?: ReturnType<typeof recordingQueue>;
    path?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Sent> {
  const ts = opts.ts ?? String(Math.floor(Date.now() / 1000));
  const sig = opts.sig ?? (await signSlackRequest({ signingSecret: SECRET, timestamp: ts, rawBody: body }));
  const queue = opts.queue ?? recordingQueue();
  const e: Env = testEnv({ SLACK_SIGNING_SECRET: SECRET, JOBS: queue.queue });
  const clock = opts.nowMs === undefined ? undefined : { now: () => opts.nowMs! };
  const res = await callApp(
    { env: e, options: { logger: createMemoryLogger(), ...(clock ? { clock } : {}) } },
    `${URL_}${opts.path ?? ""}`,
    {
      method: "POST",
      headers: { "x-slack-request-timestamp": ts, "x-slack-signature": sig, ...opts.headers },
      body,
    },
  );
  return { status: res.status, body: await res.text(), sent: queue.sent };
}

const messageEvent = (teamId: string, eventId: string, over: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: "event_callback",
    team_id: teamId,
    event_id: eventId,
    event_time: 1_700_000_000,
    event: {
      type: "message",
      channel: "C024BE91L",
      channel_type: "channel",
      user: "U2147483697",
      text: "secret-canary",
      ts: "1512085950.000216",
      ...over,
    },
  });

describe("POST /webhooks/slack", () => {
  it("accepts the REFERENCE signature vector at its timestamp and refuses it once stale", async () => {
    const at = await post(VECTOR_BODY, {
      ts: VECTOR_TS,
      sig: VECTOR_SIG,
      nowMs: Number(VECTOR_TS) * 1000 + 10_000,
    });
    // Signature passes; a slash-command form is not an Events API body.
    expect(at.status).toBe(400);
    expect(at.body).toContain("not JSON");
    const stale = await post(VECTOR_BODY, { ts: VECTOR_TS, sig: VECTOR_SIG });
    expect(stale.status).toBe(401);
    expect(stale.body).toContain("stale_timestamp");
  });

  it.each([
    ["one flipped hex digit", (s: string) => `${s.slice(0, -1)}${s.endsWith("0") ? "1" : "0"}`],
    ["no v0= prefix", (s: string) => s.slice(3)],
    ["empty", () => ""],
  ])("refuses a signature with %s", async (_name, mutate) => {
    const r = await post(VECTOR_BODY, {
      ts: VECTOR_TS,
      sig: mutate(VECTOR_SIG),
      nowMs: Number(VECTOR_TS) * 1000,
    });
    expect(r.status).toBe(401);
  });

  it("refuses a body changed after signing, a body re-signed with another secret, and a timestamp 6 minutes old", async () => {
    const body = messageEvent("TSIG", "EvSig1");
    const ts = String(Math.floor(Date.now() / 1000));
    const sig = await signSlackRequest({ signingSecret: SECRET, timestamp: ts, rawBody: body });
    expect((await post(body.replace("C024BE91L", "C999"), { ts, sig })).status).toBe(401);
    const forged = await signSlackRequest({
      signingSecret: "attacker-secret-0000000000",
      timestamp: ts,
      rawBody: body,
    });
    expect((await post(body, { ts, sig: forged })).status).toBe(401);
    const old = String(Math.floor(Date.now() / 1000) - 360);
    expect((await post(body, { ts: old })).status).toBe(401);
    expect((await post(body, { ts, sig, nowMs: (Number(ts) + 301) * 1000 })).status).toBe(401); // replayed later
    expect((await post(body, { ts: "", sig: "" })).status).toBe(401);
  });

  it("answers url_verification with the challenge", async () => {
    const r = await post(
      JSON.stringify({
        type: "url_verification",
        token: "x",
        challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P",
      }),
    );
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P" });
  });

  it("turns a channel message into a sync job naming the item by ref only; retries are deduped on event_id", async () => {
    const { scoutId } = await seedConnectedScout({
      email: "slack-a@example.com",
      sourceType: "slack",
      accountRef: "TJOB1",
    });
    const queue = recordingQueue();
    const first = await post(messageEvent("TJOB1", "Ev0001"), { queue });
    expect(first.status).toBe(200);
    // The request also runs the job at once (sync-now.ts); no Slack API here, so that run's
    // triage falls back to a triage job. The sync job itself is queued once, delayed.
    expect(syncJobs(queue.sent)).toEqual([
      {
        kind: "sync",
        scoutId,
        trigger: "slack_event",
        ref: { source: "slack", id: "C024BE91L:1512085950.000216" },
      },
    ]);
    expect(JSON.stringify(queue.sent)).not.toContain("secret-canary");
    const retry = await post(messageEvent("TJOB1", "Ev0001"), {
      queue,
      headers: { "x-slack-retry-num": "1", "x-slack-retry-reason": "http_timeout" },
    });
    expect(retry.status).toBe(200);
    expect(syncJobs(queue.sent)).toHaveLength(1);
  });

  it("ignores edits, bot messages and teams no scout listens to", async () => {
    await seedConnectedScout({ email: "slack-b@example.com", sourceType: "slack", accountRef: "TIGN" });
    const queue = recordingQueue();
    expect(
      (await post(messageEvent("TIGN", "EvEdit", { subtype: "message_changed" }), { queue })).status,
    ).toBe(200);
    expect(
      (await post(messageEvent("TIGN", "EvBot", { bot_id: "B1", user: undefined }), { queue })).status,
    ).toBe(200);
    expect((await post(messageEvent("TNOBODY", "EvNobody"), { queue })).status).toBe(200);
    expect(queue.sent).toEqual([]);
  });

  it("answers 503 when the enqueue fails and processes Slack's retry afterwards", async () => {
    const { scoutId } = await seedConnectedScout({
      email: "slack-c@example.com",
      sourceType: "slack",
      accountRef: "TFAIL",
    });
    const failed = await post(messageEvent("TFAIL", "EvFail1"), { queue: recordingQueue({ fail: true }) });
    expect(failed.status).toBe(503);
    const queue = recordingQueue();
    const retry = await post(messageEvent("TFAIL", "EvFail1"), {
      queue,
      headers: { "x-slack-retry-num": "1" },
    });
    expect(retry.status).toBe(200);
    expect(syncJobs(queue.sent)).toEqual([expect.objectContaining({ scoutId, trigger: "slack_event" })]);
  });

  it("is unavailable without SLACK_SIGNING_SECRET, naming it", async () => {
    const res = await callApp({ env: testEnv() }, URL_, { method: "POST", body: "{}" });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("SLACK_SIGNING_SECRET");
  });

  it("stores only the event id for dedupe", async () => {
    await seedConnectedScout({ email: "slack-d@example.com", sourceType: "slack", accountRef: "TSTORE" });
    await post(messageEvent("TSTORE", "EvStore1"));
    const row = await env.DB.prepare("select * from slack_events_seen where event_id = 'EvStore1'").first();
    expect(Object.keys(row ?? {}).sort()).toEqual(["event_id", "received_at"]);
  });
});

describe("POST /webhooks/slack/interactivity", () => {
  const form = (payload: unknown) => `payload=${encodeURIComponent(JSON.stringify(payload))}`;

  it("accepts a signed block_actions payload with a hooks.slack.com response_url", async () => {
    const r = await post(
      form({
        type: "block_actions",
        response_url: "https://hooks.slack.com/actions/T1/1/abc",
        actions: [{ action_id: "approve" }],
      }),
      { path: "/interactivity" },
    );
    expect(r.status).toBe(200);
  });

  it.each([
    "https://evil.example/hook",
    "http://hooks.slack.com/actions/x",
    "https://hooks.slack.com.evil.example/x",
  ])("refuses response_url %s", async (url) => {
    const r = await post(form({ type: "block_actions", response_url: url, actions: [] }), {
      path: "/interactivity",
    });
    expect(r.status).toBe(400);
  });

  it("refuses an unsigned or stale interaction", async () => {
    const body = form({ type: "block_actions", response_url: "https://hooks.slack.com/actions/x" });
    expect((await post(body, { path: "/interactivity", sig: "v0=00" })).status).toBe(401);
    expect(
      (await post(body, { path: "/interactivity", ts: String(Math.floor(Date.now() / 1000) - 600) })).status,
    ).toBe(401);
  });
});

describe("slack_events_seen sweep", () => {
  it("prunes only rows older than the cutoff", async () => {
    const db = testDb();
    await markSlackEventSeen(db, "EvOldOne", 1_000);
    await markSlackEventSeen(db, "EvNewOne", Date.now());
    expect(await pruneSlackEventsSeen(db, 2_000)).toBeGreaterThanOrEqual(1);
    const left = await env.DB.prepare(
      "select event_id from slack_events_seen where event_id in ('EvOldOne','EvNewOne')",
    ).all();
    expect(left.results.map((r) => r.event_id)).toEqual(["EvNewOne"]);
  });
});

function syncJobs(sent: unknown[]): unknown[] {
  return sent.filter((j) => (j as { kind?: string }).kind === "sync");
}
