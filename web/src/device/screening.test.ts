import { fakeScreenedHub } from "@scouts/core/device/screened-hub-fixture";
import type { ScoutProposalFrame } from "@scouts/core/protocol/frames";
import type { LocalEvent } from "@scouts/core/protocol/local-api";
import { describe, expect, it } from "vitest";
import { ingestProposal } from "./ingest.ts";
import { memoryDeviceStore } from "./memory-store.ts";
import { listScreened, markNotSpam, syncScreened, undoNotSpam } from "./screened.ts";
import { answerScreener, screenerState, setScreener } from "./screener.ts";

let n = 0;
const frame = (
  from: string,
  subject: string,
  over: Partial<ScoutProposalFrame> = {},
): ScoutProposalFrame => ({
  type: "scout_proposal",
  proposalId: `p${++n}`,
  scoutId: "scout-g",
  source: "gmail",
  sourceMsgRef: `m${n}`,
  threadRef: null,
  verdict: "relevant",
  reason: "t0",
  confidence: 0.8,
  createdAt: 1_700_000_000_000 + n,
  from,
  subject,
  snippet: "",
  date: 1_700_000_000_000 + n,
  ...over,
});

/** A browser device's store and Screened/Screener context against the hub's documented behaviour. */
function setup() {
  const store = memoryDeviceStore();
  const events: LocalEvent[] = [];
  let t = 1_700_000_100_000;
  const now = () => ++t;
  const ingest = (f: ScoutProposalFrame) => ingestProposal({ ctx: { store, stage2: null, now }, input: f });
  const hub = fakeScreenedHub(ingest);
  const ctx = {
    store,
    now,
    emit: (e: LocalEvent) => events.push(e),
    screened: hub.screened,
    readItemAnswer: hub.readItemAnswer,
  };
  const listed = async () => (await store.allSuggestions()).map((s) => s.id).sort();
  return { store, hub, ctx, ingest, listed, events };
}

describe("browser device: Screened (Gmail's screened mail)", () => {
  it("lists dropped items with sender and subject read once; not spam brings one in past the Screener; undo", async () => {
    const t = setup();
    await setScreener(t.store, true);
    t.hub.add("g1", "Prize Desk <win@prize.example>", "You have won");
    const page = await listScreened(t.ctx);
    expect(page).toMatchObject({
      missing: [],
      items: [{ id: "g1", accountLabel: "Gmail", from: "Prize Desk <win@prize.example>", restoredAt: null }],
    });
    await listScreened(t.ctx);
    expect(t.hub.state.reads).toBe(1);

    const r = await markNotSpam(t.ctx, "g1");
    expect(t.hub.rows.get("g1")?.status).toBe("queued");
    expect(r.suggestion).toMatchObject({ id: "g1", scoutId: "scout-g" });
    // A first-time sender with the Screener on, but the person brought it back: not held.
    expect((await screenerState(t.store)).waiting).toEqual([]);
    await expect(markNotSpam(t.ctx, "g1")).rejects.toThrow(/already back/);

    const u = await undoNotSpam(t.ctx, "g1");
    expect(u.item.restoredAt).toBeNull();
    expect(t.hub.rows.get("g1")?.status).toBe("dropped");
    expect(await t.listed()).toEqual([]);
    // A delivery still in flight after "screen again" is acked and not shown.
    expect(
      await t.ingest(frame("Prize Desk <win@prize.example>", "You have won", { proposalId: "g1" })),
    ).toBeNull();
  });

  it("offline: names what is missing, keeps its rows, refuses not spam without changing anything", async () => {
    const t = setup();
    t.hub.add("g1", "A <a@x.example>", "One");
    await listScreened(t.ctx);
    t.hub.state.online = false;
    const page = await listScreened(t.ctx);
    expect(page.items.map((i) => i.id)).toEqual(["g1"]);
    expect(page.missing).toEqual([{ source: "gmail", reason: expect.stringMatching(/cannot be reached/) }]);
    await expect(markNotSpam(t.ctx, "g1")).rejects.toMatchObject({ code: "upstream_unavailable" });
    expect((await listScreened(t.ctx)).items[0]?.restoredAt).toBeNull();
    await expect(markNotSpam(t.ctx, "nope")).rejects.toMatchObject({ code: "not_found" });
  });

  it("not spam holds for the sender's later spam: the next sync restores it without asking again; others stay", async () => {
    const t = setup();
    t.hub.add("g1", "Prize Desk <win@prize.example>", "You have won");
    await listScreened(t.ctx);
    await markNotSpam(t.ctx, "g1");
    t.hub.add("g2", "Prize Team <WIN@prize.example>", "Second prize");
    t.hub.add("o1", "Other <other@spam.example>", "Pills");
    const { restored } = await syncScreened(t.ctx);
    expect(restored).toEqual(["g2"]);
    expect(t.hub.rows.get("o1")?.status).toBe("dropped");
    expect(await t.listed()).toEqual(["g1", "g2"]);
    // Taking back the first "not spam" keeps the override while g2 is still back.
    await undoNotSpam(t.ctx, "g1");
    t.hub.add("g3", "Prize Desk <win@prize.example>", "Third");
    expect((await syncScreened(t.ctx)).restored).toEqual(["g3"]);
    await undoNotSpam(t.ctx, "g2");
    await undoNotSpam(t.ctx, "g3");
    t.hub.add("g4", "Prize Desk <win@prize.example>", "Fourth");
    expect((await syncScreened(t.ctx)).restored).toEqual([]);
  });
});

