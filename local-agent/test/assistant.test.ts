import { afterEach, describe, expect, it } from "vitest";
import { performAction } from "../services/actions.ts";
import { assistOnArrival } from "../services/assistant-run.ts";
import { control } from "../services/control.ts";
import { correct } from "../services/decisions.ts";
import { ingestItem } from "../services/ingest.ts";
import { scheduleTick } from "../services/schedule.ts";
import { patchPolicies, patchSettings } from "../services/settings.ts";
import { agentFixture, item, keywordStage2 } from "./agent-fixture.ts";
import { startFakeCloud } from "./fake-cloud.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup() {
  const cloud = await startFakeCloud({ token: "tok" });
  const fx = await agentFixture({ cloudUrl: cloud.url, token: "tok", stage2: keywordStage2 });
  cleanups.push(fx.close, cloud.close);
  return { cloud, fx };
}

describe("kill switch, pause and travel mode", () => {
  it("kill stops actions now and cancels everything pending; resume lifts it", async () => {
    const { cloud, fx } = await setup();
    for (const id of ["a", "b"]) {
      cloud.addMessage(id);
      await ingestItem({ ctx: fx.ctx, input: item({ id }) });
    }
    cloud.setMode("down");
    const queued = await performAction({
      ctx: fx.ctx,
      input: { suggestionId: "a", request: { action: "archive", confirmed: false }, initiator: "person" },
    });
    expect(queued.status).toBe("queued");
    const status = await control({ ctx: fx.ctx, input: { command: "kill" } });
    expect(status.control.killed).toBe(true);
    expect(status.outbox.pending).toBe(0);
    expect((await fx.ctx.stores.ledger.get(queued.ledgerId!))?.status).toBe("cancelled");
    expect((await fx.ctx.stores.suggestions.get("a"))?.status).toBe("new");
    cloud.setMode("up");
    const refused = await performAction({
      ctx: fx.ctx,
      input: { suggestionId: "b", request: { action: "archive", confirmed: false }, initiator: "person" },
    });
    expect(refused).toMatchObject({
      status: "refused",
      gate: { mode: "blocked", reasons: ["kill switch is on"] },
    });
    expect(cloud.applied).toEqual([]);
    await control({ ctx: fx.ctx, input: { command: "resume" } });
    const ok = await performAction({
      ctx: fx.ctx,
      input: { suggestionId: "b", request: { action: "archive", confirmed: false }, initiator: "person" },
    });
    expect(ok.status).toBe("applied");
    expect(cloud.applied.map((a) => a.proposalId)).toEqual(["b"]);
  });

  it("the assistant acts at L4, not during travel mode, and travel ends at its date", async () => {
    const { cloud, fx } = await setup();
    await patchPolicies(fx.ctx, { levels: { first_contact: 4, default: 4 } });
    const promo = async (id: string) => {
      cloud.addMessage(id);
      return (await ingestItem({
        ctx: fx.ctx,
        input: item({ id, from: `shop${id}@deals.example`, subject: "Big sale", snippet: "deal" }),
      }))!;
    };
    const s1 = await promo("p1");
    expect(s1.bucket).toBe("low_priority");
    expect(await assistOnArrival(fx.ctx, s1, "run-1")).not.toBeNull();
    expect(cloud.labels("p1")).not.toContain("INBOX");

    await control({ ctx: fx.ctx, input: { command: "travel", until: fx.now() + 3_600_000 } });
    const s2 = await promo("p2");
    expect(await assistOnArrival(fx.ctx, s2, "run-2")).toBeNull();
    expect(cloud.labels("p2")).toContain("INBOX");
    fx.advance(3_600_001);
    const s3 = await promo("p3");
    expect(await assistOnArrival(fx.ctx, s3, "run-3")).not.toBeNull();
  });

  it("L5 scheduled triage catches up after travel mode at the next set time, once, under that slot's run id", async () => {
    const { cloud, fx } = await setup();
    // The fixture's clock reads 2026-11-20 09:00 UTC; Settings' zone is UTC.
    await patchPolicies(fx.ctx, { levels: { first_contact: 5 }, triageTimes: ["10:00"] });
    await control({ ctx: fx.ctx, input: { command: "travel", until: fx.now() + 1000 } });
    cloud.addMessage("t1");
    const s = (await ingestItem({
      ctx: fx.ctx,
      input: item({ id: "t1", from: "promo@deals.example", subject: "Big sale" }),
    }))!;
    expect(await assistOnArrival(fx.ctx, s, "run-arrival")).toBeNull();
    expect((await scheduleTick(fx.ctx)).triage).toBeNull();
    fx.advance(2000);
    // Travel is over, but 10:00 has not come: the every-minute tick does nothing.
    expect((await scheduleTick(fx.ctx)).triage).toBeNull();
    expect(cloud.labels("t1")).toContain("INBOX");
    fx.advance(3_600_000 - 2000);
    expect((await scheduleTick(fx.ctx)).triage).toEqual({ slot: "10:00", acted: 1, drafted: 0 });
    expect(cloud.labels("t1")).not.toContain("INBOX");
    fx.advance(60_000);
    expect((await scheduleTick(fx.ctx)).triage).toBeNull();
    const [entry] = await fx.ctx.stores.ledger.query({ limit: 5 });
    expect(entry).toMatchObject({
      actor: "assistant",
      action: "archive",
      runId: "scheduled-2026-11-20@10:00",
    });
  });

  it("turning the assistant or a provider off takes effect on the very next action", async () => {
    const { cloud, fx } = await setup();
    cloud.addMessage("a");
    await ingestItem({ ctx: fx.ctx, input: item({ id: "a" }) });
    await patchSettings(fx.ctx, { providers: { gmail: false } });
    const r = await performAction({
      ctx: fx.ctx,
      input: { suggestionId: "a", request: { action: "archive", confirmed: false }, initiator: "person" },
    });
    expect(r).toMatchObject({ status: "refused", message: "gmail is turned off" });
    await patchSettings(fx.ctx, { providers: { gmail: true }, assistantEnabled: false });
    const r2 = await performAction({
      ctx: fx.ctx,
      input: { suggestionId: "a", request: { action: "archive", confirmed: false }, initiator: "person" },
    });
    expect(r2.message).toBe("assistant is turned off");
    expect(cloud.applied).toEqual([]);
    expect(await fx.ctx.stores.suggestions.get("a")).not.toBeNull();
  });

  it("irreversible actions need confirmation even when the person asks", async () => {
    const { cloud, fx } = await setup();
    cloud.addMessage("a");
    await ingestItem({ ctx: fx.ctx, input: item({ id: "a" }) });
    const r = await performAction({
      ctx: fx.ctx,
      input: {
        suggestionId: "a",
        request: { action: "delete_permanent", confirmed: false },
        initiator: "person",
      },
    });
    expect(r.status).toBe("needs_confirmation");
    expect(cloud.applied).toEqual([]);
  });
});

