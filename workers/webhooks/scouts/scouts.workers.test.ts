import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { callApp, devUser, jsonInit, testEnv } from "../../test/harness.ts";

const base = "https://scouts.example.com";

async function firstScoutId(auth: Record<string, string>): Promise<string> {
  const me = await callApp({ env: testEnv() }, `${base}/api/v1/me`, { headers: auth });
  return ((await me.json()) as { scouts: { id: string }[] }).scouts[0]!.id;
}

describe("GET /api/v1/me and PATCH /api/v1/scouts/:id", () => {
  it("shows the person's scouts with health and the last run", async () => {
    const a = await devUser("me-a@example.com");
    const scoutId = await firstScoutId({ cookie: a.cookie });
    await env.DB.prepare(
      "insert into scout_run_logs (id, scout_id, kind, outcome, created_at) values (?, ?, 'sync', 'ok', ?)",
    )
      .bind(crypto.randomUUID(), scoutId, 1000)
      .run();
    const me = await callApp({ env: testEnv() }, `${base}/api/v1/me`, { headers: { cookie: a.cookie } });
    const body = (await me.json()) as { scouts: unknown[] };
    expect(body.scouts).toEqual([
      expect.objectContaining({
        id: scoutId,
        sourceType: "demo",
        enabled: true,
        needsReauth: false,
        pausedReason: null,
        lastRun: { kind: "sync", outcome: "ok", at: 1000 },
      }),
    ]);
  });

  it("patches settings with a session or a device token", async () => {
    const a = await devUser("patch-a@example.com");
    const scoutId = await firstScoutId({ cookie: a.cookie });
    const bySession = await callApp(
      { env: testEnv() },
      `${base}/api/v1/scouts/${scoutId}`,
      jsonInit("PATCH", { autoTrashSpam: true, deviceInactivityPauseDays: 30 }, { cookie: a.cookie }),
    );
    expect(bySession.status).toBe(200);
    expect(await bySession.json()).toMatchObject({
      scout: { autoTrashSpam: true, deviceInactivityPauseDays: 30 },
    });
    const byDevice = await callApp(
      { env: testEnv() },
      `${base}/api/v1/scouts/${scoutId}`,
      jsonInit("PATCH", { enabled: false }, { authorization: `Bearer ${a.token}` }),
    );
    expect(await byDevice.json()).toMatchObject({ scout: { enabled: false, autoTrashSpam: true } });
  });

  it("re-enabling clears an inactivity pause but keeps needs_reauth", async () => {
    const a = await devUser("pause-a@example.com");
    const scoutId = await firstScoutId({ cookie: a.cookie });
    const patch = (body: unknown) =>
      callApp(
        { env: testEnv() },
        `${base}/api/v1/scouts/${scoutId}`,
        jsonInit("PATCH", body, { cookie: a.cookie }),
      );
    await env.DB.prepare("update scouts set paused_reason = 'device_inactive' where id = ?")
      .bind(scoutId)
      .run();
    expect(await (await patch({ enabled: true })).json()).toMatchObject({ scout: { pausedReason: null } });
    await env.DB.prepare("update scouts set paused_reason = 'needs_reauth' where id = ?").bind(scoutId).run();
    expect(await (await patch({ enabled: true })).json()).toMatchObject({
      scout: { pausedReason: "needs_reauth" },
    });
  });

  it.each([
    [{}, "(root)"],
    [{ deviceInactivityPauseDays: 0 }, "deviceInactivityPauseDays"],
    [{ enabled: "yes" }, "enabled"],
    [{ userId: "someone-else" }, "(root)"],
  ])("rejects %j naming %s", async (body, path) => {
    const a = await devUser(`bad-patch-${crypto.randomUUID()}@example.com`);
    const scoutId = await firstScoutId({ cookie: a.cookie });
    const res = await callApp(
      { env: testEnv() },
      `${base}/api/v1/scouts/${scoutId}`,
      jsonInit("PATCH", body, { cookie: a.cookie }),
    );
    expect(res.status).toBe(400);
    const err = (await res.json()) as { error: { code: string; details: { issues: { path: string }[] } } };
    expect(err.error.code).toBe("bad_input");
    expect(err.error.details.issues.map((i) => i.path)).toContain(path);
  });

  it("isolation: user A's session or device can neither read nor patch user B's scouts", async () => {
    const a = await devUser("iso-a@example.com");
    const b = await devUser("iso-b@example.com");
    const bScout = await firstScoutId({ cookie: b.cookie });
    const aMe = (await (
      await callApp({ env: testEnv() }, `${base}/api/v1/me`, { headers: { cookie: a.cookie } })
    ).json()) as {
      scouts: { id: string }[];
    };
    expect(aMe.scouts.map((s) => s.id)).not.toContain(bScout);
    for (const auth of [{ cookie: a.cookie }, { authorization: `Bearer ${a.token}` }] as Record<
      string,
      string
    >[]) {
      const res = await callApp(
        { env: testEnv() },
        `${base}/api/v1/scouts/${bScout}`,
        jsonInit("PATCH", { enabled: false }, auth),
      );
      expect(res.status).toBe(404);
    }
    const row = await env.DB.prepare("select enabled from scouts where id = ?")
      .bind(bScout)
      .first<{ enabled: number }>();
    expect(row?.enabled).toBe(1);
  });

  it("refuses anonymous callers", async () => {
    expect((await callApp({ env: testEnv() }, `${base}/api/v1/me`)).status).toBe(401);
    const res = await callApp(
      { env: testEnv() },
      `${base}/api/v1/scouts/x`,
      jsonInit("PATCH", { enabled: false }),
    );
    expect(res.status).toBe(401);
  });
});

describe("POST /api/v1/signout", () => {
  it("clears the session cookie", async () => {
    const a = await devUser("signout@example.com");
    const res = await callApp({ env: testEnv() }, `${base}/api/v1/signout`, {
      method: "POST",
      headers: { cookie: a.cookie },
    });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("scouts_session="))).toMatch(/Max-Age=0/);
  });
});
