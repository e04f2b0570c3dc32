import { env } from "cloudflare:test";
import type { Env } from "../env.ts";

/**
 * What one invocation spent, counted on the real bindings: D1 statements (and the rows D1 bills
 * them for) and outbound requests.
 */
export interface Meter {
  d1: number;
  rowsRead: number;
  rowsWritten: number;
  fetches: number;
  doCalls: number;
  queueSends: number;
}
export const meter = (): Meter => ({
  d1: 0,
  rowsRead: 0,
  rowsWritten: 0,
  fetches: 0,
  doCalls: 0,
  queueSends: 0,
});

/** The invocation being measured: ports built from overrides (fetch, jobs) count into it too. */
export const metering = { current: meter() };

/** Counts one `k` in `m`, then runs `f`. */
export function counted<T>(m: Meter, k: keyof Meter, f: () => T): T {
  m[k]++;
  return f();
}

/**
 * D1 counting every statement run, alone or in a `batch()` (each statement of a batch counts
 * toward the per-invocation query limit: D1 docs, Platform › Limits, "Batch limits"), and adding
 * each statement's `meta.rows_read` / `rows_written` (what D1 bills). `raw()` and `first()` return
 * no meta, so `first()` is answered from `all()`, a read-only `raw()` is also run once with
 * `all()` for its meta (uncounted), and a write through `raw()` (RETURNING) counts its rows.
 */
export function countingD1(db: D1Database, m: Meter): D1Database {
  const add = (meta: { rows_read?: number; rows_written?: number }) => {
    m.rowsRead += meta.rows_read ?? 0;
    m.rowsWritten += meta.rows_written ?? 0;
  };
  const readOnly = (sql: string) => /^\s*(select|with)\b/i.test(sql);
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement =>
    ({
      bind: (...args: unknown[]) => wrap(stmt.bind(...args), sql),
      async all() {
        m.d1++;
        const r = await stmt.all();
        add(r.meta);
        return r;
      },
      async run() {
        m.d1++;
        const r = await stmt.run();
        add(r.meta);
        return r;
      },
      async first(col?: string) {
        m.d1++;
        const r = await stmt.all<Record<string, unknown>>();
        add(r.meta);
        const row = r.results[0] ?? null;
        return col ? (row?.[col] ?? null) : row;
      },
      async raw(opts?: { columnNames?: boolean }) {
        m.d1++;
        if (readOnly(sql)) add((await stmt.all()).meta);
        const rows = await stmt.raw(opts as { columnNames: true });
        if (!readOnly(sql)) m.rowsWritten += rows.length;
        return rows;
      },
      __inner: stmt,
    }) as unknown as D1PreparedStatement;
  return {
    prepare: (sql: string) => wrap(db.prepare(sql), sql),
    async batch(stmts: D1PreparedStatement[]) {
      m.d1 += stmts.length;
      const rs = await db.batch(
        stmts.map((s) => (s as unknown as { __inner: D1PreparedStatement }).__inner ?? s),
      );
      for (const r of rs) add(r.meta);
      return rs;
    },
    exec: (sql: string) => db.exec(sql),
    withSession: (c?: string) => db.withSession(c),
    dump: () => db.dump(),
  } as unknown as D1Database;
}

/** A namespace whose stubs count every RPC (each is an outbound Durable Object request). */
export function countingNamespace(ns: DurableObjectNamespace, m: Meter): DurableObjectNamespace {
  return {
    idFromName: (name: string) => ns.idFromName(name),
    idFromString: (id: string) => ns.idFromString(id),
    newUniqueId: () => ns.newUniqueId(),
    get(id: DurableObjectId) {
      const stub = ns.get(id) as unknown as Record<string, (...a: unknown[]) => unknown>;
      return new Proxy(
        {},
        {
          get: (_t, name: string) =>
            name === "then"
              ? undefined
              : (...args: unknown[]) => {
                  m.doCalls++;
                  return stub[name]!(...args);
                },
        },
      );
    },
  } as unknown as DurableObjectNamespace;
}

/** A queue binding counting every send (each is an outbound request of the invocation). */
export function countingQueue(q: Queue, m: Meter): Queue {
  return {
    send: (...a: Parameters<Queue["send"]>) => counted(m, "queueSends", () => q.send(...a)),
    sendBatch: (...a: Parameters<Queue["sendBatch"]>) => counted(m, "queueSends", () => q.sendBatch(...a)),
  } as unknown as Queue;
}

/** Bindings that count into `m`, and `m` made the current meter for override ports. */
export function metered(m: Meter): Partial<Env> {
  metering.current = m;
  return {
    DB: countingD1(env.DB, m),
    DEVICE_HUB: countingNamespace(env.DEVICE_HUB, m),
    QUOTA_GATE: countingNamespace(env.QUOTA_GATE, m),
    AUTOMATION_FAST: countingQueue(env.AUTOMATION_FAST, m),
    AUTOMATION_MEDIUM: countingQueue(env.AUTOMATION_MEDIUM, m),
    AUTOMATION_LONG: countingQueue(env.AUTOMATION_LONG, m),
  };
}

/** The invocation's totals as the platform counts them: D1 queries, and subrequests of every kind. */
export const cost = (m: Meter) => ({
  queries: m.d1,
  subrequests: m.fetches + m.doCalls + m.queueSends,
  ...m,
});
