import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createFakeGoogleSigner, type FakeGoogleSigner } from "../../../tests/fakes/google-jwks.ts";
import { toFetch } from "../../../tests/fakes/handler.ts";
import type { Env } from "../../env.ts";
import { createMemoryLogger } from "../../shared/logger.ts";
import { callApp, testEnv } from "../../test/harness.ts";
import { recordingQueue, seedConnectedScout } from "../../test/records.ts";

const AUDIENCE = "https://scouts.test/webhooks/gmail";
const SERVICE_ACCOUNT = "gmail-push@scouts-test.iam.gserviceaccount.com";
const URL_ = "https://scouts.test/webhooks/gmail";

let google: FakeGoogleSigner;
beforeAll(async () => {
  google = await createFakeGoogleSigner({ audience: AUDIENCE, serviceAccount: SERVICE_ACCOUNT });
});

function pushBody(data: unknown): string {
  const encoded = typeof data === "string" ? data : btoa(JSON.stringify(data));
  return JSON.stringify({
    message: { data: encoded, messageId: "m1", publishTime: "2026-11-22T00:00:00Z" },
    subscription: "projects/p/subscriptions/s",
  });
}

async function push(
  body: string,
  token: string | null,
  vars: Record<string, unknown> = {},
  logger = createMemoryLogger(),
) {
  const jobs = recordingQueue(vars.failQueue ? { fail: true } : {});
  const e: Env = testEnv({
    PUBSUB_AUDIENCE: AUDIENCE,
    PUBSUB_SERVICE_ACCOUNT: SERVICE_ACCOUNT,
    JOBS: jobs.queue,
    ...vars,
  });
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const res = await callApp({ env: e, options: { fetch: toFetch(google.handler), logger } }, URL_, {
    method: "POST",
    headers,
    body,
  });
  return { res, sent: jobs.sent, logger };
}

