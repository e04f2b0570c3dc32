import type { ReadStateResultFrame } from "@scouts/core/protocol/frames";
import { afterEach, describe, expect, it } from "vitest";
import { createLocalApi } from "../api/app.ts";
import { createLocalAuth } from "../api/auth.ts";
import { ingestItem } from "../services/ingest.ts";
import { agentFixture, item } from "./agent-fixture.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The agent with its loopback API; `labels` is Gmail as the hub would read it now (by proposal id). */
async function setup(labels: Map<string, string[]>) {
  const fx = await agentFixture();
  cleanups.push(fx.close);
  const asked: string[][] = [];
  // As the hub answers `read_state`: an id it cannot look up (another user's, gone) is null.
  fx.ctx.cloudReadState = async (ids): Promise<ReadStateResultFrame> => {
    asked.push(ids);
    return {
      type: "read_state_result",
      requestId: "u1",
      ok: true,
      states: ids.map((proposalId) => {
        const l = labels.get(proposalId);
        return { proposalId, unread: l ? l.includes("UNREAD") : null };
      }),
    };
  };
  const auth = createLocalAuth(fx.ctx.db, () => Date.now());
  const app = createLocalApi({
    ctx: fx.ctx,
    auth,
    pwaOrigins: [],
    devPair: false,
    remoteAddress: () => "127.0.0.1",
  });
  const token = await auth.issue("test");
  const post = (body: unknown) =>
    app.request("http://127.0.0.1:8788/local/v1/suggestions/read-state", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  return { fx, asked, post };
}

describe("POST /suggestions/read-state: Gmail's read state for the clean-up read rate", () => {
  it("keeps the UNREAD label the cloud reads now; unknown leaves what was known", async () => {
    const labels = new Map([
      ["g1", ["INBOX"]],
      ["g2", ["INBOX", "UNREAD"]],
    ]);
    const { fx, asked, post } = await setup(labels);
    const at = fx.now() - 3_600_000;
    for (const id of ["g1", "g2", "g3"])
      await ingestItem({ ctx: fx.ctx, input: { ...item({ id, date: at }), labels: ["INBOX", "UNREAD"] } });
    // Old mail and other sources are not asked about.
    await ingestItem({ ctx: fx.ctx, input: item({ id: "old", date: at - 40 * 86_400_000 }) });
    await ingestItem({ ctx: fx.ctx, input: item({ id: "s1", source: "slack", date: at }) });

    const res = await post({ since: fx.now() - 30 * 86_400_000 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ asked: 3, changed: 1, error: null });
    expect(asked.flat().sort()).toEqual(["g1", "g2", "g3"]);
    const unread = async (id: string) => (await fx.ctx.stores.suggestions.get(id))?.unread;
    expect([await unread("g1"), await unread("g2"), await unread("g3")]).toEqual([false, true, true]);

    // Marked unread again in Gmail: the next refresh says so.
    labels.set("g1", ["INBOX", "UNREAD"]);
    expect(await (await post({ since: 0 })).json()).toMatchObject({ changed: 1, error: null });
    expect(await unread("g1")).toBe(true);
  });

  it("says why when the cloud cannot answer, and refuses a malformed request", async () => {
    const { fx, post } = await setup(new Map());
    await ingestItem({ ctx: fx.ctx, input: { ...item({ id: "g1" }), labels: ["INBOX", "UNREAD"] } });
    fx.ctx.cloudReadState = async () => ({
      type: "read_state_result",
      requestId: "u1",
      ok: false,
      error: "offline",
    });
    expect(await (await post({ since: 0 })).json()).toEqual({ asked: 0, changed: 0, error: "offline" });
    expect((await fx.ctx.stores.suggestions.get("g1"))?.unread).toBe(true);
    delete fx.ctx.cloudReadState;
    expect(await (await post({ since: 0 })).json()).toMatchObject({ error: "not_linked" });
    for (const bad of [{}, { since: "yesterday" }, { since: -1 }, { since: 1.5 }]) {
      const res = await post(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain("since");
    }
  });
});
