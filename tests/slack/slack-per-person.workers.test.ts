import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { signSlackRequest } from "@scouts/core/auth/slack-signature";
import type { ScoutJob } from "@scouts/core/protocol/jobs";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "../../workers/env.ts";
import { createMemoryLogger } from "../../workers/shared/logger.ts";
import { sealTokens } from "../../workers/shared/token-store.ts";
import worker from "../../workers/test/entry.ts";
import { callApp, TEST_SECRETS, testEnv } from "../../workers/test/harness.ts";
import { resetTestOverrides, testOverrides } from "../../workers/test/overrides.ts";
import { recordingSender } from "../../workers/test/pipeline-fixtures.ts";
import { recordingQueue, seedConnectedScout } from "../../workers/test/records.ts";
import { toFetch } from "../fakes/handler.ts";
import { createFakeSlack, type FakeSlack } from "../fakes/slack.ts";

const SIGNING_SECRET = "slack-per-person-secret";
const VARS = { SLACK_API_BASE: "https://slack.fake/api", TOKEN_KEYS: TEST_SECRETS.TOKEN_KEYS };
const ALICE = "U0ALICE";
const BOB = "U0BOB";

afterEach(() => {
  resetTestOverrides();
});

async function person(slack: FakeSlack, slackUser: string, accountRef = slack.teamId) {
  const seeded = await seedConnectedScout({
    email: `${slackUser.toLowerCase()}-${crypto.randomUUID()}@example.test`,
    sourceType: "slack",
    accountRef,
    providerUserId: slackUser,
  });
  const sealed = await sealTokens(readConfig(testEnv(VARS)), seeded.userId, { botToken: slack.botToken });
  await env.DB.prepare(
    "update scout_connections set token_ciphertext = ?, token_key_version = ? where id = ?",
  )
    .bind(sealed.ciphertext, sealed.keyVersion, seeded.connectionId)
    .run();
  return seeded;
}

async function postEvent(payload: unknown, jobs = recordingQueue()) {
  const body = JSON.stringify(payload);
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = await signSlackRequest({ signingSecret: SIGNING_SECRET, timestamp: ts, rawBody: body });
  const res = await callApp(
    {
      env: testEnv({ ...VARS, SLACK_SIGNING_SECRET: SIGNING_SECRET, JOBS: jobs.queue }),
      ...(testOverrides.fetch ? { options: { fetch: testOverrides.fetch } } : {}),
    },
    "https://scouts.test/webhooks/slack",
    { method: "POST", headers: { "x-slack-request-timestamp": ts, "x-slack-signature": sig }, body },
  );
  expect(res.status).toBe(200);
  return jobs.sent as ScoutJob[];
}

/** The queued copies, through the real queue handler (the path when a hub's fast path failed). */
async function drain(jobs: ScoutJob[]) {
  testOverrides.jobs = recordingSender();
  const batch = createMessageBatch(
    "scouts-jobs",
    jobs.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, testEnv(VARS), ctx);
  return getQueueResult(batch, ctx);
}

const rowsOf = async (scoutId: string) =>
  (
    await env.DB.prepare("select source_msg_ref, status from scout_triage_queue where scout_id = ?")
      .bind(scoutId)
      .all<{ source_msg_ref: string; status: string }>()
  ).results;
const directoryOf = async (userId: string) =>
  (
    await env.DB.prepare(
      "select w.workspace_key as k, w.kind from workspaces w join spaces s on s.id = w.space_id where s.owner_user_id = ?",
    )
      .bind(userId)
      .all<{ k: string; kind: string }>()
  ).results;

function team(opts: { enterpriseId?: string } = {}) {
  const slack = createFakeSlack({ teamId: `T${crypto.randomUUID().slice(0, 8).toUpperCase()}`, ...opts });
  Object.assign(testOverrides, { fetch: toFetch(slack.handler), vars: VARS });
  return slack;
}