describe("corrections", () => {
  it("moving a suggestion changes how the next message from that sender is classified", async () => {
    const { fx } = await setup();
    const first = (await ingestItem({
      ctx: fx.ctx,
      input: item({ id: "c1", from: "Dee <dee@vendor.example>", subject: "Weekly digest" }),
    }))!;
    expect(first.bucket).toBe("low_priority");
    await correct({ ctx: fx.ctx, input: { id: "c1", request: { bucket: "urgent", cohort: "vips" } } });
    fx.advance(1000);
    const next = (await ingestItem({
      ctx: fx.ctx,
      input: item({ id: "c2", from: "dee@VENDOR.example", subject: "Weekly digest" }),
    }))!;
    expect(next).toMatchObject({ bucket: "urgent", cohort: "vips", corrected: true });
    expect(next.why[0]).toContain("you moved mail from dee@vendor.example");
    const other = (await ingestItem({
      ctx: fx.ctx,
      input: item({ id: "c3", from: "eve@vendor.example", subject: "Weekly digest" }),
    }))!;
    expect(other.bucket).toBe("low_priority");
    expect(other.corrected).toBe(false);
  });

  it("without stage 2 a suggestion stays 'unprocessed'", async () => {
    const fx = await agentFixture({ stage2: null });
    cleanups.push(fx.close);
    const s = (await ingestItem({ ctx: fx.ctx, input: item({ id: "u1" }) }))!;
    expect(s).toMatchObject({ category: "unprocessed", bucket: null, contentCategory: null });
    expect(await ingestItem({ ctx: fx.ctx, input: item({ id: "u1" }) })).toBeNull();
  });
});
