import { env } from "cloudflare:test";
import { createD1Db } from "@scouts/db/d1";
import { afterEach, describe, expect, it } from "vitest";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import type { Env } from "../env.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import { GMAIL_FAKE_VARS, gmailWorld, runSyncJob } from "../test/gmail-fixtures.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import { recordingSender } from "../test/pipeline-fixtures.ts";

interface Meter {
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  doCalls: number;
}

/**
 * D1 with every statement's `meta.rows_read` / `rows_written` added to `m` (what D1 bills).
 * `raw()` and `first()` return no meta, so a read-only statement is also run once with `all()`
 * for its meta (uncounted); a write through `raw()` (RETURNING) counts its returned rows.
 */
function meteredD1(db: D1Database, m: Meter): D1Database {
  const add = (meta: { rows_read?: number; rows_written?: number }) => {
    m.rowsRead += meta.rows_read ?? 0;
    m.rowsWritten += meta.rows_written ?? 0;
  };
  const readOnly = (sql: string) => /^\s*(select|with)\b/i.test(sql);
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement =>
    ({
      bind: (...args: unknown[]) => wrap(stmt.bind(...args), sql),
      async all() {
        m.statements++;
        const r = await stmt.all();
        add(r.meta);
        return r;
      },
      async run() {
        m.statements++;
        const r = await stmt.run();
        add(r.meta);
        return r;
      },
      async first(col?: string) {
        m.statements++;
        const r = await stmt.all<Record<string, unknown>>();
        add(r.meta);
        const row = r.results[0] ?? null;
        return col ? (row?.[col] ?? null) : row;
      },
      async raw(opts?: { columnNames?: boolean }) {
        m.statements++;
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
      m.statements += stmts.length;
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

/** A namespace whose stubs count every call of `methods` (each is one billed Durable Object request). */
function meteredNamespace(ns: DurableObjectNamespace, methods: string[], m: Meter): DurableObjectNamespace {
  return {
    idFromName: (name: string) => ns.idFromName(name),
    idFromString: (id: string) => ns.idFromString(id),
    newUniqueId: () => ns.newUniqueId(),
    get(id: DurableObjectId) {
      const stub = ns.get(id) as unknown as Record<string, (...a: unknown[]) => unknown>;
      return Object.fromEntries(
        methods.map((name) => [
          name,
          (...args: unknown[]) => {
            m.doCalls++;
            return stub[name]!(...args);
          },
        ]),
      );
    },
  } as unknown as DurableObjectNamespace;
}

afterEach(() => {
  resetTestOverrides();
});

/**
 * What one Gmail notification costs on the durable path (sync job → history.list → inline
 * triage → queue row → hub): D1 statements and rows, queue messages, Durable Object calls and
 * Gmail calls, measured on the real Worker code in workerd. docs/scale.md turns them into money.
 */
describe("the resources one notification uses", () => {
  it("is measured and stays bounded", async () => {
    const world = gmailWorld(createD1Db(env.DB));
    const sender = recordingSender();
    Object.assign(testOverrides, {
      fetch: world.fetch,
      vars: GMAIL_FAKE_VARS,
      jobs: sender,
      logger: createMemoryLogger(),
      events: null,
    });
    const mailbox = `cost-${crypto.randomUUID()}@example.com`;
    const s = await world.gmailScout(mailbox);
    // The first sync refreshes the token and settles the cursor; what follows is steady state.
    await runSyncJob(s.scoutId);
    const n = 10;
    const m: Meter = { statements: 0, rowsRead: 0, rowsWritten: 0, doCalls: 0 };
    const gmailBefore = world.gmail.calls.length;
    const over: Partial<Env> = {
      DB: meteredD1(env.DB, m),
      DEVICE_HUB: meteredNamespace(env.DEVICE_HUB, ["poke", "notice", "offer", "syncNow", "fetch"], m),
      QUOTA_GATE: meteredNamespace(env.QUOTA_GATE, ["grant"], m),
    };
    for (let i = 0; i < n; i++) {
      world.gmail.addMessage(mailbox, {
        raw: rfc822({
          from: `sender${i}@example.org`,
          subject: `Invoice ${i} for November`,
          body: "Please find the invoice attached; due on the 30th.",
        }),
      });
      const res = await runSyncJob(s.scoutId, over);
      expect(
        res.retryMessages,
        JSON.stringify(
          (testOverrides.logger as unknown as { lines?: unknown }).lines ?? testOverrides.logger,
        ),
      ).toEqual([]);
    }
    const per = {
      d1Statements: m.statements / n,
      d1RowsRead: m.rowsRead / n,
      d1RowsWritten: m.rowsWritten / n,
      durableObjectCalls: m.doCalls / n,
      queueMessagesSent: sender.sent.length / n,
      gmailCalls: (world.gmail.calls.length - gmailBefore) / n,
    };
    // The push also queues a delayed copy of the sync; when the fast path already did the work,
    // the copy finds nothing new. Its cost is part of every notification too.
    const c: Meter = { statements: 0, rowsRead: 0, rowsWritten: 0, doCalls: 0 };
    const gmailBeforeCopy = world.gmail.calls.length;
    await runSyncJob(s.scoutId, {
      DB: meteredD1(env.DB, c),
      DEVICE_HUB: meteredNamespace(env.DEVICE_HUB, ["poke", "notice", "offer", "syncNow", "fetch"], c),
      QUOTA_GATE: meteredNamespace(env.QUOTA_GATE, ["grant"], c),
    });
    const copy = { ...c, gmailCalls: world.gmail.calls.length - gmailBeforeCopy };
    console.log(`per notification: ${JSON.stringify(per)} delayed copy: ${JSON.stringify(copy)}`);
    expect(per.d1RowsWritten).toBeGreaterThan(0);
    // Regression bounds (work, not time): a notification that costs much more than today is a change to look at.
    expect(per.d1Statements).toBeLessThanOrEqual(20);
    expect(per.d1RowsRead).toBeLessThanOrEqual(60);
    expect(per.durableObjectCalls).toBeLessThanOrEqual(4);
    // history.list, messages.get, the sent-mail lookup, and the send-as list (1 unit, once per invocation).
    expect(per.gmailCalls).toBeLessThanOrEqual(4);
  });
});
