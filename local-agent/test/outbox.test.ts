import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { performAction, undo } from "../services/actions.ts";
import { control } from "../services/control.ts";
import { ingestItem } from "../services/ingest.ts";
import { flushOutbox } from "../services/outbox.ts";
import { scheduleTick } from "../services/schedule.ts";
import { agentFixture, item } from "./agent-fixture.ts";
import { type FakeCloud, startFakeCloud } from "./fake-cloud.ts";

let cloud: FakeCloud;
let fx: Awaited<ReturnType<typeof agentFixture>>;

beforeEach(async () => {
  cloud = await startFakeCloud({ token: "tok" });
  fx = await agentFixture({ cloudUrl: cloud.url, token: "tok" });
});
afterEach(async () => {
  await cloud.close();
  await fx.close();
});

async function seed(ids: string[]) {
  for (const id of ids) {
    cloud.addMessage(id);
    await ingestItem({ ctx: fx.ctx, input: item({ id }) });
  }
}

async function until(ok: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 400 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 5));
  if (!(await ok())) throw new Error("timed out waiting");
}

const act = (
  id: string,
  action: "archive" | "mark_read" | "label",
  extra: { label?: string; runId?: string } = {},
) =>
  performAction({
    ctx: fx.ctx,
    input: { suggestionId: id, request: { action, confirmed: false, ...extra }, initiator: "person" },
  });

describe("ledger round trips through the cloud", () => {
  it("apply then undo by action leaves the mailbox as before, and the undo is recorded", async () => {
    await seed(["a"]);
    const before = cloud.labels("a");
    const res = await act("a", "archive");
    expect(res.status).toBe("applied");
    expect(cloud.labels("a")).not.toContain("INBOX");
    expect((await fx.ctx.stores.suggestions.get("a"))?.status).toBe("archived");
    fx.advance(1000);
    const u = await undo({ ctx: fx.ctx, input: { ledgerId: res.ledgerId! } });
    expect(u.undone).toEqual([res.ledgerId]);
    expect(cloud.labels("a")).toEqual(before);
    expect((await fx.ctx.stores.suggestions.get("a"))?.status).toBe("new");
    const log = await fx.ctx.stores.ledger.query({ limit: 10 });
    expect(log.map((e) => [e.action, e.actor, e.undoOf])).toEqual([
      ["unarchive", "undo", res.ledgerId],
      ["archive", "person", null],
    ]);
    const again = await undo({ ctx: fx.ctx, input: { ledgerId: res.ledgerId! } });
    expect(again.skipped).toEqual([{ id: res.ledgerId, reason: "already undone" }]);
    expect(cloud.labels("a")).toEqual(before);
  });

  it("undo by run reverses every action of the run, newest first", async () => {
    await seed(["a", "b"]);
    const before = [cloud.labels("a"), cloud.labels("b")];
    await act("a", "archive", { runId: "r1" });
    fx.advance(10);
    await act("a", "label", { runId: "r1", label: "Receipts" });
    fx.advance(10);
    await act("b", "mark_read", { runId: "r1" });
    fx.advance(10);
    await act("b", "archive", { runId: "other" });
    const u = await undo({ ctx: fx.ctx, input: { runId: "r1" } });
    expect(u.undone).toHaveLength(3);
    expect(cloud.labels("a")).toEqual(before[0]);
    expect(cloud.labels("b")).toEqual(before[1]!.filter((l) => l !== "INBOX"));
    expect(cloud.applied.slice(-3).map((a) => a.action)).toEqual([
      "undo:mark_read",
      "undo:label",
      "undo:archive",
    ]);
  });
});

describe("the ledger as the device lists it", () => {
  it("joins each entry's subject and sender from the device's copy; none of it reaches the cloud", async () => {
    cloud.addMessage("j");
    await ingestItem({
      ctx: fx.ctx,
      input: item({ id: "j", subject: "Invoice 4471 overdue", from: "Billing <billing@acme.example>" }),
    });
    await act("j", "archive");
    fx.advance(10);
    await act("j", "label", { label: "Bills" });
    const items = await fx.ctx.stores.ledger.query({ limit: 10 });
    expect(items.map((e) => [e.action, e.subject, e.from])).toEqual([
      ["label", "Invoice 4471 overdue", "Billing <billing@acme.example>"],
      ["archive", "Invoice 4471 overdue", "Billing <billing@acme.example>"],
    ]);
    expect(cloud.bodies.length).toBeGreaterThan(0);
    for (const leak of ["Invoice 4471", "billing@acme.example"])
      expect(cloud.bodies.join("\n")).not.toContain(leak);
  });
});

