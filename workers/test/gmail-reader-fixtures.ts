import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import type { ItemContent } from "@scouts/core/connectors/source-connector";
import type { FetchLike } from "@scouts/core/ports";
import type { TriageJob } from "@scouts/core/protocol/jobs";
import type { RuleContext } from "@scouts/core/triage/rules/types";
import { createStage1Classifier } from "@scouts/core/triage/stage1";
import type { Stage1Classifier, Stage1Verdict } from "@scouts/core/triage/stage1-contract";
import { createD1Db } from "@scouts/db/d1";
import { afterEach, beforeEach, vi } from "vitest";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import worker from "./entry.ts";
import { GMAIL_FAKE_VARS, type GmailWorld, gmailWorld } from "./gmail-fixtures.ts";
import { testEnv } from "./harness.ts";
import { connectDevice, type TestDevice } from "./hub-client.ts";
import { resetTestOverrides, testOverrides } from "./overrides.ts";
import { makeDevice, recordingSender } from "./pipeline-fixtures.ts";

/**
 * Set-up shared by the Gmail reader tests (`gmail-reader`, `gmail-send-as`): a fresh fake Gmail
 * per test, a scout with a connected device, triage batches through the Worker's queue handler.
 */
export const db = createD1Db(env.DB);
const stage1 = createStage1Classifier();

/** The real stage 1, recording what it was given and what it said, per sender. */
export function recordingStage1() {
  const seen: Array<{ from: string; rules: RuleContext | undefined; verdict: Stage1Verdict }> = [];
  const classifier: Stage1Classifier = {
    name: stage1.name,
    async classify(item: ItemContent, rules?: RuleContext) {
      const verdict = await stage1.classify(item, rules);
      seen.push({ from: item.metadata?.from ?? "", rules, verdict });
      return verdict;
    },
  };
  return { classifier, seen };
}

export const lunch = (from: string, to: string, cc?: string) =>
  rfc822({
    from,
    to,
    subject: "Lunch on Friday?",
    body: "Are you free for lunch on Friday at noon? The usual place.",
    ...(cc ? { headers: { Cc: cc } } : {}),
  });

/** One `scouts-jobs` batch of triage jobs for `ids`, through the Worker's queue handler. */
export async function triageBatch(scoutId: string, ids: string[]) {
  const batch = createMessageBatch(
    "scouts-jobs",
    ids.map((id, i) => ({
      id: `m${i}-${crypto.randomUUID()}`,
      timestamp: new Date(),
      attempts: 1,
      body: { kind: "triage", scoutId, ref: { source: "gmail", id } } satisfies TriageJob,
    })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, testEnv(GMAIL_FAKE_VARS), ctx);
  return getQueueResult(batch, ctx);
}

/** Registers the per-test fake Gmail; what the tests use of it, read when each test runs. */
export function readerWorld() {
  let world: GmailWorld;
  beforeEach(() => {
    world = gmailWorld(db);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    resetTestOverrides();
  });
  return {
    get world() {
      return world;
    },
    async scoutWithDevice(): Promise<{ mailbox: string; scoutId: string; device: TestDevice }> {
      const mailbox = `reader-${crypto.randomUUID()}@example.com`;
      const s = await world.gmailScout(mailbox);
      const deviceId = await makeDevice(db, s.userId);
      const device = await connectDevice(
        env.DEVICE_HUB.get(env.DEVICE_HUB.idFromName(s.userId)),
        "http://hub/connect",
        { "x-scouts-user-id": s.userId, "x-scouts-device-id": deviceId },
      );
      await device.waitFor((f) => f.some((x) => x.type === "welcome"));
      return { mailbox, scoutId: s.scoutId, device };
    },
    /** Gmail searches for sent mail (the reader lookups) so far. */
    sentLookups: () => world.gmail.calls.filter((c) => c.call === "list" && c.query.includes("q=")),
    use(classifier: Stage1Classifier, fetch: FetchLike = world.fetch) {
      Object.assign(testOverrides, {
        fetch,
        vars: GMAIL_FAKE_VARS,
        events: null,
        jobs: recordingSender(),
        classifier,
      });
    },
  };
}
