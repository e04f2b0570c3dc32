import { DraftResponse } from "@scouts/core/protocol/local-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { undo } from "../services/actions.ts";
import { control } from "../services/control.ts";
import { draftReply } from "../services/draft.ts";
import { ingestItem } from "../services/ingest.ts";
import { flushOutbox } from "../services/outbox.ts";
import { patchSettings } from "../services/settings.ts";
import { agentFixture, item } from "./agent-fixture.ts";
import { type FakeCloud, startFakeCloud } from "./fake-cloud.ts";

const REPLY = "Thanks Ann, the numbers will be with you on Friday.";
let cloud: FakeCloud;
let fx: Awaited<ReturnType<typeof agentFixture>>;
let llmCalls: number;

beforeEach(async () => {
  cloud = await startFakeCloud({ token: "tok" });
  llmCalls = 0;
  // The local OpenAI-compatible endpoint; the cloud client uses the real fetch to the fake cloud.
  const llm = (async (input: string | URL | Request) => {
    if (!String(input).startsWith("http://127.0.0.1:11434/v1/chat/completions"))
      return new Response("not found", { status: 404 });
    llmCalls++;
    return Response.json({ choices: [{ message: { content: REPLY } }] });
  }) as typeof fetch;
  fx = await agentFixture({ cloudUrl: cloud.url, token: "tok", fetch: llm });
  await patchSettings(fx.ctx, { llmBaseUrl: "http://127.0.0.1:11434/v1", llmModel: "tiny" });
  cloud.addMessage("g1");
  await ingestItem({ ctx: fx.ctx, input: item({ id: "g1" }) });
});
afterEach(async () => {
  await cloud.close();
  await fx.close();
});

describe("reply drafts saved as Gmail drafts through the cloud", () => {
  it("stores the draft, keeps its id on the suggestion, mirrors the ledger, and undo deletes it", async () => {
    const d = DraftResponse.parse(await draftReply(fx.ctx, "g1", { instructions: "say Friday" }));
    expect(d).toMatchObject({ text: REPLY, stored: true });
    expect(cloud.drafts.get(d.draftId!)).toEqual({ proposalId: "g1", body: REPLY, sessionId: "session-1" });
    expect((await fx.ctx.stores.suggestions.get("g1"))?.draftId).toBe(d.draftId);
    const entry = await fx.ctx.stores.ledger.get(d.ledgerId!);
    expect(entry).toMatchObject({
      action: "draft_reply",
      status: "applied",
      reversible: true,
      reversal: { action: "delete_draft", draftId: d.draftId },
    });
    expect(entry?.cloudLedgerId).toMatch(/^cl-/);

    const u = await undo({ ctx: fx.ctx, input: { ledgerId: d.ledgerId! } });
    expect(u.undone).toEqual([d.ledgerId]);
    expect(cloud.drafts.size).toBe(0);
    expect((await fx.ctx.stores.suggestions.get("g1"))?.draftId).toBeNull();
    const log = await fx.ctx.stores.ledger.query({ limit: 10 });
    expect(log.map((e) => [e.action, e.undoOf])).toEqual([
      ["delete_draft", d.ledgerId],
      ["draft_reply", null],
    ]);
    expect(cloud.applied.map((a) => a.action)).toEqual(["draft_reply", "undo:draft_reply"]);
  });

  it("offline: the draft waits in the outbox and is saved once when the cloud is back", async () => {
    cloud.setMode("down");
    const d = await draftReply(fx.ctx, "g1", {});
    expect(d).toMatchObject({ text: REPLY, stored: false, queued: true, draftId: null });
    expect((await fx.ctx.stores.ledger.get(d.ledgerId!))?.status).toBe("pending");
    // The answer is lost once: the replay with the same Idempotency-Key must not make a second draft.
    cloud.setMode("lose_answer");
    expect((await flushOutbox(fx.ctx)).sent).toBe(0);
    cloud.setMode("up");
    expect(await flushOutbox(fx.ctx)).toEqual({ sent: 1, stoppedBy: null });
    expect(cloud.drafts.size).toBe(1);
    const [draftId] = [...cloud.drafts.keys()];
    expect((await fx.ctx.stores.suggestions.get("g1"))?.draftId).toBe(draftId);
    expect(await fx.ctx.stores.ledger.get(d.ledgerId!)).toMatchObject({
      status: "applied",
      reversal: { action: "delete_draft", draftId },
    });
  });

  it("a draft cancelled while queued never reaches Gmail; the kill switch stops drafting", async () => {
    cloud.setMode("down");
    const d = await draftReply(fx.ctx, "g1", {});
    const u = await undo({ ctx: fx.ctx, input: { ledgerId: d.ledgerId! } });
    expect(u.undone).toEqual([d.ledgerId]);
    cloud.setMode("up");
    await flushOutbox(fx.ctx);
    expect(cloud.drafts.size).toBe(0);
    await control({ ctx: fx.ctx, input: { command: "kill" } });
    const calls = llmCalls;
    await expect(draftReply(fx.ctx, "g1", {})).rejects.toMatchObject({ code: "disabled" });
    expect(llmCalls).toBe(calls);
  });

  it("undoing an older draft keeps a newer one on the suggestion", async () => {
    const first = await draftReply(fx.ctx, "g1", {});
    fx.advance(1000);
    const second = await draftReply(fx.ctx, "g1", { instructions: "shorter" });
    expect(cloud.drafts.size).toBe(2);
    await undo({ ctx: fx.ctx, input: { ledgerId: first.ledgerId! } });
    expect([...cloud.drafts.keys()]).toEqual([second.draftId]);
    expect((await fx.ctx.stores.suggestions.get("g1"))?.draftId).toBe(second.draftId);
  });

  it("an unknown item at the cloud fails the draft without retrying forever", async () => {
    await ingestItem({ ctx: fx.ctx, input: item({ id: "gone" }) });
    const d = await draftReply(fx.ctx, "gone", {});
    expect(d).toMatchObject({ stored: false, draftId: null });
    expect((await fx.ctx.stores.ledger.get(d.ledgerId!))?.status).toBe("failed");
    expect(await fx.ctx.stores.outbox.pendingCount()).toBe(0);
  });
});
