import { describe, expect, it } from "vitest";
import { EMAIL, gmailHarness } from "./test-harness.ts";

describe("Gmail gap resync after history expired (404)", () => {
  it("with the cursor's time known: every INBOX message since then, over pages, the boundary message not again", async () => {
    const h = gmailHarness();
    const before = h.add("listed before the gap");
    h.advance(5_000);
    const first = await h.connector.listNew({ cursor: "1000" });
    expect(first.refs.map((r) => r.id)).toEqual([before.id]);
    h.advance(5_000);
    const gap: string[] = [];
    for (let i = 0; i < 1_100; i++) {
      gap.push(h.add(`gap ${i}`).id);
      h.advance(10);
    }
    h.gmail.expireHistory(EMAIL);
    // The allowance stops it after two messages.list pages of 500: the state carries the third.
    const partial = await h.connector.listNew({ cursor: first.cursor, maxPages: 2, state: first.state! });
    expect(partial).toMatchObject({ fullResync: true, more: true, cursor: first.cursor });
    expect(partial.refs).toHaveLength(1_000);
    const rest = await h.connector.listNew({ cursor: first.cursor, state: partial.state! });
    expect(rest).toMatchObject({ fullResync: true, cursor: h.gmail.historyId(EMAIL) });
    expect(rest.more).toBeUndefined();
    const ids = [...partial.refs, ...rest.refs].map((r) => r.id);
    expect(ids).toHaveLength(1_100);
    expect(new Set(ids)).toEqual(new Set(gap));
    expect(JSON.parse(rest.state!)).toEqual({ at: expect.any(Number) });
  });

  it("a stored state that is not its shape is read as none (logged by length) and the 404 fallback stays bounded", async () => {
    const lines: { event: string; fields: unknown }[] = [];
    const logger = {
      log: (_level: string, event: string, fields: unknown) => void lines.push({ event, fields }),
    };
    const h = gmailHarness({ fullSyncLimit: 2, logger });
    for (let i = 0; i < 4; i++) h.add(`m${i}`);
    h.gmail.expireHistory(EMAIL);
    const bad = JSON.stringify({ at: -5, resync: { from: "1000", head: "x".repeat(99) } });
    const r = await h.connector.listNew({ cursor: "1000", state: bad });
    expect(r.refs).toHaveLength(2);
    expect(lines.map((l) => l.event)).toContain("gmail.sync_state_unreadable");
    expect(JSON.stringify(lines)).not.toContain("xxxx");
  });

  it("a resync stored for another cursor is stale: history is listed from the cursor instead", async () => {
    const h = gmailHarness();
    const m = h.add("new");
    const stale = JSON.stringify({ resync: { from: "999", head: "5000", after: 0, at: 0, pageToken: "0" } });
    const r = await h.connector.listNew({ cursor: "1000", state: stale });
    expect(r.fullResync).toBe(false);
    expect(r.refs.map((x) => x.id)).toEqual([m.id]);
    expect(h.gmail.calls.some((c) => c.call === "list")).toBe(false);
  });
});
