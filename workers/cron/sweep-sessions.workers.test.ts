import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { readConfig } from "../env.ts";
import { createPipelineCtx } from "../shared/pipeline-deps.ts";
import { testEnv } from "../test/harness.ts";
import { seedConnectedScout } from "../test/records.ts";
import { sweepSessionsJob } from "./sweep-sessions.ts";

describe("sweep_sessions", () => {
  it("deletes expired sessions and ones revoked over a day ago; live ones stay", async () => {
    const { userId } = await seedConnectedScout({
      email: "sweep@example.com",
      sourceType: "gmail",
      accountRef: "sweep@example.com",
    });
    const now = Date.now();
    const insert = (id: string, expiresAt: number, revokedAt: number | null) =>
      env.DB.prepare(
        "insert into sessions (id, user_id, created_at, expires_at, revoked_at) values (?, ?, ?, ?, ?)",
      )
        .bind(id, userId, now - 1000, expiresAt, revokedAt)
        .run();
    await insert("sweep-live", now + 86_400_000, null);
    await insert("sweep-expired", now - 1, null);
    await insert("sweep-revoked-old", now + 86_400_000, now - 2 * 86_400_000);
    await insert("sweep-revoked-new", now + 86_400_000, now - 60_000);
    const ctx = createPipelineCtx(testEnv());
    const out = await sweepSessionsJob(ctx, { env: testEnv(), config: readConfig(testEnv()) });
    expect(out.sessions).toBeGreaterThanOrEqual(2);
    const left = await env.DB.prepare("select id from sessions where id like 'sweep-%' order by id").all<{
      id: string;
    }>();
    expect(left.results.map((r) => r.id)).toEqual(["sweep-live", "sweep-revoked-new"]);
  });
});
