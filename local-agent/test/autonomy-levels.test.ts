import type { MailboxAction } from "@scouts/core/protocol/local-api";
import { afterEach, describe, expect, it } from "vitest";
import type { Stage2 } from "../adapters/stage2.ts";
import { performAction, undo } from "../services/actions.ts";
import { ask, brief, listSuggestions, maybeAlert } from "../services/assist.ts";
import { assistOnArrival } from "../services/assistant-run.ts";
import { control } from "../services/control.ts";
import { decideBatch } from "../services/decisions.ts";
import { ingestItem } from "../services/ingest.ts";
import { scheduleTick } from "../services/schedule.ts";
import { patchPolicies, patchSettings } from "../services/settings.ts";
import { agentFixture, item, keywordStage2 } from "./agent-fixture.ts";
import { startFakeCloud } from "./fake-cloud.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const HOOK = "https://hooks.slack.com/services/T1/B1/secret";
/** The keyword classifier, unsure (0.3) of anything that says "maybe". */
const stage2: Stage2 = {
  runner: "keyword-test",
  async classify(input) {
    const r = await keywordStage2.classify(input);
    return /maybe/i.test(input.subject) ? { ...r, confidence: 0.3 } : r;
  },
};

/**
 * A fake cloud, an agent whose clock reads 2026-11-20 09:00 UTC, a Slack webhook that records
 * posts, a template "Thanks", and a rule putting mail from partner.example in the cross-org
 * cohort at `level`, drafting from "Thanks" at 09:00 (L5).
 */
async function setup(level: number) {
  const cloud = await startFakeCloud({ token: "tok" });
  const posts: string[] = [];
  const slack = (async (input: string | URL | Request, init?: RequestInit) => {
    if (String(input).startsWith("https://hooks.slack.com/")) posts.push(String(init?.body));
    return new Response("ok");
  }) as typeof fetch;
  const fx = await agentFixture({ cloudUrl: cloud.url, token: "tok", stage2, fetch: slack });
  cleanups.push(fx.close, cloud.close);
  await patchSettings(fx.ctx, { slackWebhookUrl: HOOK, timezone: "UTC" });
  await patchPolicies(fx.ctx, {
    levels: { cross_org: level },
    rules: [{ cohort: "cross_org", field: "domain", op: "equals", value: "partner.example" }],
    templates: [
      { id: "thanks", name: "Thanks", body: "Thanks {{ sender.first_name }}, noted: {{ subject }}." },
    ],
    cohortTemplates: { cross_org: "thanks" },
    triageTimes: ["09:00"],
  });
  const arrive = async (id: string, subject: string) => {
    cloud.addMessage(id);
    const s = (await ingestItem({
      ctx: fx.ctx,
      input: item({ id, from: `Kim Lee <kim@partner.example>`, subject, snippet: "" }),
    }))!;
    await maybeAlert(fx.ctx, s);
    return { s, acted: await assistOnArrival(fx.ctx, s, `run-${id}`) };
  };
  return { cloud, fx, posts, arrive };
}

const cards = async (fx: Awaited<ReturnType<typeof setup>>["fx"]) =>
  (await listSuggestions(fx.ctx, { status: "new", limit: 50, view: "cards" })).items.map((s) => s.id);