describe("Slack reaches only the people who can see the conversation", () => {
  it("a private channel only Alice is in: Alice gets it, Bob (same team) gets nothing at all", async () => {
    const slack = team();
    slack.addChannel({ id: "G0SECRET1", name: "hiring", kind: "group", members: [ALICE, "U2"] });
    const alice = await person(slack, ALICE);
    const bob = await person(slack, BOB);
    const ts = slack.addMessage("G0SECRET1", { user: "U2", text: "Can you send the offer letter today?" });
    const jobs = await postEvent(slack.eventCallback("G0SECRET1", ts));
    // Filtered in the webhook: Bob, not in the channel, gets no job (triage would refuse it too).
    expect(jobs.map((j) => j.scoutId)).toEqual([alice.scoutId]);
    await drain(jobs);
    expect(await rowsOf(alice.scoutId)).toEqual([
      { source_msg_ref: `G0SECRET1:${ts}`, status: expect.any(String) },
    ]);
    expect(await rowsOf(bob.scoutId)).toEqual([]);
    expect((await directoryOf(alice.userId)).map((w) => w.k)).toEqual(["slack://channel/G0SECRET1"]);
    expect(await directoryOf(bob.userId)).toEqual([]);
  });

  it("a public channel reaches each member and no one else", async () => {
    const slack = team();
    slack.addChannel({ id: "C0BOTH001", name: "general", members: [ALICE, BOB, "U2"] });
    slack.addChannel({ id: "C0BOBONLY", name: "ops", members: [BOB, "U2"] });
    const alice = await person(slack, ALICE);
    const bob = await person(slack, BOB);
    const both = slack.addMessage("C0BOTH001", { user: "U2", text: "Please review the plan by Friday" });
    const bobs = slack.addMessage("C0BOBONLY", { user: "U2", text: "Can you restart the build server?" });
    await drain(await postEvent(slack.eventCallback("C0BOTH001", both)));
    await drain(await postEvent(slack.eventCallback("C0BOBONLY", bobs)));
    expect((await rowsOf(alice.scoutId)).map((r) => r.source_msg_ref)).toEqual([`C0BOTH001:${both}`]);
    expect((await rowsOf(bob.scoutId)).map((r) => r.source_msg_ref).sort()).toEqual(
      [`C0BOBONLY:${bobs}`, `C0BOTH001:${both}`].sort(),
    );
  });

  it("a DM goes to its member only and is keyed by the conversation, not by the sender", async () => {
    const slack = team();
    slack.addChannel({ id: "D0ALICEDM", name: "", kind: "im", members: [ALICE, "UBOT"] });
    const alice = await person(slack, ALICE);
    const bob = await person(slack, BOB);
    const ts = slack.addMessage("D0ALICEDM", { user: ALICE, text: "remind me to call the bank tomorrow" });
    const jobs = await postEvent(slack.eventCallback("D0ALICEDM", ts));
    expect(jobs.map((j) => j.scoutId)).toEqual([alice.scoutId]);
    await drain(jobs);
    expect(await rowsOf(bob.scoutId)).toEqual([]);
    expect(await directoryOf(alice.userId)).toEqual([{ k: "slack://im/D0ALICEDM", kind: "dm" }]);
    expect(await directoryOf(bob.userId)).toEqual([]);
  });

  it("reads the text from the event: no conversations.history or replies call per message", async () => {
    const slack = team();
    slack.addChannel({ id: "C0NOFETCH", name: "launch", members: [ALICE] });
    const alice = await person(slack, ALICE);
    for (let i = 0; i < 3; i++) {
      const ts = slack.addMessage("C0NOFETCH", {
        user: "U2",
        text: `Could you check item ${i} before noon?`,
      });
      const thread = i === 2 ? { thread_ts: ts } : {};
      await drain(await postEvent(slack.eventCallback("C0NOFETCH", ts, thread)));
    }
    expect(await rowsOf(alice.scoutId)).toHaveLength(3);
    expect(slack.callsTo("conversations.history")).toBe(0);
    expect(slack.callsTo("conversations.replies")).toBe(0);
    // Rosters are cached: one members call serves the burst.
    expect(slack.callsTo("conversations.members")).toBe(1);
  });

  it("Enterprise Grid: an org-wide and a workspace connection are both found, one key per channel", async () => {
    const slack = team({ enterpriseId: "E0GRID001" });
    slack.addChannel({ id: "C0GRIDCH1", name: "grid-launch", members: [ALICE, BOB] });
    const alice = await person(slack, ALICE, "E0GRID001");
    const bob = await person(slack, BOB, slack.teamId);
    const ts = slack.addMessage("C0GRIDCH1", { user: "W0SOMEONE", text: "Please approve the budget today" });
    const jobs = await postEvent(slack.eventCallback("C0GRIDCH1", ts));
    expect(jobs.map((j) => j.scoutId).sort()).toEqual([alice.scoutId, bob.scoutId].sort());
    await drain(jobs);
    expect(await rowsOf(alice.scoutId)).toHaveLength(1);
    expect(await rowsOf(bob.scoutId)).toHaveLength(1);
    // The rename event (team-qualified in the payload) lands on the very same key.
    await postEvent({
      type: "event_callback",
      team_id: slack.teamId,
      enterprise_id: "E0GRID001",
      event_id: `EvRename${crypto.randomUUID()}`,
      event: { type: "channel_rename", channel: { id: "C0GRIDCH1", name: "grid-launch-2", created: 1 } },
    });
    for (const u of [alice.userId, bob.userId]) {
      expect(await directoryOf(u)).toEqual([{ k: "slack://channel/C0GRIDCH1", kind: "channel" }]);
    }
  });

  it("no_permission or not_in_channel on one channel skips that channel only; the connection stays usable", async () => {
    const slack = team();
    slack.addChannel({ id: "C0DENIED1", name: "locked", members: [ALICE] });
    slack.addChannel({ id: "C0GONE001", name: "left", members: [ALICE] });
    slack.addChannel({ id: "C0FINE001", name: "open", members: [ALICE] });
    const alice = await person(slack, ALICE);
    slack.denyChannel("C0DENIED1", "no_permission");
    slack.denyChannel("C0GONE001", "not_in_channel");
    const denied = slack.addMessage("C0DENIED1", { user: "U2", text: "Can you look at this today?" });
    const gone = slack.addMessage("C0GONE001", { user: "U2", text: "Can you look at this too?" });
    await drain(await postEvent(slack.eventCallback("C0DENIED1", denied)));
    await drain(await postEvent(slack.eventCallback("C0GONE001", gone)));
    const conn = await env.DB.prepare("select needs_reauth from scout_connections where scout_id = ?")
      .bind(alice.scoutId)
      .first<{ needs_reauth: number }>();
    expect(conn?.needs_reauth).toBe(0);
    const fine = slack.addMessage("C0FINE001", { user: "U2", text: "Please confirm the venue booking" });
    await drain(await postEvent(slack.eventCallback("C0FINE001", fine)));
    expect((await rowsOf(alice.scoutId)).map((r) => r.source_msg_ref)).toEqual([`C0FINE001:${fine}`]);
  });

  it("a Slack connection without a known person fails closed and asks to reconnect", async () => {
    const slack = team();
    slack.addChannel({ id: "C0ANON001", name: "general", members: [ALICE] });
    const anon = await person(slack, ALICE);
    await env.DB.prepare("update scout_connections set provider_user_id = null where scout_id = ?")
      .bind(anon.scoutId)
      .run();
    const ts = slack.addMessage("C0ANON001", { user: "U2", text: "Can you review this?" });
    await drain(await postEvent(slack.eventCallback("C0ANON001", ts)));
    expect(await rowsOf(anon.scoutId)).toEqual([]);
    const conn = await env.DB.prepare("select needs_reauth from scout_connections where scout_id = ?")
      .bind(anon.scoutId)
      .first<{ needs_reauth: number }>();
    expect(conn?.needs_reauth).toBe(1);
  });
});

