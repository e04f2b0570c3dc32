import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { callApp, devUser, testEnv } from "../../test/harness.ts";

const base = "https://scouts.example.com";
const OPERATOR_TOKEN = "op_0123456789abcdef0123456789abcdef";
const url = `${base}/api/v1/operator/overview`;

async function firstScoutId(cookie: string): Promise<string> {
  const me = await callApp({ env: testEnv() }, `${base}/api/v1/me`, { headers: { cookie } });
  return ((await me.json()) as { scouts: { id: string }[] }).scouts[0]!.id;
}

describe("GET /api/v1/operator/overview", () => {
  it("does not exist unless OPERATOR_TOKEN is set", async () => {
    const res = await callApp({ env: testEnv() }, url, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(res.status).toBe(404);
  });

  it("refuses a user's session, a device token and a wrong operator token", async () => {
    const a = await devUser("op-user@example.com");
    const e = testEnv({ OPERATOR_TOKEN });
    const attempts: Record<string, string>[] = [
      { cookie: a.cookie },
      { authorization: `Bearer ${a.token}` },
      { authorization: `Bearer ${OPERATOR_TOKEN.slice(0, -1)}x` },
      {},
    ];
    for (const headers of attempts) {
      const res = await callApp({ env: e }, url, { headers });
      expect(res.status).toBe(401);
    }
  });

  it("counts backlog, re-auth, watch expiries and errors: ids and counts only", async () => {
    const a = await devUser("op-counts@example.com");
    const scoutId = await firstScoutId(a.cookie);
    const now = Date.now();
    const userId = (await env.DB.prepare("select user_id from scouts where id = ?")
      .bind(scoutId)
      .first<{ user_id: string }>())!.user_id;
    await env.DB.prepare(
      "insert into scout_triage_queue (id, user_id, scout_id, source_msg_ref, verdict, reason, confidence, status, created_at, expires_at) values (?, ?, ?, ?, 'relevant', 'model', 0.9, 'queued', ?, ?)",
    )
      .bind(crypto.randomUUID(), userId, scoutId, `op-${crypto.randomUUID()}`, now - 120_000, now + 1e9)
      .run();
    await env.DB.prepare(
      "insert into scout_run_logs (id, scout_id, kind, outcome, created_at) values (?, ?, 'triage', 'upstream_unavailable', ?), (?, ?, 'dead_letter', 'poison', ?), (?, ?, 'sync', 'ok', ?)",
    )
      .bind(
        crypto.randomUUID(),
        scoutId,
        now - 1000,
        crypto.randomUUID(),
        scoutId,
        now - 1000,
        crypto.randomUUID(),
        scoutId,
        now - 1000,
      )
      .run();
    await env.DB.prepare(
      "update scout_connections set needs_reauth = 1, watch_expiration = ? where scout_id = ?",
    )
      .bind(now + 3_600_000, scoutId)
      .run();

    const res = await callApp({ env: testEnv({ OPERATOR_TOKEN }) }, url, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as {
      triageQueue: { queued: number; oldestQueuedAgeSeconds: number };
      reauth: { count: number; scoutIds: string[] };
      watches: { expiringWithin48h: number; scoutIds: string[] };
      deadLetters: { lastDay: number; scoutIds: string[] };
      errors: { lastHour: { runs: number; errors: number; byOutcome: Record<string, number> } };
    };
    expect(body.triageQueue.queued).toBeGreaterThanOrEqual(1);
    expect(body.triageQueue.oldestQueuedAgeSeconds).toBeGreaterThanOrEqual(119);
    expect(body.reauth.scoutIds).toContain(scoutId);
    expect(body.watches.scoutIds).toContain(scoutId);
    expect(body.deadLetters.scoutIds).toContain(scoutId);
    expect(body.errors.lastHour.byOutcome.upstream_unavailable).toBeGreaterThanOrEqual(1);
    expect(body.errors.lastHour.byOutcome.ok).toBeUndefined();
    // Ids and counts only: no address, name or any other text about a user.
    expect(JSON.stringify(body)).not.toContain("op-counts@example.com");
  });
});
