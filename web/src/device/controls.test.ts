import { isCoreError } from "@scouts/core/errors";
import type { LocalEvent } from "@scouts/core/protocol/local-api";
import { describe, expect, it } from "vitest";
import { cloudApi } from "./cloud-api.ts";
import { memoryDeviceStore } from "./memory-store.ts";
import { deviceSource } from "./source.ts";

function setup() {
  const store = memoryDeviceStore();
  const source = deviceSource({
    ctx: {
      store,
      cloud: cloudApi({
        baseUrl: "https://cloud",
        token: () => "sdt_x",
        fetch: (async () => Response.json({})) as typeof fetch,
      }),
      now: () => Date.parse("2026-11-20T09:00:00Z"),
      ids: () => crypto.randomUUID(),
      sessionId: "sess",
    },
    link: () => ({
      deviceId: "d",
      userId: "u",
      connected: true,
      lastConnectedAt: null,
      lastError: null,
      stage2Runner: null,
    }),
  });
  const events: LocalEvent[] = [];
  source.subscribe((e) => events.push(e));
  const statuses = () => events.flatMap((e) => (e.type === "status.changed" ? [e.status] : []));
  return { store, source, statuses };
}

describe("browser device controls", () => {
  it("reports every control change and toggle as status.changed, as the agent's SSE does", async () => {
    const t = setup();
    await t.source.control({ command: "pause" });
    await t.source.control({ command: "travel", until: Date.parse("2026-12-01T00:00:00Z") });
    await t.source.control({ command: "kill" });
    await t.source.patchSettings({ providers: { gmail: false }, assistantEnabled: false });
    await t.source.control({ command: "resume" });
    expect(
      t
        .statuses()
        .map((s) => [
          s.control.paused,
          s.control.killed,
          s.control.travelUntil !== null,
          s.providers.gmail,
          s.assistantEnabled,
        ]),
    ).toEqual([
      [true, false, false, true, true],
      [true, false, true, true, true],
      [true, true, true, true, true],
      [true, true, true, false, false],
      [false, false, true, false, false],
    ]);
  });

  it("validates settings with the agent's schema and names the field; refuses local paths", async () => {
    const t = setup();
    const issues = async (p: Parameters<typeof t.source.patchSettings>[0]) => {
      const e: unknown = await t.source.patchSettings(p).then(
        () => null,
        (err: unknown) => err,
      );
      expect(isCoreError(e)).toBe(true);
      return (e as { details: { issues: { path: string; message: string }[] } }).details.issues;
    };
    expect(await issues({ vipSenders: ["boss@work.example", "nope"] })).toEqual([
      { path: "vipSenders.1", message: "use an address (ann@example.com) or a domain (example.com)" },
    ]);
    expect(await issues({ watchedDirectory: "/home/me/inbox" })).toEqual([
      { path: "watchedDirectory", message: "only the local agent can watch files on this computer" },
    ]);
    await expect(t.source.control({ command: "travel", until: "soon" } as never)).rejects.toThrow(/until/);
    const saved = await t.source.patchSettings({
      vipSenders: ["Boss@Work.example"],
      orgDomains: ["work.example"],
    });
    expect([saved.vipSenders, saved.orgDomains]).toEqual([["boss@work.example"], ["work.example"]]);
  });
});