describe("the webhook filters by membership before anything is queued", () => {
  it("Slack's roster unreadable in time: ids-only jobs for every candidate, no text to any hub, triage decides", async () => {
    const slack = team();
    slack.addChannel({ id: "G0DOWN001", name: "board", kind: "group", members: [ALICE, "U2"] });
    const alice = await person(slack, ALICE);
    const bob = await person(slack, BOB);
    const ts = slack.addMessage("G0DOWN001", { user: "U2", text: "Can you sign the board minutes?" });
    const healthy = toFetch(slack.handler);
    // Slack answers 503 to conversations.members for the webhook (documented transient error).
    const down: typeof healthy = (input, init) =>
      String(input instanceof Request ? input.url : input).endsWith("/conversations.members")
        ? Promise.resolve(new Response("", { status: 503 }))
        : healthy(input, init);
    const logger = createMemoryLogger();
    const queue = recordingQueue();
    const body = JSON.stringify(slack.eventCallback("G0DOWN001", ts));
    const stamp = String(Math.floor(Date.now() / 1000));
    const sig = await signSlackRequest({ signingSecret: SIGNING_SECRET, timestamp: stamp, rawBody: body });
    const started = Date.now();
    const res = await callApp(
      {
        env: testEnv({ ...VARS, SLACK_SIGNING_SECRET: SIGNING_SECRET, JOBS: queue.queue }),
        options: { fetch: down, logger },
      },
      "https://scouts.test/webhooks/slack",
      { method: "POST", headers: { "x-slack-request-timestamp": stamp, "x-slack-signature": sig }, body },
    );
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3_000); // inside Slack's 3-second window
    const jobs = queue.sent as ScoutJob[];
    expect(jobs.map((j) => j.scoutId).sort()).toEqual([alice.scoutId, bob.scoutId].sort());
    expect(logger.lines.find((l) => l.event === "slack_event_enqueued")?.fields).toMatchObject({
      jobs: 2,
      members: 0,
    });
    await drain(jobs);
    expect((await rowsOf(alice.scoutId)).map((r) => r.source_msg_ref)).toEqual([`G0DOWN001:${ts}`]);
    expect(await rowsOf(bob.scoutId)).toEqual([]);
  });

  it("a connection whose token no longer opens gets no text: at most an ids-only job, refused by triage", async () => {
    const slack = team();
    slack.addChannel({ id: "C0REVOKE1", name: "general", members: [ALICE, BOB, "U2"] });
    const alice = await person(slack, ALICE);
    const bob = await person(slack, BOB);
    await env.DB.prepare("update scout_connections set token_ciphertext = ? where scout_id = ?")
      .bind("v1.not-a-sealed-token", bob.scoutId)
      .run();
    const ts = slack.addMessage("C0REVOKE1", { user: "U2", text: "Can you approve the invoice today?" });
    const logger = createMemoryLogger();
    const queue = recordingQueue();
    const body = JSON.stringify(slack.eventCallback("C0REVOKE1", ts));
    const stamp = String(Math.floor(Date.now() / 1000));
    const sig = await signSlackRequest({ signingSecret: SIGNING_SECRET, timestamp: stamp, rawBody: body });
    const res = await callApp(
      {
        env: testEnv({ ...VARS, SLACK_SIGNING_SECRET: SIGNING_SECRET, JOBS: queue.queue }),
        options: { fetch: toFetch(slack.handler), logger },
      },
      "https://scouts.test/webhooks/slack",
      { method: "POST", headers: { "x-slack-request-timestamp": stamp, "x-slack-signature": sig }, body },
    );
    expect(res.status).toBe(200);
    const fields = logger.lines.find((l) => l.event === "slack_event_enqueued")?.fields;
    // Alice is a known member (text to her hub); Bob's membership is unknown (ids only).
    expect(fields).toMatchObject({ members: 1 });
    await drain(queue.sent as ScoutJob[]);
    expect((await rowsOf(alice.scoutId)).map((r) => r.source_msg_ref)).toEqual([`C0REVOKE1:${ts}`]);
    expect(await rowsOf(bob.scoutId)).toEqual([]);
  });

  it("an event only non-members could see queues nothing at all", async () => {
    const slack = team();
    slack.addChannel({ id: "G0NOBODY1", name: "execs", kind: "group", members: ["U7", "U8"] });
    await person(slack, ALICE);
    await person(slack, BOB);
    const ts = slack.addMessage("G0NOBODY1", { user: "U7", text: "Layoff list attached" });
    expect(await postEvent(slack.eventCallback("G0NOBODY1", ts))).toEqual([]);
  });
});

