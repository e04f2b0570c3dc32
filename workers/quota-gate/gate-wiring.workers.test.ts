import { env, runInDurableObject } from "cloudflare:test";
import { GMAIL_QUOTA_POLICY } from "@scouts/core/connectors/http/quota-grants";
import { createD1Db } from "@scouts/db/d1";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import { GMAIL_FAKE_VARS, type GmailWorld, gmailWorld, runSyncJob } from "../test/gmail-fixtures.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import { recordingSender } from "../test/pipeline-fixtures.ts";
import type { QuotaGate } from "./quota-gate.ts";

const db = createD1Db(env.DB);
const ns = env.QUOTA_GATE as DurableObjectNamespace<QuotaGate>;
let world: GmailWorld;

beforeEach(() => {
  world = gmailWorld(db);
  Object.assign(testOverrides, {
    fetch: world.fetch,
    vars: GMAIL_FAKE_VARS,
    jobs: recordingSender(),
    logger: createMemoryLogger(),
    events: null,
    inlineTriageMax: 0,
  });
});
afterEach(() => {
  resetTestOverrides();
});

describe("the Worker's Gmail connector draws on the mailbox's QuotaGate", () => {
  it("a queued sync charges the mailbox's gate (a lease), not a bucket of its own", async () => {
    const mailbox = `wired-${crypto.randomUUID()}@example.com`;
    const s = await world.gmailScout(mailbox);
    world.gmail.addMessage(mailbox, { raw: rfc822({ from: "a@example.org", subject: "hi", body: "hello" }) });
    expect((await runSyncJob(s.scoutId)).explicitAcks).toHaveLength(1);
    expect(world.gmail.quota.total(mailbox)).toBeGreaterThan(0);
    const bucket = await runInDurableObject(ns.get(ns.idFromName(`gmail:${mailbox}`)), (_gate, state) =>
      state.storage.get<{ tokens: number }>("bucket"),
    );
    expect(bucket?.tokens).toBeLessThan(GMAIL_QUOTA_POLICY.burst);
  });

  it("an unreachable gate: the sync job is retried and Gmail is not called", async () => {
    const mailbox = `gate-down-${crypto.randomUUID()}@example.com`;
    const s = await world.gmailScout(mailbox);
    world.gmail.addMessage(mailbox, { raw: rfc822({ from: "a@example.org", subject: "hi", body: "hello" }) });
    const down = {
      idFromName: (name: string) => ns.idFromName(name),
      get: () => ({ grant: () => Promise.reject(new Error("Network connection lost.")) }),
    } as unknown as DurableObjectNamespace;
    const result = await runSyncJob(s.scoutId, { QUOTA_GATE: down });
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toHaveLength(1);
    expect(world.gmail.quota.total(mailbox)).toBe(0);
  });
});
