import { describe, expect, it } from "vitest";
import { silentLogger } from "../ports.ts";
import { harvestFromItemContent, harvestFromSlackEvent, placesOfItem } from "./harvest.ts";
import { createMemoryWorkspaceStore } from "./store.ts";

describe("harvester", () => {
  it("finds the place of an email (List-Id) or a chat item (channel) without reading text", () => {
    const raw = "From: a@b.test\r\nList-Id: Dev <dev.example.org>\r\nSubject: x\r\n\r\nbody";
    expect(placesOfItem({ kind: "email", ref: { source: "gmail", id: "1" }, raw })).toEqual([
      { workspaceKey: "gmail://list/dev.example.org", kind: "list", metadata: {} },
    ]);
    const chat = {
      kind: "chat" as const,
      ref: { source: "slack" as const, id: "C0A:1.000001" },
      text: "t",
      user: "U1",
      ts: "1.000001",
      date: 1,
    };
    expect(placesOfItem({ ...chat, channel: "C0ABCDEF", channelType: "channel" })).toEqual([
      { workspaceKey: "slack://channel/C0ABCDEF", kind: "channel", metadata: {} },
    ]);
    // Channel or group DM cannot be told from a C… id alone: no guess.
    expect(placesOfItem({ ...chat, channel: "C0ABCDEF" })).toEqual([]);
    expect(placesOfItem({ ...chat, channel: "D0DIRECT" })).toEqual([
      { workspaceKey: "slack://im/D0DIRECT", kind: "dm", metadata: {} },
    ]);
    expect(placesOfItem({ ...chat, channel: "G0MPIM01", channelType: "mpim" })).toEqual([
      { workspaceKey: "slack://group/G0MPIM01", kind: "group", metadata: {} },
    ]);
  });

  it("upserts with the dispatch time, tags the source, and logs rejected kind changes by key only", async () => {
    const store = createMemoryWorkspaceStore();
    const lines: unknown[] = [];
    const ctx = { store, clock: { now: () => 42 }, logger: { log: (...a: unknown[]) => void lines.push(a) } };
    const raw = "List-Id: <dev.example.org>\r\n\r\n";
    expect(
      await harvestFromItemContent({
        ctx,
        input: { spaceId: "s", content: { kind: "email", ref: { source: "gmail", id: "1" }, raw } },
      }),
    ).toEqual({
      created: 1,
      updated: 0,
      rejected: 0,
    });
    await store.upsert("s", { workspaceKey: "slack://channel/C0KIND", kind: "dm", metadata: {}, seenAt: 1 });
    const payload = {
      type: "event_callback",
      event: {
        type: "message",
        channel: "C0KIND",
        channel_type: "channel",
        user: "U1",
        ts: "1.000001",
        text: "secret",
      },
    };
    expect(await harvestFromSlackEvent({ ctx, input: { spaceId: "s", payload } })).toEqual({
      created: 0,
      updated: 0,
      rejected: 1,
    });
    expect(store.list("s")[0]).toMatchObject({
      workspaceKey: "gmail://list/dev.example.org",
      firstSeenAt: 42,
      tags: ["gmail"],
    });
    expect(JSON.stringify(lines)).toContain("workspace.kind_change_rejected");
    expect(JSON.stringify(lines)).not.toContain("secret");
    await harvestFromSlackEvent({
      ctx: { ...ctx, logger: silentLogger },
      input: { spaceId: "s", payload: null },
    });
  });
});