describe("what each autonomy level visibly does (agent)", () => {
  it.each([
    [
      0,
      { card: false, overview: false, alert: false, brief: false, batch: false, acted: false, draft: false },
    ],
    [
      1,
      { card: false, overview: true, alert: false, brief: false, batch: false, acted: false, draft: false },
    ],
    [2, { card: true, overview: true, alert: true, brief: true, batch: false, acted: false, draft: false }],
    [3, { card: true, overview: true, alert: true, brief: true, batch: true, acted: false, draft: false }],
    [4, { card: true, overview: true, alert: true, brief: true, batch: true, acted: true, draft: false }],
    [5, { card: true, overview: true, alert: true, brief: true, batch: true, acted: true, draft: true }],
  ])("L%i", async (level, expected) => {
    const { cloud, fx, posts, arrive } = await setup(level);
    const urgent = await arrive("u1", "Urgent: sign the contract today");
    const sale = await arrive("p1", "Big sale on contracts");
    expect([urgent.s.cohort, sale.s.bucket]).toEqual(["cross_org", "low_priority"]);

    // Card (and its line in the brief), or only found when looked for.
    expect((await cards(fx)).includes("u1")).toBe(expected.card);
    const found = await listSuggestions(fx.ctx, { limit: 50, q: "contract" });
    expect(found.items.map((s) => s.id).sort()).toEqual(["p1", "u1"]);
    expect(found.items.find((s) => s.id === "u1")?.surface).toMatchObject({
      cohortLevel: level,
      card: expected.card,
      batch: expected.batch,
    });
    const inBrief = (await brief(fx.ctx, "morning")).buckets.some((b) =>
      b.top.some((t) => t.suggestionId === "u1"),
    );
    expect(inBrief).toBe(expected.brief);
    const overview = await ask(fx.ctx, "what's urgent today?");
    expect(overview.links.some((l) => l.suggestionId === "u1")).toBe(expected.overview);
    expect((await ask(fx.ctx, "what did kim send?")).links.map((l) => l.suggestionId)).toContain("u1");

    // Urgent alert in Slack, or none.
    expect(posts.length).toBe(expected.alert ? 1 : 0);

    // Acted by itself on the low-priority one (archived at the provider, undoable), or not.
    expect(sale.acted !== null).toBe(expected.acted);
    expect(cloud.labels("p1").includes("INBOX")).toBe(!expected.acted);
    if (sale.acted) {
      expect(await fx.ctx.stores.ledger.get(sale.acted)).toMatchObject({
        actor: "assistant",
        action: "archive",
        status: "applied",
        reversal: { action: "unarchive" },
      });
    }

    // Batch approve for the cohort, or a clear refusal.
    if (expected.batch) {
      const proposal = found.items.find((s) => s.id === "u1")?.proposal;
      const r = await decideBatch({ ctx: fx.ctx, input: { decision: "approve", ids: ["u1"] } });
      // Approve takes the card's proposal (here a task: no local model to draft the reply).
      expect(r).toMatchObject({ updated: ["u1"], skipped: [] });
      expect(r.outcomes.map((o) => [o.id, o.action])).toEqual([["u1", proposal?.action]]);
      await fx.ctx.stores.suggestions.update("u1", { status: "new", decidedAt: null });
    } else {
      await expect(
        decideBatch({ ctx: fx.ctx, input: { decision: "approve", cohort: "cross_org" } }),
      ).rejects.toThrow(`cross org is at L${level}: batch approve starts at L3 (Policies)`);
      const r = await decideBatch({ ctx: fx.ctx, input: { decision: "approve", ids: ["u1"] } });
      expect(r.updated).toEqual([]);
    }

    // Scheduled triage at 09:00: a reply draft from the template (never sent), or nothing.
    const tick = await scheduleTick(fx.ctx);
    expect(tick.triage?.drafted ?? 0).toBe(expected.draft ? 1 : 0);
    const drafts = [...cloud.drafts.values()];
    expect(drafts).toEqual(
      expected.draft
        ? [
            {
              proposalId: "u1",
              body: "Thanks Kim, noted: Urgent: sign the contract today.",
              sessionId: "session-1",
            },
          ]
        : [],
    );
    expect(cloud.applied.some((a) => a.action === "send")).toBe(false);
  });
});

describe("L5 template drafts", () => {
  it("are the assistant's, under the slot's run id, and undoing the run deletes the draft for good", async () => {
    const { cloud, fx, arrive } = await setup(5);
    await arrive("u1", "Can we talk about the contract?");
    const tick = await scheduleTick(fx.ctx);
    expect(tick.triage).toEqual({ slot: "09:00", acted: 0, drafted: 1 });
    const runId = "scheduled-2026-11-20@09:00";
    const [entry] = await fx.ctx.stores.ledger.query({ runId, limit: 5 });
    expect(entry).toMatchObject({
      actor: "assistant",
      action: "draft_reply",
      status: "applied",
      reversible: true,
      reversal: { action: "delete_draft" },
    });
    expect((await fx.ctx.stores.suggestions.get("u1"))?.draftId).toBe(entry?.reversal?.draftId);
    const undone = await undo({ ctx: fx.ctx, input: { runId } });
    expect(undone.undone).toEqual([entry?.id]);
    expect(cloud.drafts.size).toBe(0);
    // The next day's slot does not draft it again: undoing meant no.
    fx.advance(86_400_000);
    expect((await scheduleTick(fx.ctx)).triage).toEqual({ slot: "09:00", acted: 0, drafted: 0 });
    expect(cloud.drafts.size).toBe(0);
  });

  it("run only at the person's times, not on arrival and not every minute", async () => {
    const { cloud, fx, arrive } = await setup(5);
    await patchPolicies(fx.ctx, { triageTimes: ["09:30", "17:00"] });
    await arrive("u1", "Can we talk about the contract?");
    expect((await scheduleTick(fx.ctx)).triage).toBeNull();
    fx.advance(29 * 60_000);
    expect((await scheduleTick(fx.ctx)).triage).toBeNull();
    expect(cloud.drafts.size).toBe(0);
    fx.advance(60_000);
    expect((await scheduleTick(fx.ctx)).triage).toMatchObject({ slot: "09:30", drafted: 1 });
    expect(cloud.drafts.size).toBe(1);
  });
});

