import { CoreError } from "@scouts/core/errors";
import { type LocalEvent, Status } from "@scouts/core/protocol/local-api";
import { describe, expect, it } from "vitest";
import { cloudApi } from "./cloud-api.ts";
import { memoryDeviceStore } from "./memory-store.ts";
import { deviceSource } from "./source.ts";

const reauth = {
  kind: "needs_reauth" as const,
  scoutId: "scout-g",
  provider: "google",
  message: "Your Gmail connection expired: reconnect it to resume this scout.",
};

/** The cloud's `GET /api/v1/me` as a device sees it; counts the calls. */
function scoutHealth(body: unknown) {
  const seen = { calls: 0, body };
  const fetchFn = (async (url: string) => {
    seen.calls++;
    expect(String(url)).toBe("https://cloud/api/v1/me");
    return Response.json(seen.body);
  }) as typeof fetch;
  return { seen, cloud: cloudApi({ baseUrl: "https://cloud", token: () => "sdt_x", fetch: fetchFn }) };
}

function setup(health: unknown = { scouts: [] }) {
  const store = memoryDeviceStore();
  const net = scoutHealth(health);
  let t = 1_000;
  let n = 0;
  const source = deviceSource({
    ctx: { store, cloud: net.cloud, now: () => ++t, ids: () => `n${++n}`, sessionId: "sess" },
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
  return { store, source, events, net };
}

describe("notices on the browser device", () => {
  it("keeps a notice from the hub, one per scout and kind, in the status until dismissed", async () => {
    const t = setup();
    await t.source.receiveNotice(reauth);
    await t.source.receiveNotice({ ...reauth, message: "Gmail expired again" });
    await t.source.receiveNotice({ kind: "info", message: "Weekly digest posted" });
    const status = Status.parse(await t.source.status());
    expect(status.notices.map((x) => [x.id, x.kind, x.message])).toEqual([
      ["n3", "info", "Weekly digest posted"],
      ["n1", "needs_reauth", "Gmail expired again"],
    ]);
    expect(t.events.map((e) => (e.type === "status.changed" ? e.status.notices.length : e.type))).toEqual([
      "notice",
      1,
      "notice",
      1,
      "notice",
      2,
    ]);

    const after = await t.source.dismissNotice("n1");
    expect(after.notices.map((x) => x.id)).toEqual(["n3"]);
    expect(t.events.at(-1)).toEqual({ type: "status.changed", status: after });
    await expect(t.source.dismissNotice("nope")).rejects.toThrow(
      new CoreError("not_found", "no notice nope"),
    );
    await expect(t.source.dismissNotice("")).rejects.toMatchObject({ code: "bad_input" });
  });

  it("asks the cloud only while a re-authorization notice is active, and clears it once healthy", async () => {
    const t = setup({ scouts: [{ id: "scout-g", needsReauth: true }] });
    expect(await t.source.checkNotices()).toEqual([]);
    expect(t.net.seen.calls).toBe(0);
    await t.source.receiveNotice(reauth);
    expect(await t.source.checkNotices()).toEqual([]);
    expect((await t.source.status()).notices).toHaveLength(1);

    t.net.seen.body = { user: { id: "u" }, scouts: [{ id: "scout-g", needsReauth: false }] };
    expect(await t.source.checkNotices()).toEqual(["n1"]);
    expect((await t.source.status()).notices).toEqual([]);
    expect(t.events.at(-1)).toMatchObject({ type: "status.changed", status: { notices: [] } });
    expect(t.net.seen.calls).toBe(2);
  });

  it("says what was wrong with a cloud answer it cannot read", async () => {
    const t = setup({ scouts: [{ id: "scout-g", needsReauth: "no" }] });
    await t.source.receiveNotice(reauth);
    await expect(t.source.checkNotices()).rejects.toThrow(
      "invalid scout health from the cloud: scouts.0.needsReauth: Invalid input: expected boolean, received string",
    );
    expect((await t.source.status()).notices).toHaveLength(1);
  });
});
