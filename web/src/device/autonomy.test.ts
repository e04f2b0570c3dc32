import { defaultPolicies } from "@scouts/core/assistant/policies";
import { suggestionFixture } from "@scouts/core/device/suggestion-fixture";
import type { Policies } from "@scouts/core/protocol/local-api";
import { describe, expect, it } from "vitest";
import { deviceAssistOnArrival, deviceScheduledTriage } from "./assistant.ts";
import { cloudApi } from "./cloud-api.ts";
import { memoryDeviceStore } from "./memory-store.ts";
import { defaultDeviceSettings } from "./settings.ts";
import { deviceSource } from "./source.ts";

/** The browser device with a fake cloud (actions, drafts) and a clock at 2026-11-20 09:00 UTC. */
async function setup(level: number) {
  const store = memoryDeviceStore();
  const calls: { path: string; body: { body?: string; action?: string; runId?: string } }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ path: new URL(url).pathname, body: JSON.parse(String(init.body)) });
    const ledgerId = `cloud-${calls.length}`;
    return Response.json(
      String(url).endsWith("/draft") ? { ledgerId, draftId: `draft-${calls.length}` } : { ledgerId },
    );
  }) as typeof fetch;
  const clock = { t: Date.parse("2026-11-20T09:00:00Z") };
  let id = 0;
  const source = deviceSource({
    ctx: {
      store,
      cloud: cloudApi({ baseUrl: "https://cloud", token: () => "sdt_x", fetch: fetchFn }),
      now: () => clock.t,
      ids: () => `l${++id}`,
      sessionId: "sess",
    },
    link: () => ({
      deviceId: "d",
      userId: "u",
      connected: true,
      lastConnectedAt: null,
      lastError: null,
      stage2Runner: null,
    }),
  });
  await store.kvSet("settings", { ...defaultDeviceSettings, timezone: "UTC" });
  const policies: Policies = {
    ...defaultPolicies,
    levels: { ...defaultPolicies.levels, cross_org: level },
    templates: [{ id: "thanks", name: "Thanks", body: "Thanks {{ sender.first_name }}!" }],
    cohortTemplates: { cross_org: "thanks" },
    triageTimes: ["09:00"],
  };
  await store.kvSet("policies", policies);
  const from = "Kim Lee <kim@partner.example>";
  const at = { receivedAt: clock.t - 60_000, storedAt: clock.t - 60_000 };
  for (const s of [
    suggestionFixture("u1", {
      ...at,
      from,
      cohort: "cross_org",
      bucket: "urgent",
      subject: "Sign the contract",
    }),
    suggestionFixture("p1", {
      ...at,
      from,
      cohort: "cross_org",
      bucket: "low_priority",
      subject: "Contract sale",
    }),
  ])
    await store.insertSuggestion(s);
  return { store, source, calls, clock };
}

describe("what each autonomy level visibly does (browser device)", () => {
  it.each([
    [0, { card: false, overview: false, brief: false, batch: false, acted: false, draft: false }],
    [1, { card: false, overview: true, brief: false, batch: false, acted: false, draft: false }],
    [2, { card: true, overview: true, brief: true, batch: false, acted: false, draft: false }],
    [3, { card: true, overview: true, brief: true, batch: true, acted: false, draft: false }],
    [4, { card: true, overview: true, brief: true, batch: true, acted: true, draft: false }],
    [5, { card: true, overview: true, brief: true, batch: true, acted: true, draft: true }],
  ])("L%i", async (level, expected) => {
    const { source, calls } = await setup(level);
    const cards = await source.list({ status: "new", view: "cards" });
    expect(cards.items.some((s) => s.id === "u1")).toBe(expected.card);
    const found = await source.list({ q: "contract" });
    expect(found.items.map((s) => s.id).sort()).toEqual(["p1", "u1"]);
    expect(found.items.find((s) => s.id === "u1")?.surface).toMatchObject({
      cohortLevel: level,
      card: expected.card,
      batch: expected.batch,
    });
    const brief = await source.brief("morning");
    expect(brief.buckets.some((b) => b.top.some((t) => t.suggestionId === "u1"))).toBe(expected.brief);
    const overview = await source.ask?.("what's urgent today?");
    expect(overview?.links.some((l) => l.suggestionId === "u1")).toBe(expected.overview);

    const p1 = await source.get("p1");
    const acted = await deviceAssistOnArrival(source.ctx, p1, "run-1");
    expect(acted !== null).toBe(expected.acted);
    expect(calls.filter((c) => c.body.action === "archive").length).toBe(expected.acted ? 1 : 0);

    const batch = await source.batch({ decision: "approve", ids: ["u1"] });
    expect(batch.updated).toEqual(expected.batch ? ["u1"] : []);
    if (expected.batch) await source.decide("u1", { decision: "reopen" });
    else
      await expect(source.batch({ decision: "approve", cohort: "cross_org" })).rejects.toThrow(
        `cross org is at L${level}: batch approve starts at L3 (Policies)`,
      );

    const triage = await deviceScheduledTriage(source.ctx);
    expect(triage?.drafted ?? 0).toBe(expected.draft ? 1 : 0);
    const drafts = calls.filter((c) => c.path.endsWith("/draft"));
    expect(drafts.map((c) => [c.path, c.body])).toEqual(
      expected.draft
        ? [
            [
              "/api/v1/items/u1/draft",
              { body: "Thanks Kim!", sessionId: "sess", runId: "scheduled-2026-11-20@09:00" },
            ],
          ]
        : [],
    );
  });

  it("scheduled triage runs once per slot, never while travelling, and catches up after", async () => {
    const { source, clock, store } = await setup(5);
    await source.control({ command: "travel", until: clock.t + 30 * 60_000 });
    expect(await deviceScheduledTriage(source.ctx)).toBeNull();
    clock.t += 31 * 60_000;
    expect(await deviceScheduledTriage(source.ctx)).toEqual({ slot: "09:00", acted: 1, drafted: 1 });
    expect(await deviceScheduledTriage(source.ctx)).toBeNull();
    const entries = await store.ledgerList({ runId: "scheduled-2026-11-20@09:00" });
    expect(entries.map((e) => [e.action, e.actor, e.status]).sort()).toEqual([
      ["archive", "assistant", "applied"],
      ["draft_reply", "assistant", "applied"],
    ]);
  });

  it("refuses a template that uses an unknown variable, naming it, and keeps the stored policies", async () => {
    const { source } = await setup(2);
    await expect(
      source.putPolicies({ templates: [{ id: "t2", name: "Bad", body: "Hi {{ sender.phone }}" }] }),
    ).rejects.toThrow("Template “Bad”: {{ sender.phone }} is not a reply variable");
    expect((await source.policies()).templates.map((t) => t.name)).toEqual(["Thanks"]);
  });
});