describe("undo by session and by time window", () => {
  it("undoes only what the session or window covers", async () => {
    await seed(["a", "b", "c"]);
    const t0 = fx.now();
    await act("a", "archive");
    fx.advance(60_000);
    const mid = fx.now();
    await act("b", "archive");
    fx.advance(60_000);
    await act("c", "archive");
    const w = await undo({ ctx: fx.ctx, input: { since: mid, until: mid } });
    expect(w.undone).toHaveLength(1);
    expect(cloud.labels("b")).toContain("INBOX");
    expect(cloud.labels("a")).not.toContain("INBOX");
    const s = await undo({ ctx: fx.ctx, input: { sessionId: "session-1" } });
    expect(s.undone).toHaveLength(2);
    expect(s.skipped).toEqual([expect.objectContaining({ reason: "already undone" })]);
    for (const id of ["a", "b", "c"]) expect(cloud.labels(id)).toContain("INBOX");
    expect(t0).toBeLessThan(mid);
  });
});

describe("snooze", () => {
  const snooze = (id: string, ms = 3_600_000) =>
    performAction({
      ctx: fx.ctx,
      input: {
        suggestionId: id,
        request: { action: "snooze", until: fx.now() + ms, confirmed: false },
        initiator: "person",
      },
    });
  const cloudActions = () => cloud.applied.map((a) => `${a.proposalId}:${a.action}`);

  it("archives now; at its time the wake puts the message back in the inbox through the cloud, once", async () => {
    await seed(["s"]);
    const before = cloud.labels("s");
    const r = await snooze("s");
    expect(r.status).toBe("applied");
    expect(cloud.labels("s")).not.toContain("INBOX");
    expect((await fx.ctx.stores.suggestions.get("s"))?.status).toBe("snoozed");
    await scheduleTick(fx.ctx);
    expect((await fx.ctx.stores.suggestions.get("s"))?.status).toBe("snoozed");
    expect(cloudActions()).toEqual(["s:snooze"]);
    fx.advance(3_600_001);
    await scheduleTick(fx.ctx);
    expect(await fx.ctx.stores.suggestions.get("s")).toMatchObject({ status: "new", snoozedUntil: null });
    expect(cloud.labels("s")).toEqual(before);
    expect(cloudActions()).toEqual(["s:snooze", "s:unsnooze"]);
    const wake = (await fx.ctx.stores.ledger.forSuggestion("s")).find((e) => e.action === "unsnooze");
    expect(wake).toMatchObject({
      id: `wake-${r.ledgerId}`,
      status: "applied",
      actor: "person",
      sessionId: "session-1",
      reversal: { action: "archive" },
    });
    fx.advance(3_600_000);
    await scheduleTick(fx.ctx);
    expect(cloudActions()).toEqual(["s:snooze", "s:unsnooze"]);
    // Undoing the wake archives the message again.
    await undo({ ctx: fx.ctx, input: { ledgerId: wake!.id } });
    expect(cloud.labels("s")).not.toContain("INBOX");
  });

  it("undoing a snooze before it wakes unarchives at once and cancels the wake", async () => {
    await seed(["s"]);
    const before = cloud.labels("s");
    const r = await snooze("s");
    fx.advance(60_000);
    const u = await undo({ ctx: fx.ctx, input: { ledgerId: r.ledgerId! } });
    expect(u.undone).toEqual([r.ledgerId]);
    expect(cloud.labels("s")).toEqual(before);
    expect(await fx.ctx.stores.suggestions.get("s")).toMatchObject({ status: "new", snoozedUntil: null });
    fx.advance(3_600_000);
    await scheduleTick(fx.ctx);
    expect(cloudActions()).toEqual(["s:snooze", "s:undo:snooze"]);
    expect((await fx.ctx.stores.ledger.forSuggestion("s")).map((e) => e.action)).toEqual([
      "snooze",
      "unsnooze",
    ]);
    expect(
      (await fx.ctx.stores.ledger.forSuggestion("s")).find((e) => e.id.startsWith("wake-")),
    ).toBeUndefined();
  });

  it("a wake while offline is queued and replayed later exactly once, even if an answer is lost", async () => {
    await seed(["s"]);
    const r = await snooze("s");
    cloud.setMode("down");
    fx.advance(3_600_001);
    await scheduleTick(fx.ctx);
    // Back in the list at once; the inbox follows when the cloud answers.
    expect((await fx.ctx.stores.suggestions.get("s"))?.status).toBe("new");
    expect(cloud.labels("s")).not.toContain("INBOX");
    expect(await fx.ctx.stores.outbox.pendingCount()).toBe(1);
    expect((await fx.ctx.stores.ledger.get(`wake-${r.ledgerId}`))?.status).toBe("pending");
    cloud.setMode("lose_answer");
    expect((await flushOutbox(fx.ctx)).sent).toBe(0);
    cloud.setMode("up");
    expect(await flushOutbox(fx.ctx)).toEqual({ sent: 1, stoppedBy: null });
    await scheduleTick(fx.ctx);
    expect(await flushOutbox(fx.ctx)).toEqual({ sent: 0, stoppedBy: null });
    // The lost answer's replay carried the same key: the cloud applied the wake once.
    expect(cloudActions()).toEqual(["s:snooze", "s:unsnooze"]);
    expect(cloud.labels("s")).toContain("INBOX");
    expect((await fx.ctx.stores.ledger.get(`wake-${r.ledgerId}`))?.status).toBe("applied");
  });

  it("a snooze still queued offline and undone never reaches the cloud and never wakes", async () => {
    await seed(["s"]);
    cloud.setMode("down");
    const r = await snooze("s");
    expect(r.status).toBe("queued");
    await undo({ ctx: fx.ctx, input: { ledgerId: r.ledgerId! } });
    cloud.setMode("up");
    fx.advance(3_600_001);
    await scheduleTick(fx.ctx);
    await flushOutbox(fx.ctx);
    expect(cloud.applied).toEqual([]);
    expect((await fx.ctx.stores.suggestions.get("s"))?.status).toBe("new");
  });

  it("nothing wakes while the kill switch is on; it wakes after resume", async () => {
    await seed(["s"]);
    await snooze("s");
    await fx.ctx.stores.settings.saveControl({ paused: false, killed: true, travelUntil: null });
    fx.advance(3_600_001);
    await scheduleTick(fx.ctx);
    expect((await fx.ctx.stores.suggestions.get("s"))?.status).toBe("snoozed");
    expect(cloudActions()).toEqual(["s:snooze"]);
    await fx.ctx.stores.settings.saveControl({ paused: false, killed: false, travelUntil: null });
    await scheduleTick(fx.ctx);
    expect((await fx.ctx.stores.suggestions.get("s"))?.status).toBe("new");
    expect(cloudActions()).toEqual(["s:snooze", "s:unsnooze"]);
  });
});