describe("POST /webhooks/gmail", () => {
  it("decodes the REFERENCE test vector, records the notification and enqueues a sync job before 204", async () => {
    const { scoutId } = await seedConnectedScout({
      email: "owner1@example.com",
      sourceType: "gmail",
      accountRef: "user@example.com",
    });
    const vector = "eyJlbWFpbEFkZHJlc3MiOiAidXNlckBleGFtcGxlLmNvbSIsICJoaXN0b3J5SWQiOiAiMTIzNDU2Nzg5MCJ9";
    const { res, sent } = await push(pushBody(vector), await google.tokens.valid());
    expect(res.status).toBe(204);
    expect(sent).toEqual([{ kind: "sync", scoutId, historyId: "1234567890", trigger: "push" }]);
    const row = await env.DB.prepare("select last_notification_at as t from scouts where id = ?")
      .bind(scoutId)
      .first<{ t: number }>();
    expect(row?.t).toBeGreaterThan(Date.now() - 60_000);
  });

  it("sends the job on the real queue binding", async () => {
    await seedConnectedScout({
      email: "owner-real@example.com",
      sourceType: "gmail",
      accountRef: "real-queue@example.com",
    });
    const jobs = recordingQueue({ forwardTo: env.JOBS });
    const e = testEnv({
      PUBSUB_AUDIENCE: AUDIENCE,
      PUBSUB_SERVICE_ACCOUNT: SERVICE_ACCOUNT,
      JOBS: jobs.queue,
    });
    const res = await callApp({ env: e, options: { fetch: toFetch(google.handler) } }, URL_, {
      method: "POST",
      headers: { authorization: `Bearer ${await google.tokens.valid()}` },
      body: pushBody({ emailAddress: "real-queue@example.com", historyId: "77" }),
    });
    expect(res.status).toBe(204);
    expect(jobs.sent).toHaveLength(1);
  });

  const negatives: [string, (g: FakeGoogleSigner) => Promise<string>, number, string][] = [
    ["wrong audience", (g) => g.tokens.wrongAudience(), 403, "wrong_audience"],
    ["wrong service-account email", (g) => g.tokens.wrongEmail(), 403, "wrong_email"],
    ["email_verified false", (g) => g.tokens.unverified(), 403, "email_unverified"],
    ["email_verified as a string", (g) => g.tokens.unverifiedString(), 403, "email_unverified"],
    ["expired", (g) => g.tokens.expired(), 401, "expired"],
    ["alg:none", (g) => g.tokens.algNone(), 401, "alg_not_allowed"],
    ["HS256 signed with the public key", (g) => g.tokens.hs256WithPublicKey(), 401, "alg_not_allowed"],
    ["unknown kid", (g) => g.tokens.unknownKid(), 401, "unknown_kid"],
    ["wrong key under the right kid", (g) => g.tokens.wrongKeySameKid(), 401, "bad_signature"],
    ["tampered payload", (g) => g.tokens.tamperedPayload(), 401, "bad_signature"],
    ["wrong issuer", (g) => g.tokens.wrongIssuer(), 401, "wrong_issuer"],
  ];
  it.each(negatives)(
    "refuses a token with %s (%i) and enqueues nothing",
    async (_name, make, status, reason) => {
      await seedConnectedScout({
        email: `neg-${reason}-${status}@example.com`,
        sourceType: "gmail",
        accountRef: "victim@example.com",
      });
      const { res, sent } = await push(
        pushBody({ emailAddress: "victim@example.com", historyId: "5" }),
        await make(google),
      );
      expect(res.status).toBe(status);
      const body = (await res.json()) as { error: { code: string; details: { reason: string } } };
      expect(body.error.details.reason).toBe(reason);
      expect(sent).toEqual([]);
    },
  );

  it("refuses a missing Authorization header with 401", async () => {
    const { res, sent } = await push(pushBody({ emailAddress: "victim@example.com", historyId: "5" }), null);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthenticated");
    expect(sent).toEqual([]);
  });

  it("answers 503 when Google's JWKS cannot be fetched (Pub/Sub retries)", async () => {
    const down = async () => new Response("unavailable", { status: 503 });
    const jobs = recordingQueue();
    const e = testEnv({
      PUBSUB_AUDIENCE: AUDIENCE,
      PUBSUB_SERVICE_ACCOUNT: SERVICE_ACCOUNT,
      JOBS: jobs.queue,
    });
    const res = await callApp({ env: e, options: { fetch: down } }, URL_, {
      method: "POST",
      headers: { authorization: `Bearer ${await google.tokens.valid()}` },
      body: pushBody({ emailAddress: "x@example.com", historyId: "5" }),
    });
    expect(res.status).toBe(503);
  });

  it.each([
    ["non-JSON body", "not json {", "body_not_json"],
    ["undecodable data", pushBody("%%%not-base64%%%"), "bad_notification"],
    ["data that is base64 of non-JSON", pushBody(btoa("hello world")), "bad_notification"],
    ["historyId 0", pushBody({ emailAddress: "user@example.com", historyId: "0" }), "bad_notification"],
    [
      "historyId not a number",
      pushBody({ emailAddress: "user@example.com", historyId: "12abc" }),
      "bad_notification",
    ],
    ["no emailAddress", pushBody({ historyId: "5" }), "bad_notification"],
    [
      "unknown mailbox",
      pushBody({ emailAddress: "nobody-here@example.com", historyId: "5" }),
      "unknown_mailbox",
    ],
  ])("acks (204) and logs a permanently bad payload: %s", async (_name, body, reason) => {
    const { res, sent, logger } = await push(body, await google.tokens.valid());
    expect(res.status).toBe(204);
    expect(sent).toEqual([]);
    expect(logger.lines.find((l) => l.event === "gmail_push_poison")?.fields).toMatchObject({ reason });
  });

  it("answers 503 when the enqueue fails, so Pub/Sub redelivers", async () => {
    await seedConnectedScout({
      email: "owner-q@example.com",
      sourceType: "gmail",
      accountRef: "queue-down@example.com",
    });
    const { res } = await push(
      pushBody({ emailAddress: "queue-down@example.com", historyId: "9" }),
      await google.tokens.valid(),
      {
        failQueue: true,
      },
    );
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("upstream_unavailable");
  });

  it("answers 503 when the database fails", async () => {
    const brokenDb = {
      prepare: () => {
        throw new Error("D1_ERROR: simulated outage");
      },
      batch: () => Promise.reject(new Error("D1 down")),
    };
    const { res } = await push(
      pushBody({ emailAddress: "user@example.com", historyId: "9" }),
      await google.tokens.valid(),
      {
        DB: brokenDb,
      },
    );
    expect(res.status).toBe(503);
  });

  it("duplicate and out-of-order notifications: each new one syncs, ones behind the cursor do not (BigInt compare)", async () => {
    const { scoutId } = await seedConnectedScout({
      email: "owner-order@example.com",
      sourceType: "gmail",
      accountRef: "order@example.com",
      historyCursor: "9007199254740993",
    });
    const token = await google.tokens.valid();
    const notify = (historyId: string) =>
      push(pushBody({ emailAddress: "order@example.com", historyId }), token);
    const dup1 = await notify("9007199254740995");
    const dup2 = await notify("9007199254740995");
    const older = await notify("9007199254740992"); // would equal the cursor as a JS number
    const equal = await notify("9007199254740993");
    expect([dup1, dup2, older, equal].map((r) => r.res.status)).toEqual([204, 204, 204, 204]);
    expect(dup1.sent).toEqual([{ kind: "sync", scoutId, historyId: "9007199254740995", trigger: "push" }]);
    expect(dup2.sent).toEqual(dup1.sent); // sync jobs are idempotent downstream
    expect(older.sent).toEqual([]);
    expect(equal.sent).toEqual([]);
  });

  it("skips a paused scout but still acks", async () => {
    const { scoutId } = await seedConnectedScout({
      email: "owner-paused@example.com",
      sourceType: "gmail",
      accountRef: "paused@example.com",
    });
    await env.DB.prepare("update scouts set paused_reason = 'device_inactive' where id = ?")
      .bind(scoutId)
      .run();
    const { res, sent } = await push(
      pushBody({ emailAddress: "paused@example.com", historyId: "5" }),
      await google.tokens.valid(),
    );
    expect(res.status).toBe(204);
    expect(sent).toEqual([]);
  });

  it("skips scouts that are disabled or need re-authorization but still acks", async () => {
    const { scoutId } = await seedConnectedScout({
      email: "owner-off@example.com",
      sourceType: "gmail",
      accountRef: "off@example.com",
    });
    await env.DB.prepare("update scout_connections set needs_reauth = 1 where scout_id = ?")
      .bind(scoutId)
      .run();
    const { res, sent } = await push(
      pushBody({ emailAddress: "off@example.com", historyId: "5" }),
      await google.tokens.valid(),
    );
    expect(res.status).toBe(204);
    expect(sent).toEqual([]);
  });

  it("is unavailable (503, naming the missing settings) when push is not configured", async () => {
    const res = await callApp({ env: testEnv() }, URL_, { method: "POST", body: "{}" });
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("disabled");
    expect(body.error.message).toContain("PUBSUB_AUDIENCE");
  });

  it("logs ids and codes only: no token, address or payload", async () => {
    await seedConnectedScout({
      email: "owner-log@example.com",
      sourceType: "gmail",
      accountRef: "logged@example.com",
    });
    const token = await google.tokens.valid();
    const { logger } = await push(
      pushBody({ emailAddress: "logged@example.com", historyId: "31337" }),
      token,
    );
    const text = JSON.stringify(logger.lines);
    expect(text).not.toContain(token.slice(0, 40));
    expect(text).not.toContain("logged@example.com");
    expect(text).not.toContain("31337");
  });
});
