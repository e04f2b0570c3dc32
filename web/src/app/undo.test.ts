import { suggestionFixture } from "@scouts/core/device/suggestion-fixture";
import { describe, expect, it } from "vitest";
import { cloudApi } from "../device/cloud-api.ts";
import { memoryDeviceStore } from "../device/memory-store.ts";
import { deviceSource } from "../device/source.ts";
import { reverse, undoneText } from "./undo.tsx";

/** A browser device whose cloud is unreachable, so an approval's archive waits in the outbox. */
function offlineDevice() {
  const store = memoryDeviceStore();
  let t = 1_000;
  let id = 0;
  const source = deviceSource({
    ctx: {
      store,
      cloud: cloudApi({
        baseUrl: "https://cloud",
        token: () => "sdt_x",
        fetch: (async () => {
          throw new TypeError("Failed to fetch");
        }) as typeof fetch,
      }),
      now: () => ++t,
      ids: () => `l${++id}`,
      sessionId: "sess",
    },
    link: () => ({
      deviceId: "d",
      userId: "u",
      connected: false,
      lastConnectedAt: null,
      lastError: "offline",
      stage2Runner: null,
    }),
  });
  return { store, source };
}

describe("undo after the kill switch cancelled a pending approval", () => {
  it("reads as cancelled, nothing to undo (not a failed undo), and reopens the suggestion", async () => {
    const t = offlineDevice();
    await t.store.insertSuggestion(suggestionFixture("a"));
    const approved = await t.source.decide("a", {
      decision: "approve",
      action: { kind: "archive" },
    } as never);
    expect(approved.outcome?.status).toBe("queued");
    const ledgerId = approved.outcome!.ledgerId!;
    await t.source.control({ command: "kill" });
    expect((await t.store.ledgerGet(ledgerId))!.status).toBe("cancelled");

    const result = await reverse(t.source, {
      what: "archive “a”",
      ledgerIds: [ledgerId],
      taskIds: [],
      reopen: ["a"],
      queued: true,
    });
    expect(result).toEqual({ cancelled: [ledgerId] });
    expect((await t.source.get("a")).status).toBe("new");
    expect(
      undoneText(
        { what: "archive “a”", ledgerIds: [ledgerId], taskIds: [], reopen: ["a"] },
        result.cancelled,
      ),
    ).toBe("archive “a”: cancelled — nothing to undo in the mailbox.");
    expect(undoneText({ what: "archive “a”", ledgerIds: [ledgerId], taskIds: [], reopen: [] }, [])).toBe(
      "Undone: archive “a”.",
    );
  });

  it("the kill switch puts a queued archive's suggestion back, since the mailbox never changed", async () => {
    const t = offlineDevice();
    await t.store.insertSuggestion(suggestionFixture("a"));
    const r = await t.source.act("a", { action: "archive" });
    expect([r.status, (await t.source.get("a")).status]).toEqual(["queued", "archived"]);
    await t.source.control({ command: "kill" });
    expect((await t.source.get("a")).status).toBe("new");
    const result = await reverse(t.source, {
      what: "archive",
      ledgerIds: [r.ledgerId!],
      taskIds: [],
      reopen: [],
    });
    expect(result).toEqual({ cancelled: [r.ledgerId] });
  });

  it("still fails with the reason when a ledger entry was never applied for another reason", async () => {
    const t = offlineDevice();
    await t.store.insertSuggestion(suggestionFixture("a"));
    const r = await t.source.act("a", { action: "archive" });
    await t.source.undoOne(r.ledgerId!);
    await expect(
      reverse(t.source, { what: "archive", ledgerIds: [r.ledgerId!], taskIds: [], reopen: [] }),
    ).rejects.toThrow(/already undone/);
  });
});