describe("offline outbox", () => {
  it("queues while offline and replays in order, exactly once, when back", async () => {
    await seed(["a", "b", "c"]);
    cloud.setMode("down");
    const results = [
      await act("a", "archive"),
      await act("b", "label", { label: "X" }),
      await act("c", "mark_read"),
    ];
    expect(results.map((r) => r.status)).toEqual(["queued", "queued", "queued"]);
    expect(await fx.ctx.stores.outbox.pendingCount()).toBe(3);
    expect(cloud.applied).toEqual([]);
    // A reply lost after the cloud applied it: the replay carries the same key and is not re-applied.
    cloud.setMode("lose_answer");
    expect((await flushOutbox(fx.ctx)).sent).toBe(0);
    cloud.setMode("up");
    expect((await flushOutbox(fx.ctx)).sent).toBe(3);
    expect(await flushOutbox(fx.ctx)).toEqual({ sent: 0, stoppedBy: null });
    expect(cloud.applied.map((a) => `${a.proposalId}:${a.action}`)).toEqual([
      "a:archive",
      "b:label",
      "c:mark_read",
    ]);
    expect(cloud.labels("b")).toContain("X");
    const statuses = (await fx.ctx.stores.ledger.query({ limit: 10 })).map((e) => e.status);
    expect(statuses).toEqual(["applied", "applied", "applied"]);
  });

  it("undoing a still-queued action cancels it: nothing reaches the cloud", async () => {
    await seed(["a"]);
    cloud.setMode("down");
    const r = await act("a", "archive");
    const u = await undo({ ctx: fx.ctx, input: { ledgerId: r.ledgerId! } });
    expect(u.undone).toEqual([r.ledgerId]);
    cloud.setMode("up");
    await flushOutbox(fx.ctx);
    expect(cloud.applied).toEqual([]);
    expect((await fx.ctx.stores.suggestions.get("a"))?.status).toBe("new");
    expect((await fx.ctx.stores.ledger.get(r.ledgerId!))?.status).toBe("cancelled");
  });

  it("undoing an action whose call is in flight reverses it in the cloud once the call lands", async () => {
    await seed(["a"]);
    const before = cloud.labels("a");
    const release = cloud.hold();
    const acting = act("a", "archive");
    await until(() => cloud.inFlight() === 1);
    const [entry] = await fx.ctx.stores.ledger.query({ limit: 1 });
    const undoing = undo({ ctx: fx.ctx, input: { ledgerId: entry!.id } });
    await until(async () => (await fx.ctx.stores.ledger.get(entry!.id))?.status === "cancelled");
    release();
    await acting;
    expect((await undoing).undone).toEqual([entry!.id]);
    await flushOutbox(fx.ctx);
    expect(cloud.applied.map((a) => a.action)).toEqual(["archive", "undo:archive"]);
    expect(cloud.labels("a")).toEqual(before);
    const after = await fx.ctx.stores.ledger.get(entry!.id);
    expect(after?.status).toBe("cancelled");
    expect(after?.cloudLedgerId).toBeTruthy();
    expect((await fx.ctx.stores.suggestions.get("a"))?.status).toBe("new");
    expect(await fx.ctx.stores.outbox.pendingCount()).toBe(0);
  });

  it("a permanent refusal fails that action and the rest still go through", async () => {
    await seed(["a", "b"]);
    cloud.mailbox.delete("a");
    cloud.setMode("down");
    await act("a", "archive");
    await act("b", "archive");
    cloud.setMode("up");
    await flushOutbox(fx.ctx);
    const entries = await fx.ctx.stores.ledger.query({ limit: 10 });
    expect(entries.map((e) => [e.suggestionId, e.status])).toEqual([
      ["b", "applied"],
      ["a", "failed"],
    ]);
  });
});

