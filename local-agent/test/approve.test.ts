import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { undo } from "../services/actions.ts";
import { listSuggestions } from "../services/assist.ts";
import { control } from "../services/control.ts";
import { decide, decideBatch } from "../services/decisions.ts";
import { ingestItem } from "../services/ingest.ts";
import { agentFixture, item, keywordStage2 } from "./agent-fixture.ts";
import { type FakeCloud, startFakeCloud } from "./fake-cloud.ts";

let cloud: FakeCloud;
let fx: Awaited<ReturnType<typeof agentFixture>>;

beforeEach(async () => {
  cloud = await startFakeCloud({ token: "tok" });
  fx = await agentFixture({ cloudUrl: cloud.url, token: "tok", stage2: keywordStage2 });
});
afterEach(async () => {
  await cloud.close();
  await fx.close();
});

async function seed(id: string, over: Parameters<typeof item>[0] = {}) {
  cloud.addMessage(id);
  await ingestItem({ ctx: fx.ctx, input: item({ id, ...over }) });
}
const proposalOf = async (id: string) =>
  (await listSuggestions(fx.ctx, { limit: 50 })).items.find((s) => s.id === id)?.proposal;

describe("Approve does what the card proposes, through the ledger and outbox", () => {
  it("lists each suggestion with its proposal, and Approve takes exactly that action", async () => {
    await seed("a");
    const proposal = await proposalOf("a");
    expect(proposal?.why).toBeTruthy();
    const r = await decide({ ctx: fx.ctx, input: { id: "a", request: { decision: "approve" } } });
    expect(r.outcome?.action).toEqual(proposal?.action);
    expect(r.suggestion.status).toBe("approved");
    if (r.outcome?.ledgerId)
      expect(await fx.ctx.stores.ledger.get(r.outcome.ledgerId)).toMatchObject({
        actor: "person",
        action: proposal?.action.kind,
        status: "applied",
      });
    if (proposal?.action.kind === "task")
      expect(r.entity).toMatchObject({ kind: "task", sourceSuggestionId: "a" });
  });

  it("a picked label is applied in the mailbox, recorded, and undone", async () => {
    await seed("a");
    const before = cloud.labels("a");
    const r = await decide({
      ctx: fx.ctx,
      input: { id: "a", request: { decision: "approve", action: { kind: "label", label: "Contracts" } } },
    });
    expect(r.outcome).toMatchObject({ status: "applied", action: { kind: "label", label: "Contracts" } });
    expect(cloud.labels("a")).toContain("Contracts");
    fx.advance(1000);
    await undo({ ctx: fx.ctx, input: { ledgerId: r.outcome!.ledgerId! } });
    expect(cloud.labels("a")).toEqual(before);
  });

  it("a picked snooze archives now and keeps the suggestion snoozed until its time", async () => {
    await seed("a");
    const until = fx.ctx.clock.now() + 86_400_000;
    const r = await decide({
      ctx: fx.ctx,
      input: { id: "a", request: { decision: "approve", action: { kind: "snooze", until } } },
    });
    expect(cloud.labels("a")).not.toContain("INBOX");
    expect(r.suggestion).toMatchObject({ status: "snoozed", snoozedUntil: until });
  });

  it("refuses what it cannot do, with why, and leaves the suggestion new", async () => {
    await seed("a");
    const approve = (
      action: Parameters<typeof decide>[0]["input"]["request"]["action"],
      confirmed?: boolean,
    ) => decide({ ctx: fx.ctx, input: { id: "a", request: { decision: "approve", action, confirmed } } });
    await expect(approve({ kind: "snooze", until: fx.ctx.clock.now() - 1 })).rejects.toThrow(
      "that snooze time has passed",
    );
    await expect(approve({ kind: "unsubscribe" })).rejects.toThrow(
      "unsubscribe cannot be undone: see its plan",
    );
    await expect(approve({ kind: "draft_reply" })).rejects.toThrow(/language model/);
    await control({ ctx: fx.ctx, input: { command: "kill" } });
    await expect(approve({ kind: "archive" })).rejects.toThrow("kill switch is on");
    expect((await fx.ctx.stores.suggestions.get("a"))?.status).toBe("new");
    expect(cloud.labels("a")).toContain("INBOX");
  });

  it("batch approve takes each proposal, reports what it did for undo, and skips what must be asked", async () => {
    const policies = await fx.ctx.stores.settings.policies();
    const levels = Object.fromEntries(Object.keys(policies.levels).map((c) => [c, 3]));
    await fx.ctx.stores.settings.savePolicies({
      ...policies,
      levels: levels as typeof policies.levels,
      lowConfidenceThreshold: 0,
    });
    await seed("a");
    await seed("b", { subject: "Numbers again", snippet: "Here are the numbers you asked for." });
    const r = await decideBatch({ ctx: fx.ctx, input: { decision: "approve", ids: ["a", "b"] } });
    expect([...r.updated, ...r.skipped.map((k) => k.id)].sort()).toEqual(["a", "b"]);
    expect(r.updated.length).toBeGreaterThan(0);
    for (const o of r.outcomes) expect(o.action).toEqual((await proposalOf(o.id))?.action);
    expect(r.outcomes.map((o) => o.id).sort()).toEqual([...r.updated].sort());
  });
});
