import { silentLogger } from "@scouts/core/ports";
import { afterEach, describe, expect, it } from "vitest";
import { backoffDelay, createDeviceLink } from "../adapters/device-link.ts";
import { frameToItem } from "../agent.ts";
import { ingestItem } from "../services/ingest.ts";
import { agentFixture, keywordStage2 } from "./agent-fixture.ts";
import { type FakeCloud, startFakeCloud } from "./fake-cloud.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function proposal(id: string, subject = "Contract renewal") {
  return {
    type: "scout_proposal",
    proposalId: id,
    scoutId: "scout-1",
    source: "gmail",
    sourceMsgRef: `m-${id}`,
    threadRef: null,
    verdict: "relevant",
    reason: "t0:none",
    confidence: 0.8,
    createdAt: 1_700_000_000_000,
    from: "Bo <bo@partner.example>",
    subject,
    snippet: "Please review today",
    date: 1_700_000_000_000,
  };
}

async function until(check: () => boolean | Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function setup(token = "tok") {
  const cloud: FakeCloud = await startFakeCloud({ token: "tok" });
  const fx = await agentFixture({ cloudUrl: cloud.url, stage2: keywordStage2 });
  const storedAtAck: Record<string, boolean> = {};
  cloud.onDeviceMessage((_ws, f) => {
    if (f.type === "scout_proposal_ack" && f.proposalId)
      void fx.ctx.stores.suggestions.get(f.proposalId).then((s) => {
        storedAtAck[f.proposalId!] = s !== null && s.category !== "unprocessed";
      });
  });
  const link = createDeviceLink({
    cloudUrl: cloud.url,
    token: () => token,
    agentVersion: "test",
    logger: silentLogger,
    baseDelayMs: 20,
    maxDelayMs: 100,
    async onProposal(frame) {
      await ingestItem({ ctx: fx.ctx, input: frameToItem(frame) });
    },
  });
  cleanups.push(fx.close, cloud.close, link.stop);
  return { cloud, fx, link, storedAtAck };
}

describe("device link", () => {
  it("connects with a bearer header, says hello, stores + classifies each proposal before acking, dedupes", async () => {
    const { cloud, fx, link, storedAtAck } = await setup();
    link.start();
    await until(() => cloud.sockets.size === 1);
    await until(() => cloud.received.some((f) => (f as { type: string }).type === "hello"));
    cloud.broadcast(proposal("p1"));
    cloud.broadcast(proposal("p2", "Urgent: sign today"));
    cloud.broadcast(proposal("p1"));
    await until(
      () => cloud.received.filter((f) => (f as { type: string }).type === "scout_proposal_ack").length === 3,
    );
    await until(() => Object.keys(storedAtAck).length === 2);
    expect(storedAtAck).toEqual({ p1: true, p2: true });
    const page = await fx.ctx.stores.suggestions.list({ limit: 10 });
    expect(page.total).toBe(2);
    expect((await fx.ctx.stores.suggestions.get("p2"))?.bucket).toBe("urgent");
  });

  it("reconnects after the hub drops it and keeps receiving", async () => {
    const { cloud, fx, link } = await setup();
    link.start();
    await until(() => cloud.sockets.size === 1);
    cloud.dropSockets();
    await until(() => cloud.sockets.size === 0);
    await until(() => cloud.sockets.size === 1);
    await until(() => cloud.received.filter((f) => (f as { type: string }).type === "hello").length >= 2);
    cloud.broadcast(proposal("p9"));
    await until(async () => (await fx.ctx.stores.suggestions.get("p9")) !== null);
  });

  it("is refused with a wrong token and keeps retrying with backoff", async () => {
    const { cloud, link } = await setup("wrong");
    link.start();
    await new Promise((r) => setTimeout(r, 200));
    expect(cloud.sockets.size).toBe(0);
  });

  it("backs off exponentially with jitter and a cap", () => {
    expect(backoffDelay(0, 500, 60_000, () => 1)).toBe(500);
    expect(backoffDelay(3, 500, 60_000, () => 1)).toBe(4000);
    expect(backoffDelay(3, 500, 60_000, () => 0)).toBe(2000);
    expect(backoffDelay(20, 500, 60_000, () => 1)).toBe(60_000);
  });
});