describe("undo tells the truth", () => {
  it("an undo the cloud refuses (404) is not undone: the reason is given, the device keeps the mailbox's state, and a retry works", async () => {
    await seed(["a"]);
    const res = await act("a", "archive");
    const target = (await fx.ctx.stores.ledger.get(res.ledgerId!))!;
    const cloudEntry = cloud.ledger.get(target.cloudLedgerId!)!;
    cloud.ledger.delete(target.cloudLedgerId!);
    fx.advance(1000);
    const refused = await undo({ ctx: fx.ctx, input: { ledgerId: target.id } });
    expect(refused.undone).toEqual([]);
    expect(refused.skipped).toEqual([
      { id: target.id, reason: "the cloud refused the undo: cloud answered 404: no such ledger entry" },
    ]);
    expect(cloud.labels("a")).not.toContain("INBOX");
    expect((await fx.ctx.stores.suggestions.get("a"))?.status).toBe("archived");
    expect(await fx.ctx.stores.ledger.get(target.id)).toMatchObject({
      status: "applied",
      undoneAt: null,
      error: "undo refused: cloud answered 404: no such ledger entry",
    });
    const [undoEntry] = refused.undoEntries;
    expect(await fx.ctx.stores.ledger.get(undoEntry!)).toMatchObject({
      status: "failed",
      undoOf: target.id,
      error: "cloud answered 404: no such ledger entry",
    });
    // The cloud knows the entry again: the retry goes out as a new attempt and puts the mailbox back.
    cloud.ledger.set(target.cloudLedgerId!, cloudEntry);
    fx.advance(1000);
    const retried = await undo({ ctx: fx.ctx, input: { ledgerId: target.id } });
    expect(retried.undone).toEqual([target.id]);
    expect(cloud.labels("a")).toContain("INBOX");
    expect((await fx.ctx.stores.suggestions.get("a"))?.status).toBe("new");
  });

  it("a refused undo of a snooze puts the snooze back with its time", async () => {
    await seed(["a"]);
    const until = fx.ctx.clock.now() + 86_400_000;
    const res = await performAction({
      ctx: fx.ctx,
      input: {
        suggestionId: "a",
        request: { action: "snooze", until, confirmed: false },
        initiator: "person",
      },
    });
    cloud.ledger.delete((await fx.ctx.stores.ledger.get(res.ledgerId!))!.cloudLedgerId!);
    await undo({ ctx: fx.ctx, input: { ledgerId: res.ledgerId! } });
    expect(await fx.ctx.stores.suggestions.get("a")).toMatchObject({
      status: "snoozed",
      snoozedUntil: until,
    });
  });

  it("undo works while the kill switch is on: the switch stops the assistant, not the person", async () => {
    await seed(["a"]);
    const before = cloud.labels("a");
    const res = await act("a", "archive");
    await control({ ctx: fx.ctx, input: { command: "kill" } });
    fx.advance(1000);
    const u = await undo({ ctx: fx.ctx, input: { ledgerId: res.ledgerId! } });
    expect(u.undone).toEqual([res.ledgerId]);
    expect(cloud.labels("a")).toEqual(before);
    expect((await fx.ctx.stores.settings.control()).killed).toBe(true);
    // The assistant's (and the person's) new actions stay stopped.
    expect((await act("a", "archive")).status).toBe("refused");
  });

  it("an undo queued offline survives the kill switch and goes out when the cloud is back", async () => {
    await seed(["a"]);
    const before = cloud.labels("a");
    const res = await act("a", "archive");
    cloud.setMode("down");
    await undo({ ctx: fx.ctx, input: { ledgerId: res.ledgerId! } });
    await control({ ctx: fx.ctx, input: { command: "kill" } });
    cloud.setMode("up");
    await flushOutbox(fx.ctx);
    expect(cloud.labels("a")).toEqual(before);
  });
});
