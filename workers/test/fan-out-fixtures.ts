import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import type { Cost } from "@scouts/core/pipeline/invocation-budget";
import type { FetchLike } from "@scouts/core/ports";
import type { ScoutJob, TriageJob } from "@scouts/core/protocol/jobs";
import { createD1Db } from "@scouts/db/d1";
import { scoutConnections } from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import worker from "./entry.ts";
import { GMAIL_FAKE_VARS, gmailWorld } from "./gmail-fixtures.ts";
import { testEnv } from "./harness.ts";
import { cost, counted, meter, metered, metering } from "./metering.ts";
import { testOverrides } from "./overrides.ts";
import { keywordClassifier, recordingSender } from "./pipeline-fixtures.ts";

/** Set-up shared by the fan-out and gap-resync tests: a Gmail backlog and the queue run by hand. */
export const db = createD1Db(env.DB);
export const PAGE = 500;

/**
 * One connected Gmail scout with a settled cursor and `pages` × 500 new messages behind it:
 * `history.list` answers 500 records a page, so the backlog spans `pages` pages. `spacedMs`:
 * each message's internalDate that far after the one before (else all arrive now).
 */
export async function backlog(pages: number, budget?: Cost, opts: { spacedMs?: number } = {}) {
  const world = gmailWorld(db);
  const sender = recordingSender();
  Object.assign(testOverrides, {
    fetch: ((input, init) => {
      metering.current.fetches++;
      return world.fetch(input, init);
    }) satisfies FetchLike,
    vars: GMAIL_FAKE_VARS,
    jobs: {
      sendBatch: (jobs: ScoutJob[]) => counted(metering.current, "queueSends", () => sender.sendBatch(jobs)),
    },
    logger: createMemoryLogger(),
    classifier: keywordClassifier,
    ...(budget ? { invocationBudget: budget } : {}),
  });
  const mailbox = `fanout-${crypto.randomUUID()}@example.com`;
  const s = await world.gmailScout(mailbox);
  const ids: string[] = [];
  const first = Date.now() - pages * PAGE * (opts.spacedMs ?? 0);
  for (let i = 0; i < pages * PAGE; i++)
    ids.push(
      world.gmail.addMessage(mailbox, {
        raw: rfc822({ from: `s${i}@senders.example.org`, to: mailbox, subject: `n${i}`, body: "hello" }),
        ...(opts.spacedMs ? { internalDate: first + i * opts.spacedMs } : {}),
      }).id,
    );
  return { world, sender, mailbox, scoutId: s.scoutId, userId: s.userId, refreshToken: s.refreshToken, ids };
}

export async function runBatch(bodies: ScoutJob[], queue = "scouts-jobs") {
  const m = meter();
  const batch = createMessageBatch(
    queue,
    bodies.map((body) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...testEnv(GMAIL_FAKE_VARS), ...metered(m) }, ctx);
  return { result: await getQueueResult(batch, ctx), cost: cost(m) };
}

/** Runs sync jobs (the first, then each continuation the consumer sends) until none is left. */
export async function drainSyncs(b: Awaited<ReturnType<typeof backlog>>, between?: (k: number) => void) {
  const invocations = [];
  let syncs: ScoutJob[] = [{ kind: "sync", scoutId: b.scoutId, trigger: "poll" }];
  const triage: TriageJob[] = [];
  for (let k = 0; syncs.length > 0; k++) {
    expect(k).toBeLessThan(60); // a listing that never ends fails here, not by timeout
    between?.(k);
    const { result, cost } = await runBatch(syncs);
    expect(result.retryMessages).toEqual([]);
    invocations.push(cost);
    const sent = b.sender.sent.splice(0);
    syncs = sent.filter((j) => j.kind === "sync");
    triage.push(...sent.filter((j): j is TriageJob => j.kind === "triage"));
  }
  const [conn] = await db
    .select({ cursor: scoutConnections.historyCursor })
    .from(scoutConnections)
    .where(eq(scoutConnections.scoutId, b.scoutId))
    .all();
  return { invocations, triage, cursor: conn?.cursor };
}

export async function cursorOf(scoutId: string) {
  const [conn] = await db
    .select({ cursor: scoutConnections.historyCursor, needsReauth: scoutConnections.needsReauth })
    .from(scoutConnections)
    .where(eq(scoutConnections.scoutId, scoutId))
    .all();
  return conn;
}

/** One invocation of `jobs`; what it sent on, split into sync and triage jobs. */
export async function step(b: Awaited<ReturnType<typeof backlog>>, jobs: ScoutJob[], queue?: string) {
  const r = await runBatch(jobs, queue);
  const sent = b.sender.sent.splice(0);
  return {
    ...r,
    syncs: sent.filter((j) => j.kind === "sync"),
    triage: sent.filter((j): j is TriageJob => j.kind === "triage"),
  };
}

export const within = (c: Cost, limits: Cost) => {
  expect(c.queries).toBeLessThanOrEqual(limits.queries);
  expect(c.subrequests).toBeLessThanOrEqual(limits.subrequests);
};

/**
 * A fetch that answers Gmail requests whose path ends with `pathEnd` through `answer` (handed the
 * URL, the fake's own fetch and the request's init) and passes every other request to `real`.
 *
 * @example Object.assign(testOverrides, { fetch: gmailAnswering(real, "/history", () => Response.json({})) });
 */
export function gmailAnswering(
  real: FetchLike,
  pathEnd: string,
  answer: (url: URL, real: FetchLike, init: Parameters<FetchLike>[1]) => Response | Promise<Response>,
): FetchLike {
  return (async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return url.pathname.endsWith(pathEnd) ? answer(url, real, init) : real(input, init);
  }) satisfies FetchLike;
}
