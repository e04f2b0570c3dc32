import { suggestionFixture } from "@scouts/core/device/suggestion-fixture";
import { describe, expect, it } from "vitest";
import { cloudApi } from "./cloud-api.ts";
import { memoryDeviceStore } from "./memory-store.ts";
import { flushOutbox } from "./outbox.ts";
import { deviceWakeSnoozes } from "./snooze.ts";
import { deviceSource } from "./source.ts";

const HOUR = 3_600_000;

/**
 * The cloud action API over a one-message inbox: snooze archives, unsnooze unarchives, undo runs
 * the reversal; a key seen before answers the first result without applying again.
 */
function cloudInbox() {
  const inbox = new Set<string>(["a"]);
  const applied: string[] = [];
  const byKey = new Map<string, string>();
  const ledger = new Map<string, { proposal: string; action: string }>();
  const net = { online: true, loseAnswer: false };
  let n = 0;
  const fetchFn = (async (url: string, init: RequestInit) => {
    if (!net.online) throw new TypeError("Failed to fetch");
    const key = new Headers(init.headers).get("idempotency-key") ?? `k${++n}`;
    let ledgerId = byKey.get(key);
    if (!ledgerId) {
      ledgerId = `cloud-${++n}`;
      byKey.set(key, ledgerId);
      const act = /\/items\/([^/]+)\/actions$/.exec(String(url));
      const undo = /\/ledger\/([^/]+)\/undo$/.exec(String(url));
      if (act) {
        const { action } = JSON.parse(String(init.body)) as { action: string };
        ledger.set(ledgerId, { proposal: act[1]!, action });
        if (action === "snooze") inbox.delete(act[1]!);
        if (action === "unsnooze") inbox.add(act[1]!);
        applied.push(`${act[1]}:${action}`);
      } else if (undo) {
        const e = ledger.get(undo[1]!)!;
        if (e.action === "snooze") inbox.add(e.proposal);
        if (e.action === "unsnooze") inbox.delete(e.proposal);
        applied.push(`${e.proposal}:undo ${e.action}`);
      }
    }
    if (net.loseAnswer) throw new TypeError("connection reset");
    return Response.json({ ledgerId });
  }) as typeof fetch;
  return {
    inbox,
    applied,
    net,
    cloud: cloudApi({ baseUrl: "https://cloud", token: () => "t", fetch: fetchFn }),
  };
}

async function setup() {
  const store = memoryDeviceStore();
  const c = cloudInbox();
  let now = 1_800_000_000_000;
  let id = 0;
  const source = deviceSource({
    ctx: { store, cloud: c.cloud, now: () => now, ids: () => `l${++id}`, sessionId: "tab-1" },
    link: () => ({
      deviceId: "d",
      userId: "u",
      connected: true,
      lastConnectedAt: null,
      lastError: null,
      stage2Runner: null,
    }),
  });
  await store.insertSuggestion(suggestionFixture("a"));
  const snooze = () => source.act("a", { action: "snooze", until: now + HOUR });
  return {
    ...c,
    store,
    source,
    snooze,
    wake: () => deviceWakeSnoozes(source.ctx),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("snooze wake in the browser device", () => {
  it("wakes at its time: back in the list and in the inbox, through the cloud, once", async () => {
    const t = await setup();
    const r = await t.snooze();
    expect(r.status).toBe("applied");
    expect(t.inbox.has("a")).toBe(false);
    expect(await t.wake()).toEqual([]);
    t.advance(HOUR + 1);
    expect((await t.wake()).map((s) => s.id)).toEqual(["a"]);
    expect(await t.source.get("a")).toMatchObject({ status: "new", snoozedUntil: null });
    expect(t.inbox.has("a")).toBe(true);
    expect(await t.store.ledgerGet(`wake-${r.ledgerId}`)).toMatchObject({
      action: "unsnooze",
      status: "applied",
      sessionId: "tab-1",
      reversal: { action: "archive" },
    });
    expect(await t.wake()).toEqual([]);
    expect(t.applied).toEqual(["a:snooze", "a:unsnooze"]);
  });

  it("undoing the snooze before its time unarchives and cancels the wake", async () => {
    const t = await setup();
    const r = await t.snooze();
    await t.source.undoOne(r.ledgerId!);
    expect(t.inbox.has("a")).toBe(true);
    t.advance(2 * HOUR);
    expect(await t.wake()).toEqual([]);
    expect(t.applied).toEqual(["a:snooze", "a:undo snooze"]);
    expect(await t.store.ledgerGet(`wake-${r.ledgerId}`)).toBeUndefined();
  });

  it("a wake while offline is queued, then replayed exactly once though the first answer was lost", async () => {
    const t = await setup();
    const r = await t.snooze();
    t.net.online = false;
    t.advance(HOUR + 1);
    await t.wake();
    expect((await t.source.get("a")).status).toBe("new");
    expect(t.inbox.has("a")).toBe(false);
    expect((await t.store.outboxPending()).map((o) => o.id)).toEqual([`wake-${r.ledgerId}`]);
    t.net.online = true;
    t.net.loseAnswer = true;
    expect((await flushOutbox({ store: t.store, cloud: t.cloud })).sent).toBe(0);
    t.net.loseAnswer = false;
    expect(await flushOutbox({ store: t.store, cloud: t.cloud })).toEqual({ sent: 1, stoppedBy: null });
    expect(await t.wake()).toEqual([]);
    expect(t.applied).toEqual(["a:snooze", "a:unsnooze"]);
    expect(t.inbox.has("a")).toBe(true);
    expect((await t.store.ledgerGet(`wake-${r.ledgerId}`))?.status).toBe("applied");
  });

  it("undoing the whole tab session after the wake leaves the inbox as it was before the snooze", async () => {
    const t = await setup();
    await t.snooze();
    t.advance(HOUR + 1);
    await t.wake();
    const u = await t.source.undo({ sessionId: "tab-1" });
    expect(u.undone).toHaveLength(2);
    expect(t.applied).toEqual(["a:snooze", "a:unsnooze", "a:undo unsnooze", "a:undo snooze"]);
    expect(t.inbox.has("a")).toBe(true);
    expect((await t.source.get("a")).status).toBe("new");
  });
});