describe("harvest and delivery follow membership (property)", () => {
  const kinds = ["channel", "group", "im", "mpim"] as const;
  const prefix = { channel: "C", group: "G", im: "D", mpim: "G" } as const;
  const people = ["U0P1", "U0P2", "U0P3"];

  it("each person's rows and directory hold only conversations they are in, and every such message", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom(...kinds),
            members: fc.subarray(people, { minLength: 1 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        async (convs, picks) => {
          const slack = team();
          const ids = convs.map(
            (c, i) => `${prefix[c.kind]}0PROP${i}${crypto.randomUUID().slice(0, 4).toUpperCase()}`,
          );
          convs.forEach((c, i) => {
            slack.addChannel({
              id: ids[i]!,
              name: c.kind === "im" ? "" : `room-${i}`,
              kind: c.kind,
              members: [...c.members, "U9SENDER"],
            });
          });
          const scouts = new Map<string, Awaited<ReturnType<typeof person>>>();
          for (const p of people) scouts.set(p, await person(slack, p));
          const posted: Array<{ conv: number; ref: string }> = [];
          for (const pick of picks) {
            const conv = pick % convs.length;
            const ts = slack.addMessage(ids[conv]!, {
              user: "U9SENDER",
              text: `Could you review item ${pick} today?`,
            });
            posted.push({ conv, ref: `${ids[conv]}:${ts}` });
            const jobs = await postEvent(slack.eventCallback(ids[conv]!, ts));
            const inConv = convs[conv]!.members.map((p) => scouts.get(p)!.scoutId);
            expect(jobs.map((j) => j.scoutId).sort()).toEqual([...inConv].sort());
            await drain(jobs);
          }
          for (const p of people) {
            const s = scouts.get(p)!;
            const mine = new Set(convs.flatMap((c, i) => (c.members.includes(p) ? [ids[i]!] : [])));
            const rows = (await rowsOf(s.scoutId)).map((r) => r.source_msg_ref);
            expect(rows.every((r) => mine.has(r.split(":")[0]!))).toBe(true);
            expect(rows.sort()).toEqual(
              posted
                .filter((x) => mine.has(ids[x.conv]!))
                .map((x) => x.ref)
                .sort(),
            );
            const dir = (await directoryOf(s.userId)).map((w) => w.k);
            expect(dir.every((k) => [...mine].some((id) => k.endsWith(`/${id}`)))).toBe(true);
          }
        },
      ),
      { numRuns: 5 },
    );
  }, 120_000);
});