describe("travel mode, low confidence and irreversible actions", () => {
  it("travel mode caps proactive work at L2: no act, no batch, no scheduled triage; cards stay", async () => {
    const { cloud, fx, posts, arrive } = await setup(5);
    await control({ ctx: fx.ctx, input: { command: "travel", until: fx.now() + 3_600_000 } });
    const sale = await arrive("p1", "Big sale on contracts");
    const urgent = await arrive("u1", "Urgent: sign the contract today");
    expect(sale.acted).toBeNull();
    expect(cloud.labels("p1")).toContain("INBOX");
    expect(await cards(fx)).toEqual(expect.arrayContaining(["p1", "u1"]));
    expect(posts).toHaveLength(1);
    expect(urgent.s.cohort).toBe("cross_org");
    const batch = await decideBatch({ ctx: fx.ctx, input: { decision: "approve", ids: ["u1"] } });
    expect(batch).toEqual({
      updated: [],
      skipped: [{ id: "u1", reason: "travel mode: no proactive actions above L2: not batched" }],
      outcomes: [],
    });
    expect((await scheduleTick(fx.ctx)).triage).toBeNull();
    expect(cloud.drafts.size).toBe(0);
    // Travel ends within the 09:00 slot's grace: the slot runs, catching up on both.
    fx.advance(3_600_001);
    expect((await scheduleTick(fx.ctx)).triage).toEqual({ slot: "09:00", acted: 1, drafted: 1 });
    expect(cloud.labels("p1")).not.toContain("INBOX");
  });

  it("low confidence drops exactly one level", async () => {
    const { cloud, fx, arrive } = await setup(5);
    // L5 → L4: still acts on arrival, but scheduled triage drafts nothing.
    const sale = await arrive("p1", "Big sale, maybe");
    expect(sale.s.confidence).toBe(0.3);
    expect(sale.acted).not.toBeNull();
    const unsure = await arrive("u1", "Urgent: maybe sign today");
    expect((await scheduleTick(fx.ctx)).triage).toEqual({ slot: "09:00", acted: 0, drafted: 0 });
    expect(cloud.drafts.size).toBe(0);
    // L4 → L3: no action; L3 → L2: out of batch approve, still a card.
    await patchPolicies(fx.ctx, { levels: { cross_org: 4 } });
    expect((await arrive("p2", "Big sale, maybe")).acted).toBeNull();
    expect(cloud.labels("p2")).toContain("INBOX");
    await patchPolicies(fx.ctx, { levels: { cross_org: 3 } });
    const batch = await decideBatch({ ctx: fx.ctx, input: { decision: "approve", cohort: "cross_org" } });
    expect(batch.updated).toEqual([]);
    expect(batch.skipped.map((k) => k.reason)).toEqual([
      "low confidence (0.30) drops one level: not batched",
      "low confidence (0.30) drops one level: not batched",
    ]);
    expect(await cards(fx)).toContain(unsure.s.id);
  });

  it("irreversible actions always ask, at every level, and the assistant never takes them", async () => {
    for (const level of [0, 1, 2, 3, 4, 5]) {
      const { cloud, fx, arrive } = await setup(level);
      await arrive("u1", "Urgent: sign the contract today");
      for (const action of ["send", "delete_permanent", "block"] as MailboxAction[]) {
        for (const initiator of ["assistant", "person"] as const) {
          const r = await performAction({
            ctx: fx.ctx,
            input: { suggestionId: "u1", request: { action, confirmed: false }, initiator },
          });
          expect([level, action, initiator, r.status, r.gate.mode]).toEqual([
            level,
            action,
            initiator,
            "needs_confirmation",
            "ask",
          ]);
        }
      }
      await expect(
        performAction({
          ctx: fx.ctx,
          input: {
            suggestionId: "u1",
            request: { action: "unsubscribe", confirmed: true },
            initiator: "assistant",
          },
        }),
      ).rejects.toThrow("use the unsubscribe endpoint: it shows its plan first");
      expect(await fx.ctx.stores.ledger.query({ limit: 10 })).toEqual([]);
      expect(cloud.applied).toEqual([]);
      await cleanups
        .splice(0)
        .reverse()
        .reduce((p, c) => p.then(c), Promise.resolve());
    }
  });
});
