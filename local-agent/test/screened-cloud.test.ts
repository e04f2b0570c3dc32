import { fakeScreenedHub as fakeHub } from "@scouts/core/device/screened-hub-fixture";
import type { ScoutProposalFrame } from "@scouts/core/protocol/frames";
import { afterEach, describe, expect, it } from "vitest";
import { ingestProposal } from "../agent.ts";
import { spamOverrides } from "../db/schema/index.ts";
import { applySpamOverrides, listScreened, markNotSpam, undoNotSpam } from "../services/screened.ts";
import { screenerState, setScreener } from "../services/screener.ts";
import { agentFixture, keywordStage2 } from "./agent-fixture.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup() {
  const fx = await agentFixture({ stage2: keywordStage2 });
  cleanups.push(fx.close);
  const hub = fakeHub((f) => ingestProposal(fx.ctx, f));
  fx.ctx.cloudScreened = hub.screened;
  fx.ctx.readItemAnswer = hub.readItemAnswer;
  return { fx, hub };
}

const suggestionIds = async (fx: Awaited<ReturnType<typeof agentFixture>>) =>
  (await fx.ctx.stores.suggestions.list({ limit: 100 })).items.map((s) => s.id);

describe("Screened view: Gmail's screened mail from the cloud", () => {
  it("lists the cloud's dropped Gmail items with sender and subject read on demand, once", async () => {
    const { fx, hub } = await setup();
    hub.add("g1", "Prize Desk <win@prize.example>", "You have won");
    const page = await listScreened(fx.ctx);
    expect(page.missing).toEqual([]);
    expect(page.items).toMatchObject([
      {
        id: "g1",
        accountLabel: "Gmail",
        from: "Prize Desk <win@prize.example>",
        subject: "You have won",
        reason: "rules:bulk_sender",
        restoredAt: null,
      },
    ]);
    await listScreened(fx.ctx);
    expect(hub.state.reads).toBe(1);
    // Gone from the cloud (expired): gone here too.
    hub.rows.delete("g1");
    expect((await listScreened(fx.ctx)).items).toEqual([]);
  });

  it("not spam: the cloud delivers it, it skips the Screener, the sender is remembered; undo screens it again", async () => {
    const { fx, hub } = await setup();
    await setScreener(fx.ctx, true);
    hub.add("g1", "Prize Desk <win@prize.example>", "You have won");
    await listScreened(fx.ctx);
    const r = await markNotSpam(fx.ctx, "g1");
    expect(hub.rows.get("g1")?.status).toBe("queued");
    expect(r.item.restoredAt).not.toBeNull();
    expect(r.suggestion).toMatchObject({ id: "g1", source: "gmail", scoutId: "scout-g" });
    // A first-time sender, Screener on: still in suggestions, not waiting.
    expect(await suggestionIds(fx)).toEqual(["g1"]);
    expect((await screenerState(fx.ctx)).waiting).toEqual([]);
    expect(await fx.ctx.db.select().from(spamOverrides).all()).toMatchObject([
      { sender: "win@prize.example" },
    ]);
    await expect(markNotSpam(fx.ctx, "g1")).rejects.toThrow(/already back/);

    const u = await undoNotSpam(fx.ctx, "g1");
    expect(u.item.restoredAt).toBeNull();
    expect(hub.rows.get("g1")?.status).toBe("dropped");
    expect(await suggestionIds(fx)).toEqual([]);
    expect(await fx.ctx.db.select().from(spamOverrides).all()).toEqual([]);
    expect((await listScreened(fx.ctx)).items.map((i) => i.id)).toEqual(["g1"]);
  });

  it("offline: says why Gmail's list is incomplete, keeps what it had, and refuses not spam without changing anything", async () => {
    const { fx, hub } = await setup();
    hub.add("g1", "Prize Desk <win@prize.example>", "You have won");
    await listScreened(fx.ctx);
    hub.state.online = false;
    const page = await listScreened(fx.ctx);
    expect(page.items.map((i) => i.id)).toEqual(["g1"]);
    expect(page.missing).toEqual([{ source: "gmail", reason: expect.stringMatching(/cannot be reached/) }]);
    await expect(markNotSpam(fx.ctx, "g1")).rejects.toMatchObject({ code: "upstream_unavailable" });
    expect((await listScreened(fx.ctx)).items[0]?.restoredAt).toBeNull();
    expect(await fx.ctx.db.select().from(spamOverrides).all()).toEqual([]);
    expect(hub.rows.get("g1")?.status).toBe("dropped");
  });

  it("an item the cloud cannot read now is counted as missing, and read on a later visit", async () => {
    const { fx, hub } = await setup();
    hub.add("g1", "A <a@x.example>", "One");
    hub.add("g2", "B <b@x.example>", "Two");
    const real = hub.readItemAnswer;
    let asked = 0;
    fx.ctx.readItemAnswer = async () => {
      asked++;
      return { error: "timeout" };
    };
    const page = await listScreened(fx.ctx);
    expect(page.items).toEqual([]);
    expect(page.missing[0]?.reason).toMatch(/2 screened cloud messages could not be read/);
    // The first timeout ends the reading: the page does not wait out one timeout per item.
    expect(asked).toBe(1);
    fx.ctx.readItemAnswer = real;
    expect((await listScreened(fx.ctx)).items.map((i) => i.subject).sort()).toEqual(["One", "Two"]);
  });

  it("a delivery still in flight after Screen again is not shown", async () => {
    const { fx, hub } = await setup();
    hub.add("g1", "Prize Desk <win@prize.example>", "You have won");
    await listScreened(fx.ctx);
    let late: ScoutProposalFrame | undefined;
    // The hub's delivery is held back until after the undo.
    const slow = fakeHub(async (f) => {
      late = f;
    });
    slow.rows.set("g1", { ...hub.rows.get("g1")! });
    fx.ctx.cloudScreened = slow.screened;
    await markNotSpam(fx.ctx, "g1");
    await undoNotSpam(fx.ctx, "g1");
    expect(late?.proposalId).toBe("g1");
    expect(await ingestProposal(fx.ctx, late!)).toBeNull();
    expect(await suggestionIds(fx)).toEqual([]);
  });

  it("not spam holds for the sender's later Gmail spam: the next sync restores it without asking again", async () => {
    const { fx, hub } = await setup();
    await setScreener(fx.ctx, true);
    fx.ctx.link.connected = true;
    hub.add("g1", "Prize Desk <win@prize.example>", "You have won");
    hub.add("o1", "Other <other@spam.example>", "Cheap pills");
    await listScreened(fx.ctx);
    await markNotSpam(fx.ctx, "g1");
    // Later spam from the same sender (another display name), and from someone else.
    hub.add("g2", "Prize Team <WIN@prize.example>", "Your second prize");
    hub.add("o2", "Other <other@spam.example>", "More pills");
    await applySpamOverrides(fx.ctx);
    expect(hub.rows.get("g2")?.status).toBe("queued");
    expect(hub.rows.get("o2")?.status).toBe("dropped");
    expect((await suggestionIds(fx)).sort()).toEqual(["g1", "g2"]);
    // It skipped the Screener (the person already let this sender in) and reads as restored.
    expect((await screenerState(fx.ctx)).waiting).toEqual([]);
    const page = await listScreened(fx.ctx);
    expect(page.items.find((i) => i.id === "g2")?.restoredAt).not.toBeNull();
    expect(page.items.find((i) => i.id === "o2")?.restoredAt).toBeNull();
    // The hub was only ever asked by id: it never learns the sender.
    expect(hub.rows.get("g2")?.status).toBe("queued");
  });

  it("without any not-spam override the minute tick does not ask the cloud", async () => {
    const { fx, hub } = await setup();
    fx.ctx.link.connected = true;
    hub.add("o1", "Other <other@spam.example>", "Cheap pills");
    await applySpamOverrides(fx.ctx);
    expect(hub.state.reads).toBe(0);
  });
});
