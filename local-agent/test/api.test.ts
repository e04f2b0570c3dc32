import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createLocalApi } from "../api/app.ts";
import { createLocalAuth } from "../api/auth.ts";
import { ingestItem } from "../services/ingest.ts";
import { agentFixture, item, keywordStage2 } from "./agent-fixture.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(opts: { devPair?: boolean; remote?: string } = {}) {
  const fx = await agentFixture({ stage2: keywordStage2 });
  cleanups.push(fx.close);
  const auth = createLocalAuth(fx.ctx.db, () => Date.now());
  const app = createLocalApi({
    ctx: fx.ctx,
    auth,
    pwaOrigins: ["http://127.0.0.1:5173"],
    devPair: opts.devPair ?? false,
    remoteAddress: () => opts.remote ?? "127.0.0.1",
  });
  const token = await auth.issue("test");
  const req = (path: string, init: RequestInit = {}, t: string | null = token) =>
    app.request(`http://127.0.0.1:8788/local/v1${path}`, {
      ...init,
      headers: {
        ...(t ? { authorization: `Bearer ${t}` } : {}),
        "content-type": "application/json",
        ...(init.headers ?? {}),
      },
    });
  return { fx, auth, app, req };
}

describe("loopback API", () => {
  it("refuses requests without a valid token and pairs with a one-time code", async () => {
    const { auth, req } = await setup();
    expect((await req("/status", {}, null)).status).toBe(401);
    expect((await req("/status", {}, "sla_forged")).status).toBe(401);
    const code = auth.newCode();
    const paired = await req("/pair", { method: "POST", body: JSON.stringify({ code }) }, null);
    const { token } = (await paired.json()) as { token: string };
    expect((await req("/status", {}, token)).status).toBe(200);
    const reuse = await req("/pair", { method: "POST", body: JSON.stringify({ code }) }, null);
    expect(reuse.status).toBe(401);
  });

  it("refuses other Host names (DNS rebinding) and voids codes after repeated wrong guesses", async () => {
    const { app, auth, req } = await setup({ devPair: true });
    const rebound = await app.request("http://evil.example:8788/local/v1/dev-token", {
      headers: { host: "evil.example:8788" },
    });
    expect(rebound.status).toBe(403);
    const code = auth.newCode();
    for (let i = 0; i < 10; i++)
      await req("/pair", { method: "POST", body: JSON.stringify({ code: "00000000" }) }, null);
    expect((await req("/pair", { method: "POST", body: JSON.stringify({ code }) }, null)).status).toBe(401);
  });

  it("hands out dev tokens only in dev pairing mode and only to loopback", async () => {
    expect((await (await setup({ devPair: false })).req("/dev-token", {}, null)).status).toBe(404);
    expect(
      (await (await setup({ devPair: true, remote: "192.168.1.9" })).req("/dev-token", {}, null)).status,
    ).toBe(404);
    const ok = await (await setup({ devPair: true })).req("/dev-token", {}, null);
    expect(ok.status).toBe(200);
  });

  it("answers CORS preflight for the PWA origin only", async () => {
    const { app } = await setup();
    const pre = (origin: string) =>
      app.request("http://127.0.0.1:8788/local/v1/status", {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "GET",
          "access-control-request-headers": "authorization",
        },
      });
    expect((await pre("http://127.0.0.1:5173")).headers.get("access-control-allow-origin")).toBe(
      "http://127.0.0.1:5173",
    );
    expect((await pre("https://evil.example")).headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses a body over 1 MiB, says a body that is not JSON is not JSON, and 404s an id it does not hold", async () => {
    const { fx, req } = await setup();
    await ingestItem({ ctx: fx.ctx, input: item({ id: "b1", subject: "Budget", snippet: "numbers" }) });
    const huge = await req("/suggestions/b1/decision", {
      method: "POST",
      body: JSON.stringify({ decision: "reject", pad: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({
      error: { code: "payload_too_large", message: expect.stringContaining("1 MiB") },
    });
    const broken = await req("/suggestions/b1/decision", { method: "POST", body: '{"decision": "reject"' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { message: string } }).error.message).toMatch(/not JSON/);
    // Another device's or user's suggestion id is simply not here.
    const stranger = await req("/suggestions/someone-elses-id/decision", {
      method: "POST",
      body: JSON.stringify({ decision: "reject" }),
    });
    expect(stranger.status).toBe(404);
    const listed = (await (await req("/suggestions?status=new")).json()) as { items: { id: string }[] };
    expect(listed.items.map((s) => s.id)).toEqual(["b1"]);
    // A request with no body at all is still fine where the route needs none.
    expect((await req("/suggestions/b1/decision", { method: "POST" })).status).toBe(400);
  });

  it("lists, searches, converts to a task and records the entity locally", async () => {
    const { fx, req } = await setup();
    await ingestItem({
      ctx: fx.ctx,
      input: item({ id: "s1", subject: "Invoice from Acme", snippet: "please pay" }),
    });
    await ingestItem({ ctx: fx.ctx, input: item({ id: "s2", subject: "Lunch?", snippet: "tomorrow" }) });
    const all = (await (await req("/suggestions")).json()) as { items: { id: string }[]; total: number };
    expect(all.total).toBe(2);
    const hits = (await (await req("/suggestions?q=acme")).json()) as { items: { id: string }[] };
    expect(hits.items.map((s) => s.id)).toEqual(["s1"]);
    const bad = await req("/suggestions/s1/decision", {
      method: "POST",
      body: JSON.stringify({ decision: "explode" }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain("decision");
    const conv = await req("/suggestions/s1/decision", {
      method: "POST",
      body: JSON.stringify({ decision: "convert", convertTo: "task" }),
    });
    const body = (await conv.json()) as {
      suggestion: { status: string; convertedTo: { entityId: string } };
      entity: { id: string; title: string };
    };
    expect(body.suggestion.status).toBe("converted");
    expect(body.entity.title).toBe("Invoice from Acme");
    const tasks = (await (await req("/entities/tasks")).json()) as {
      items: { id: string; sourceSuggestionId: string }[];
    };
    expect(tasks.items).toEqual([expect.objectContaining({ id: body.entity.id, sourceSuggestionId: "s1" })]);
    expect((await req("/suggestions/nope")).status).toBe(404);
    const orphan = await req("/entities/notes", {
      method: "POST",
      body: JSON.stringify({ title: "x", projectId: "no-such-project" }),
    });
    expect(orphan.status).toBe(400);
    await fx.ctx.db.run(
      sql`insert into projects (id, name, created_at, updated_at) values ('p1', 'Site', 0, 0)`,
    );
    const linked = await req("/entities/notes", {
      method: "POST",
      body: JSON.stringify({ title: "x", projectId: "p1" }),
    });
    expect(((await linked.json()) as { projectId: string }).projectId).toBe("p1");
  });

  it("batch-approves everything new in one cohort", async () => {
    const { fx, req } = await setup();
    await ingestItem({
      ctx: fx.ctx,
      input: item({ id: "n1", from: "news@letters.example", subject: "Issue 1" }),
    });
    await ingestItem({
      ctx: fx.ctx,
      input: item({ id: "n2", from: "news@letters.example", subject: "Issue 2" }),
    });
    await ingestItem({
      ctx: fx.ctx,
      input: item({ id: "p1", from: "ann@example.com", subject: "Question" }),
    });
    const res = await req("/suggestions/batch", {
      method: "POST",
      body: JSON.stringify({ decision: "approve", cohort: "newsletters" }),
    });
    expect(((await res.json()) as { updated: string[] }).updated.sort()).toEqual(["n1", "n2"]);
    expect((await fx.ctx.stores.suggestions.get("p1"))?.status).toBe("new");
    expect(
      (await req("/suggestions/batch", { method: "POST", body: JSON.stringify({ decision: "approve" }) }))
        .status,
    ).toBe(400);
  });

  it("PUT /policies checks templates, cohort templates and times as a whole; nothing saved on a problem", async () => {
    const { req } = await setup();
    const put = (b: unknown) => req("/policies", { method: "PUT", body: JSON.stringify(b) });
    const bad = await put({
      levels: { first_contact: 5 },
      templates: [{ id: "t1", name: "Thanks", body: "Hi {{ sender.phone }}" }],
      cohortTemplates: { first_contact: "t1", vips: "nope" },
    });
    expect(bad.status).toBe(400);
    const err = (
      (await bad.json()) as { error: { code: string; message: string; details: { issues: unknown[] } } }
    ).error;
    expect(err.code).toBe("bad_input");
    expect(err.message).toContain("Template “Thanks”: {{ sender.phone }} is not a reply variable");
    expect(err.message).toContain("VIPs drafts from a template that does not exist");
    expect(err.details.issues).toHaveLength(2);
    expect((await put({ triageTimes: ["25:00"] })).status).toBe(400);
    expect((await put({ templates: [{ id: "bad id!", name: "x", body: "y" }] })).status).toBe(400);
    const stored = (await (await req("/policies")).json()) as {
      levels: Record<string, number>;
      templates: [];
    };
    expect([stored.levels.first_contact, stored.templates]).toEqual([2, []]);

    const ok = await put({
      levels: { first_contact: 5 },
      templates: [{ id: "t1", name: "Thanks", body: "Thanks {{ sender.first_name }}!" }],
      cohortTemplates: { first_contact: "t1" },
      triageTimes: ["17:00", "08:30"],
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      triageTimes: ["08:30", "17:00"],
      cohortTemplates: { first_contact: "t1" },
    });
    const preview = (await (await req("/policies/preview?level=5&cohort=first_contact")).json()) as {
      template: unknown;
      allows: { action: string; mode: string; detail?: string }[];
    };
    expect(preview.template).toEqual({ id: "t1", name: "Thanks" });
    expect(preview.allows.find((a) => a.action === "draft_reply")).toEqual({
      action: "draft_reply",
      mode: "act",
      detail: "drafts a reply from “Thanks” at 08:30 and 17:00 (UTC); kept as a Gmail draft, never sent",
    });
    expect((await req("/policies/preview?level=5&cohort=bogus")).status).toBe(400);
    // A template a cohort still drafts from cannot be deleted from under it.
    const orphan = await put({ templates: [] });
    expect(orphan.status).toBe(400);
    expect(((await orphan.json()) as { error: { message: string } }).error.message).toContain(
      "first contact drafts from a template that does not exist",
    );
  });

  it("validates settings: Slack webhooks must be Slack's, language models must be local", async () => {
    const { req } = await setup();
    const patch = (b: unknown) => req("/settings", { method: "PATCH", body: JSON.stringify(b) });
    expect((await patch({ slackWebhookUrl: "https://evil.example/services/x" })).status).toBe(400);
    expect((await patch({ llmBaseUrl: "https://api.cloud-llm.example/v1" })).status).toBe(400);
    const ok = (await (
      await patch({
        slackWebhookUrl: "https://hooks.slack.com/services/T1/B2/secret",
        llmBaseUrl: "http://127.0.0.1:11434/v1",
      })
    ).json()) as {
      slackWebhookUrl: string;
    };
    expect(ok.slackWebhookUrl).toBe("https://hooks.slack.com/services/T1/B2/••••");
    const preview = (await (await req("/policies/preview?level=4")).json()) as {
      allows: { action: string; mode: string }[];
    };
    expect(preview.allows.find((a) => a.action === "archive")?.mode).toBe("act");
    expect(preview.allows.find((a) => a.action === "unsubscribe")?.mode).toBe("ask");
  });

  it("streams local events over SSE", async () => {
    const { fx, req } = await setup();
    const res = await req("/events");
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) text += decoder.decode((await reader.read()).value);
    };
    await readUntil("event: status.changed");
    await ingestItem({ ctx: fx.ctx, input: item({ id: "live-1" }) });
    await readUntil("event: suggestion.created");
    expect(text).toContain('"id":"live-1"');
    await reader.cancel();
  });
});
