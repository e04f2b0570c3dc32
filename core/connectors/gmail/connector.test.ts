import { describe, expect, it } from "vitest";
import { EMAIL, gmailHarness } from "./test-harness.ts";

describe("Gmail connector: history and cursors", () => {
  it("sets a watch, lists new INBOX messages in order and moves the cursor forward", async () => {
    const h = gmailHarness();
    const watch = await h.connector.setupWatch();
    expect(watch.cursor).toBe("1000");
    expect(watch.expiration).toBe(h.clock.now() + 7 * 86_400_000);
    expect(h.gmail.mailbox(EMAIL).watch?.labelIds).toEqual(["INBOX"]);
    const a = h.add("one");
    const b = h.add("two");
    h.add("sent by me", { labels: ["SENT"] });
    const result = await h.connector.listNew({ cursor: watch.cursor });
    expect(result.refs).toEqual([
      { source: "gmail", id: a.id, threadId: a.threadId },
      { source: "gmail", id: b.id, threadId: b.threadId },
    ]);
    expect(result.cursor).toBe(h.gmail.historyId(EMAIL));
    expect(result.fullResync).toBe(false);
    expect(await h.connector.listNew({ cursor: result.cursor })).toEqual({
      refs: [],
      cursor: result.cursor,
      fullResync: false,
      pages: 1,
      // The cursor's time, for the full sync a later 404 would need.
      state: JSON.stringify({ at: h.clock.now() }),
    });
  });

  it("keeps cursors above 2^53 exact", async () => {
    const h = gmailHarness({ startHistoryId: "18446744073709550000" });
    const m = h.add("big");
    const result = await h.connector.listNew({ cursor: "18446744073709550000" });
    expect(result.refs.map((r) => r.id)).toEqual([m.id]);
    expect(result.cursor).toBe(h.gmail.historyId(EMAIL));
    expect(BigInt(result.cursor)).toBeGreaterThan(18446744073709550000n);
    expect(result.cursor).not.toBe(String(Number(result.cursor)));
  });

  it("ignores label-only history (its own archive/trash) so triage never loops", async () => {
    const h = gmailHarness();
    const m = h.add("loop?");
    const first = await h.connector.listNew({ cursor: "1000" });
    await h.connector.archive(first.refs[0]!);
    await h.connector.trash(first.refs[0]!);
    h.gmail.modifyLabels(EMAIL, m.id, ["IMPORTANT"], []);
    const second = await h.connector.listNew({ cursor: first.cursor });
    expect(second.refs).toEqual([]);
    expect(BigInt(second.cursor)).toBeGreaterThan(BigInt(first.cursor));
  });

  it("never moves the cursor backwards (late or out-of-order notifications)", async () => {
    const h = gmailHarness();
    h.add("x");
    const ahead = (BigInt(h.gmail.historyId(EMAIL)) + 50n).toString();
    expect((await h.connector.listNew({ cursor: ahead })).cursor).toBe(ahead);
  });

  it("returns the same refs for a duplicated sync from the same cursor (dedupe is on the ref)", async () => {
    const h = gmailHarness();
    h.add("a");
    h.add("b");
    const one = await h.connector.listNew({ cursor: "1000" });
    const two = await h.connector.listNew({ cursor: "1000" });
    expect(two).toEqual(one);
  });

  it("leaves out messages deleted again within the window", async () => {
    const h = gmailHarness();
    const gone = h.add("gone");
    const kept = h.add("kept");
    h.gmail.deleteMessage(EMAIL, gone.id);
    expect((await h.connector.listNew({ cursor: "1000" })).refs.map((r) => r.id)).toEqual([kept.id]);
  });

  it("establishes a baseline on a null cursor without triaging the backlog", async () => {
    const h = gmailHarness();
    h.add("old");
    expect(await h.connector.listNew({ cursor: null })).toEqual({
      refs: [],
      cursor: h.gmail.historyId(EMAIL),
      fullResync: false,
      state: JSON.stringify({ at: h.clock.now() }),
    });
  });

  it("falls back to a bounded full resync when the cursor is too old (404)", async () => {
    const h = gmailHarness({ fullSyncLimit: 3 });
    const ids = [];
    for (let i = 0; i < 5; i++) {
      ids.push(h.add(`m${i}`).id);
      h.advance(1000);
    }
    h.gmail.expireHistory(EMAIL);
    const result = await h.connector.listNew({ cursor: "1000" });
    expect(result.fullResync).toBe(true);
    expect(result.refs.map((r) => r.id)).toEqual([ids[4], ids[3], ids[2]]);
    expect(result.cursor).toBe(h.gmail.historyId(EMAIL));
  });

  it("pages through long histories", async () => {
    const h = gmailHarness();
    for (let i = 0; i < 1203; i++) h.add(`m${i}`);
    const result = await h.connector.listNew({ cursor: "1000" });
    expect(result.refs).toHaveLength(1203);
    expect(h.gmail.calls.filter((c) => c.call === "history")).toHaveLength(3);
  });

  it("rejects a malformed cursor", async () => {
    const h = gmailHarness();
    await expect(h.connector.listNew({ cursor: "12abc" })).rejects.toMatchObject({ code: "bad_input" });
    await expect(h.connector.listNew({ cursor: "0" })).rejects.toMatchObject({ code: "bad_input" });
  });
});
