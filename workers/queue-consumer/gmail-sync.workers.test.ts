import { env } from "cloudflare:test";
import { createD1Db } from "@scouts/db/d1";
import { scoutConnections, scoutRunLogs } from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeGmail, rfc822 } from "../../tests/fakes/gmail/index.ts";
import type { FakeGoogleOAuth } from "../../tests/fakes/google-oauth.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import { GMAIL_FAKE_VARS, type GmailWorld, gmailWorld, runSyncJob } from "../test/gmail-fixtures.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import { recordingSender } from "../test/pipeline-fixtures.ts";

/** The real Gmail connector (CONNECTORS) behind the queue consumer, talking to the fake Gmail API. */
const VARS = GMAIL_FAKE_VARS;
const db = createD1Db(env.DB);
let gmail: FakeGmail;
let oauth: FakeGoogleOAuth;
let sender: ReturnType<typeof recordingSender>;
let gmailScout: GmailWorld["gmailScout"];

beforeEach(() => {
  const world = gmailWorld(db);
  ({ gmail, oauth, gmailScout } = world);
  sender = recordingSender();
  Object.assign(testOverrides, {
    fetch: world.fetch,
    vars: VARS,
    jobs: sender,
    logger: createMemoryLogger(),
    events: null,
    // The fan-out path; inline triage of small pages is tested in inline-triage.workers.test.ts.
    inlineTriageMax: 0,
  });
});
afterEach(() => {
  resetTestOverrides();
});

const sync = (scoutId: string) => runSyncJob(scoutId);
const connection = async (scoutId: string) =>
  (await db.select().from(scoutConnections).where(eq(scoutConnections.scoutId, scoutId)).get())!;
const runLogs = (scoutId: string) =>
  db.select().from(scoutRunLogs).where(eq(scoutRunLogs.scoutId, scoutId)).all();

describe("sync through the Gmail connector", () => {
  it("a history.list 404 (stale cursor) becomes a bounded full resync and moves the cursor to now", async () => {
    const mailbox = `stale-${crypto.randomUUID()}@example.com`;
    const s = await gmailScout(mailbox);
    const ids = Array.from(
      { length: 4 },
      (_, i) =>
        gmail.addMessage(mailbox, { raw: rfc822({ from: "a@example.org", subject: `m${i}`, body: "hello" }) })
          .id,
    );
    gmail.expireHistory(mailbox);
    const res = await sync(s.scoutId);
    expect(res.explicitAcks).toHaveLength(1);
    expect(sender.sent.map((j) => (j.kind === "triage" ? j.ref.id : "")).sort()).toEqual([...ids].sort());
    expect((await connection(s.scoutId)).historyCursor).toBe(gmail.historyId(mailbox));
    expect((await runLogs(s.scoutId)).map((l) => l.outcome)).toContain("full_resync");
  });

  it("invalid_grant on refresh marks needs_reauth, acks the job, and later jobs skip the provider", async () => {
    const mailbox = `revoked-${crypto.randomUUID()}@example.com`;
    const s = await gmailScout(mailbox);
    gmail.addMessage(mailbox, { raw: rfc822({ from: "a@example.org", subject: "hi", body: "hello" }) });
    oauth.revoke(s.refreshToken);
    const first = await sync(s.scoutId);
    expect(first.explicitAcks).toHaveLength(1);
    expect(first.retryMessages).toEqual([]);
    expect((await connection(s.scoutId)).needsReauth).toBe(true);
    expect((await runLogs(s.scoutId)).map((l) => l.outcome)).toContain("needs_reauth");
    const calls = oauth.tokenCalls + gmail.calls.length;
    const second = await sync(s.scoutId);
    expect(second.explicitAcks).toHaveLength(1);
    expect(oauth.tokenCalls + gmail.calls.length).toBe(calls);
    expect(sender.sent).toEqual([]);
  });
});

describe("Retry-After is handed to the queue, never slept in the consumer", () => {
  it("a 429 asking for an hour: the job retries with delaySeconds 3600 and the handler returns at once", async () => {
    const mailbox = `hour-${crypto.randomUUID()}@example.com`;
    const s = await gmailScout(mailbox);
    gmail.addMessage(mailbox, { raw: rfc822({ from: "a@example.org", subject: "Later", body: "x" }) });
    gmail.faults.set({ rate: 1, kinds: ["429"], retryAfterSeconds: 3600 });
    const started = Date.now();
    const res = await sync(s.scoutId);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.retryMessages).toHaveLength(1);
    const logger = testOverrides.logger as ReturnType<typeof createMemoryLogger>;
    const retry = logger.lines.find((l) => l.event === "queue.sync_retry");
    expect(retry?.fields).toMatchObject({ code: "rate_limited", delaySeconds: 3600 });
    // One Gmail call: the long wait was not spent retrying in process either.
    expect(gmail.calls.filter((c) => c.user === mailbox)).toHaveLength(1);
  });
});