describe("browser device: Screener for new senders", () => {
  it("is off by default; on, a first-time sender waits while a known one passes; yes lets all in; undo holds again", async () => {
    const t = setup();
    expect((await screenerState(t.store)).enabled).toBe(false);
    expect(await t.ingest(frame("Ann <ann@known.example>", "Hi"))).not.toBeNull();
    await setScreener(t.store, true);
    expect(await t.ingest(frame("Ann <ann@known.example>", "Again"))).not.toBeNull();
    const first = frame("New <new@first.example>", "Hello");
    expect(await t.ingest(first)).toBeNull();
    expect(await t.ingest(frame("New <new@first.example>", "Still there?"))).toBeNull();
    // Redelivered while held: not stored twice.
    expect(await t.ingest(first)).toBeNull();
    const waiting = (await screenerState(t.store)).waiting;
    expect(waiting).toMatchObject([
      {
        accountId: "scout-g",
        accountLabel: "Gmail",
        sender: "new@first.example",
        subject: "Still there?",
        messages: 2,
      },
    ]);
    expect((await t.listed()).length).toBe(2);

    await answerScreener(t.ctx, { accountId: "scout-g", sender: "new@first.example", answer: "yes" });
    expect((await t.listed()).length).toBe(4);
    expect(await t.ingest(frame("New <new@first.example>", "Third"))).not.toBeNull();
    await answerScreener(t.ctx, { accountId: "scout-g", sender: "new@first.example", answer: null });
    // Back to waiting: the two held ones leave the list; the one that came after the yes stays.
    expect((await t.listed()).length).toBe(3);
    expect((await screenerState(t.store)).waiting[0]?.messages).toBe(2);
  });

  it("no screens out all their mail, later mail too; changed to yes brings everything in", async () => {
    const t = setup();
    await setScreener(t.store, true);
    expect(await t.ingest(frame("New <new@first.example>", "One"))).toBeNull();
    await answerScreener(t.ctx, { accountId: "scout-g", sender: "new@first.example", answer: "no" });
    expect(await t.ingest(frame("New <new@first.example>", "Two"))).toBeNull();
    const state = await screenerState(t.store);
    expect(state.answered).toMatchObject([{ sender: "new@first.example", answer: "no", messages: 2 }]);
    expect(await t.listed()).toEqual([]);
    await answerScreener(t.ctx, { accountId: "scout-g", sender: "new@first.example", answer: "yes" });
    expect((await t.listed()).length).toBe(2);
  });

  it("refuses a malformed answer and a sender it never held, saying what was wrong", async () => {
    const t = setup();
    await expect(
      answerScreener(t.ctx, { accountId: "scout-g", sender: "nobody", answer: "yes" }),
    ).rejects.toThrow(/sender address/);
    await expect(
      answerScreener(t.ctx, { accountId: "scout-g", sender: "x@y.example", answer: "maybe" }),
    ).rejects.toMatchObject({ code: "bad_input" });
    await expect(
      answerScreener(t.ctx, { accountId: "scout-g", sender: "x@y.example", answer: "yes" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(setScreener(t.store, "yes")).rejects.toMatchObject({ code: "bad_input" });
  });
});
