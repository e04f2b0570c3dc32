import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { type Cost, INVOCATION_LIMITS } from "@scouts/core/pipeline/invocation-budget";
import type { FetchLike } from "@scouts/core/ports";
import type { ScoutJob } from "@scouts/core/protocol/jobs";
import { createD1Db } from "@scouts/db/d1";
import { scouts as scoutsTable, scoutTriageQueue } from "@scouts/db/schema/index";
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import { toFetch } from "../../tests/fakes/handler.ts";
import { createFakeSlack } from "../../tests/fakes/slack.ts";
import { type Env, readConfig } from "../env.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import { sealTokens } from "../shared/token-store.ts";
import worker from "../test/entry.ts";
import { GMAIL_FAKE_VARS, gmailWorld } from "../test/gmail-fixtures.ts";
import { TEST_SECRETS, testEnv } from "../test/harness.ts";
import { cost, counted, meter, metered, metering } from "../test/metering.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import { keywordClassifier, recordingSender } from "../test/pipeline-fixtures.ts";
import { seedConnectedScout } from "../test/records.ts";

afterEach(() => {
  resetTestOverrides();
});

const db = createD1Db(env.DB);
type Kind = "relevant" | "spam_trashed";

/**
 * Ten connected Gmail scouts (a batch holds at most 10 sync jobs), tokens fresh and cursors
 * settled, each with `perScout` new messages from distinct senders; events on. "spam_trashed" is
 * the costliest item: auto-trashed spam (run log, event, ledger read and write, the trash call).
 */
async function worstPage(kind: Kind, perScout: number, budget?: Cost) {
  const world = gmailWorld(db);
  const m = meter();
  const sender = recordingSender();
  const counting: FetchLike = (input, init) => {
    metering.current.fetches++;
    return world.fetch(input, init);
  };
  Object.assign(testOverrides, {
    fetch: counting,
    vars: GMAIL_FAKE_VARS,
    jobs: {
      sendBatch: (jobs: ScoutJob[]) => counted(metering.current, "queueSends", () => sender.sendBatch(jobs)),
    },
    logger: createMemoryLogger(),
    classifier: keywordClassifier,
    inlineTriageMax: 20,
    ...(budget ? { invocationBudget: budget } : {}),
  });
  const scouts = [];
  for (let k = 0; k < 10; k++) {
    const mailbox = `budget-${k}-${crypto.randomUUID()}@example.com`;
    const s = await world.gmailScout(mailbox);
    if (kind === "spam_trashed")
      await db.update(scoutsTable).set({ autoTrashSpam: true }).where(eq(scoutsTable.id, s.scoutId));
    scouts.push({ ...s, mailbox, ids: [] as string[] });
  }
  await runBatch(scouts.map((s) => sync(s.scoutId)));
  for (const [k, s] of scouts.entries())
    for (let i = 0; i < perScout; i++)
      s.ids.push(
        world.gmail.addMessage(s.mailbox, {
          raw: rfc822({
            from: `s${k}-${i}@senders.example.org`,
            to: s.mailbox,
            subject: `Invoice ${i}`,
            body: kind === "spam_trashed" ? "SPAMMY offer, act now" : "Please find the invoice attached.",
          }),
        }).id,
      );
  Object.assign(m, meter());
  sender.sent.length = 0;
  return { world, m, sender, scouts };
}

const sync = (scoutId: string): ScoutJob => ({ kind: "sync", scoutId, trigger: "poll" });

async function runBatch(bodies: ScoutJob[], over: Partial<Env> = {}) {
  const batch = createMessageBatch(
    "scouts-jobs",
    bodies.map((body) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...testEnv(GMAIL_FAKE_VARS), ...over }, ctx);
  return getQueueResult(batch, ctx);
}

const noBudget: Cost = { queries: 1e9, subrequests: 1e9 };

/** Runs the page's 10 sync jobs, then the triage jobs they handed on, 10 a batch, each invocation metered. */
async function drain(kind: Kind, budget?: Cost) {
  const page = await worstPage(kind, 20, budget);
  const { m, sender, scouts } = page;
  const first = await runBatch(
    scouts.map((s) => sync(s.scoutId)),
    metered(m),
  );
  expect(first.retryMessages).toEqual([]);
  const invocations = [cost(m)];
  while (sender.sent.length > 0) {
    const jobs = sender.sent.splice(0, 10);
    const mi = meter();
    const res = await runBatch(jobs, metered(mi));
    expect(res.retryMessages).toEqual([]);
    invocations.push(cost(mi));
  }
  const rows = await db
    .select()
    .from(scoutTriageQueue)
    .where(
      inArray(
        scoutTriageQueue.scoutId,
        scouts.map((s) => s.scoutId),
      ),
    )
    .all();
  return { ...page, invocations, rows };
}

