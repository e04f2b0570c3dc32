/**
 * Cloudflare's per-invocation limits on **Workers Paid** (the plan this budget assumes): D1
 * "Queries per Worker invocation: 1000 (Workers Paid) / 50 (Free)", and Workers subrequests 1,000
 * per request (older Paid docs; newer say 10,000; Free: 50). The consumer plans for half of each,
 * so a cost that grows a little is caught by the budget test, not production. On Free (50 and
 * 50) one sync job's reservation (20 queries, 21 subrequests) fits but a batch of ten does not,
 * and stage 1 would not fit Free's 10 ms of CPU: the pipeline needs Paid.
 *
 * A D1 `batch()` counts one query per statement in it: "Limits for individual queries (listed
 * above) apply to each individual statement contained within a batch statement" (D1 docs,
 * Platform › Limits, "Batch limits" note; cloudflare/cloudflare-docs#17015 added it to say query
 * limits apply to each query inside a `db.batch`). Every cost below is counted that way.
 */
export const INVOCATION_LIMITS = { queries: 500, subrequests: 500 } as const;

/**
 * Worst case measured for one item triaged (auto-trashed spam, events on: dedupe read, row,
 * run log, event, ledger read and write; `messages.get`, the sent-mail lookup, the trash call,
 * the hub, the event's queue send). `invocation-budget.workers.test.ts` measures it again.
 */
export const ITEM_COST = { queries: 8, subrequests: 5 } as const;

/**
 * One batch message's own cost besides the items it triages (a sync job: scout read, cursor,
 * mark-run, run log, event, owed pull-forward; `history.list`, a token refresh, a hub call, and
 * the scout's `sendAs.list` for the reader, once per scout per invocation).
 */
export const JOB_COST = { queries: 12, subrequests: 9 } as const;

/**
 * A sync job's own fan-out besides JOB_COST, reserved for every sync job: its first history
 * page's refs sent on as triage jobs (500 refs, 5 `sendBatch`), after a 404 the resync's
 * `getProfile` and first `messages.list`, and when more history waits the partial cursor's time
 * (one `messages.get`), its state and the continuation job.
 */
export const FANOUT_FIRST_COST = { queries: 1, subrequests: 9 } as const;

/** Each further page a sync job lists (`history.list`, or a gap resync's `messages.list`) and 5 `sendBatch` of 100 refs. */
export const FANOUT_PAGE_COST = { queries: 0, subrequests: 6 } as const;

export interface Cost {
  queries: number;
  subrequests: number;
}

/**
 * One queue invocation's allowance of D1 queries and subrequests, spent by worst-case cost:
 * each batch message reserves its own, and a sync job triages inline only the refs `admit`
 * lets through (the rest become ordinary triage jobs, run by later invocations). Memory only.
 * @example const budget = createInvocationBudget(); budget.reserveJobs(batch.messages.length); const k = budget.admit(refs.length);
 */
export function createInvocationBudget(
  limits: Cost = INVOCATION_LIMITS,
  item: Cost = ITEM_COST,
  job: Cost = JOB_COST,
) {
  for (const c of [limits, item, job])
    if (!(c.queries >= 0 && c.subrequests >= 0 && Number.isFinite(c.queries + c.subrequests)))
      throw new RangeError(
        `invocation budget: costs must be finite and non-negative, got ${JSON.stringify(c)}`,
      );
  if (item.queries + item.subrequests <= 0)
    throw new RangeError("invocation budget: an item must cost something");
  const spent: Cost = { queries: 0, subrequests: 0 };
  const charge = (c: Cost, n: number) => {
    spent.queries += c.queries * n;
    spent.subrequests += c.subrequests * n;
  };
  const fits = (c: Cost, n: number) =>
    spent.queries + c.queries * n <= limits.queries &&
    spent.subrequests + c.subrequests * n <= limits.subrequests;
  return {
    /** Reserves the batch's own messages (each may also be one triaged item: a triage job). */
    reserveJobs(n: number): void {
      charge(job, n);
      charge(item, n);
    },
    /**
     * Reserves one more job run in this invocation (its own cost, one item, and for a history
     * sync its first page of fan-out) if all of it fits; false, and nothing charged, if not.
     */
    tryReserveJob(sync: boolean): boolean {
      const c: Cost = {
        queries: job.queries + item.queries + (sync ? FANOUT_FIRST_COST.queries : 0),
        subrequests: job.subrequests + item.subrequests + (sync ? FANOUT_FIRST_COST.subrequests : 0),
      };
      if (!fits(c, 1)) return false;
      charge(c, 1);
      return true;
    },
    /** Reserves the first page of fan-out of `n` sync jobs (each lists at least one page). */
    reserveSyncs(n: number): void {
      charge(FANOUT_FIRST_COST, n);
    },
    /** How many of `n` items may be triaged now (0..n); those are charged. */
    admit(n: number): number {
      let k = Math.max(0, Math.floor(n));
      while (k > 0 && !fits(item, k)) k--;
      charge(item, k);
      return k;
    },
    /** How many history pages a sync job may list now besides its reserved first one (0..n); charged. */
    admitPages(n: number): number {
      let k = Math.max(0, Math.floor(n));
      while (k > 0 && !fits(FANOUT_PAGE_COST, k)) k--;
      charge(FANOUT_PAGE_COST, k);
      return k;
    },
    /** Gives back history pages admitted but not read (the listing ended sooner). */
    refundPages(n: number): void {
      charge(FANOUT_PAGE_COST, -Math.max(0, Math.floor(n)));
    },
    /** What the invocation has reserved so far (worst case, never less than it used). */
    get spent(): Readonly<Cost> {
      return { ...spent };
    },
  };
}
export type InvocationBudget = ReturnType<typeof createInvocationBudget>;
