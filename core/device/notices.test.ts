import { describe, expect, it } from "vitest";
import type { DeviceNotice } from "../protocol/local-api.ts";
import { activeNotices, healedNotices, MAX_ACTIVE_NOTICES, mergeNotice, noticeKey } from "./notices.ts";

const notice = (id: string, over: Partial<DeviceNotice> = {}): DeviceNotice => ({
  id,
  kind: "needs_reauth",
  scoutId: `scout-${id}`,
  provider: "google",
  message: "Your Gmail connection expired: reconnect it to resume this scout.",
  receivedAt: 1,
  ...over,
});

describe("device notices", () => {
  it("dedupes per scout and kind, and by words when a notice names no scout", () => {
    const reauth = { kind: "needs_reauth" as const, scoutId: "s1", message: "expired" };
    expect(noticeKey(reauth)).toBe(noticeKey({ ...reauth, message: "expired again" }));
    expect(noticeKey(reauth)).not.toBe(noticeKey({ ...reauth, scoutId: "s2" }));
    expect(noticeKey(reauth)).not.toBe(noticeKey({ ...reauth, kind: "scout_paused" }));
    expect(noticeKey({ kind: "info", message: "a" })).not.toBe(noticeKey({ kind: "info", message: "b" }));
  });

  it("keeps a repeat's id and shows it again", () => {
    const first = mergeNotice(undefined, { kind: "needs_reauth", scoutId: "s1", message: "old" }, 10, "n1");
    const repeat = mergeNotice(
      { ...first, dismissedAt: 20 },
      { kind: "needs_reauth", scoutId: "s1", provider: "slack", message: "new" },
      30,
      "n2",
    );
    expect(repeat).toEqual({
      id: "n1",
      key: first.key,
      kind: "needs_reauth",
      scoutId: "s1",
      provider: "slack",
      message: "new",
      receivedAt: 30,
      dismissedAt: null,
    });
  });

  it("lists undismissed notices newest first, capped", () => {
    const rows = Array.from({ length: MAX_ACTIVE_NOTICES + 5 }, (_, i) => ({
      ...notice(`n${String(i).padStart(2, "0")}`, { receivedAt: i }),
      key: `k${i}`,
      dismissedAt: i === 24 ? 99 : null,
    }));
    const shown = activeNotices(rows);
    expect(shown).toHaveLength(MAX_ACTIVE_NOTICES);
    expect(shown[0]).toEqual(notice("n23", { receivedAt: 23 }));
  });

  it("heals re-authorization notices whose scout is healthy or gone, nothing else", () => {
    const active = [
      notice("a"),
      notice("b"),
      notice("c"),
      notice("d", { scoutId: null }),
      notice("e", { kind: "info", scoutId: "scout-e" }),
    ];
    const health = {
      scouts: [
        { id: "scout-a", needsReauth: false },
        { id: "scout-b", needsReauth: true },
        { id: "scout-e", needsReauth: false },
      ],
    };
    expect(healedNotices(active, health)).toEqual(["a", "c"]);
  });
});