describe("one queue invocation's platform budget (D1 queries, subrequests)", () => {
  it("measured without the budget: the worst page (10 sync jobs × 20 refs inline) goes past it in one invocation", async () => {
    const r = await drain("spam_trashed", noBudget);
    console.log(`no budget, spam_trashed: ${JSON.stringify(r.invocations)}`);
    expect(r.invocations).toHaveLength(1);
    const [one] = r.invocations;
    expect(one!.queries > INVOCATION_LIMITS.queries || one!.subrequests > INVOCATION_LIMITS.subrequests).toBe(
      true,
    );
    expect(r.rows).toHaveLength(200);
  }, 180_000);

  for (const kind of ["relevant", "spam_trashed"] as const)
    it(`${kind}: every invocation stays within the budget, the rest is handed on, every item triaged exactly once`, async () => {
      const r = await drain(kind);
      console.log(`budget, ${kind}: ${JSON.stringify(r.invocations)}`);
      for (const c of r.invocations) {
        expect(c.queries).toBeLessThanOrEqual(INVOCATION_LIMITS.queries);
        expect(c.subrequests).toBeLessThanOrEqual(INVOCATION_LIMITS.subrequests);
      }
      // The first invocation could not hold the page: it handed refs on.
      expect(r.invocations.length).toBeGreaterThan(1);
      // Exactly once: one row per message id, none missing, none twice; each spam trashed once.
      const want = r.scouts.flatMap((s) => s.ids).sort();
      expect(r.rows.map((x) => x.sourceMsgRef).sort()).toEqual(want);
      expect(r.rows.every((x) => x.verdict === (kind === "relevant" ? "relevant" : "spam"))).toBe(true);
      if (kind === "spam_trashed") {
        // Each message in Trash, and one trash call per message (none repeated by a hand-on).
        for (const s of r.scouts)
          for (const id of s.ids) expect(r.world.gmail.labelNames(s.mailbox, id)).toContain("TRASH");
        expect(r.world.gmail.calls.filter((c) => c.call === "trash" && c.status === 200)).toHaveLength(200);
      }
    }, 180_000);

  it("Slack: a full batch of events (10 channels new to the directory) stays within the budget, each triaged once", async () => {
    const slack = createFakeSlack({ teamId: `T${crypto.randomUUID().slice(0, 8).toUpperCase()}` });
    const vars = { SLACK_API_BASE: "https://slack.fake/api", TOKEN_KEYS: TEST_SECRETS.TOKEN_KEYS };
    const m = meter();
    const sender = recordingSender();
    const fakeFetch = toFetch(slack.handler);
    Object.assign(testOverrides, {
      fetch: ((input, init) =>
        counted(metering.current, "fetches", () => fakeFetch(input, init))) satisfies FetchLike,
      vars,
      jobs: {
        sendBatch: (jobs: ScoutJob[]) =>
          counted(metering.current, "queueSends", () => sender.sendBatch(jobs)),
      },
      logger: createMemoryLogger(),
      classifier: keywordClassifier,
    });
    const user = "U0ALICE";
    const seeded = await seedConnectedScout({
      email: `alice-${crypto.randomUUID()}@example.test`,
      sourceType: "slack",
      accountRef: slack.teamId,
      providerUserId: user,
    });
    const sealed = await sealTokens(readConfig(testEnv(vars)), seeded.userId, { botToken: slack.botToken });
    await env.DB.prepare(
      "update scout_connections set token_ciphertext = ?, token_key_version = ? where id = ?",
    )
      .bind(sealed.ciphertext, sealed.keyVersion, seeded.connectionId)
      .run();
    const jobs: ScoutJob[] = [];
    for (let i = 0; i < 10; i++) {
      const channel = `C0BUDGET${i}`;
      slack.addChannel({ id: channel, name: `budget-${i}`, members: [user, "U2"] });
      const ts = slack.addMessage(channel, { user: "U2", text: `Can you review draft ${i} today?` });
      jobs.push({
        kind: "sync",
        scoutId: seeded.scoutId,
        trigger: "slack_event",
        ref: { source: "slack", id: `${channel}:${ts}` },
      });
    }
    const res = await runBatch(jobs, metered(m));
    expect(res.retryMessages).toEqual([]);
    const c = cost(m);
    console.log(`slack, 10 events: ${JSON.stringify(c)}`);
    expect(c.queries).toBeLessThanOrEqual(INVOCATION_LIMITS.queries);
    expect(c.subrequests).toBeLessThanOrEqual(INVOCATION_LIMITS.subrequests);
    const rows = await db
      .select()
      .from(scoutTriageQueue)
      .where(eq(scoutTriageQueue.scoutId, seeded.scoutId))
      .all();
    expect(rows.map((r) => r.sourceMsgRef).sort()).toEqual(
      jobs.map((j) => (j.kind === "sync" ? j.ref?.id : "")).sort(),
    );
    expect(sender.sent).toEqual([]);
  }, 60_000);
});
