import type { ScoutProposalFrame } from "@scouts/core/protocol/frames";
import { afterEach, describe, expect, it } from "vitest";
import { ingestProposal } from "../agent.ts";
import { agentFixture, recordingStage2 } from "./agent-fixture.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const frame = (n: number, over: Partial<ScoutProposalFrame> = {}): ScoutProposalFrame => ({
  type: "scout_proposal",
  proposalId: `p${n}`,
  scoutId: "gmail-scout",
  source: "gmail",
  sourceMsgRef: `m${n}`,
  threadRef: null,
  verdict: "relevant",
  reason: "t0",
  confidence: 0.8,
  createdAt: 1_700_000_000_000,
  from: "Dana Lee <dana@partner.example>",
  subject: `Roadmap ${n}`,
  snippet: "Could we meet on Tuesday?",
  to: "Maya <maya@example.net>",
  ...over,
});

describe("a Gmail proposal's mailbox on the agent", () => {
  it("becomes one of the person's addresses, and stage 2 then gets the reader for every source", async () => {
    const { stage2, seen } = recordingStage2();
    const fx = await agentFixture({ stage2 });
    cleanups.push(fx.close);
    // an older hub sends no mailbox: nothing is known of the reader, as before
    await ingestProposal(fx.ctx, frame(1));
    expect(seen[0]!.reader?.addresses).toEqual([]);
    await ingestProposal(fx.ctx, frame(2, { mailbox: "maya@example.net" }));
    expect(seen[1]!.reader).toMatchObject({ addresses: ["maya@example.net"] });
    expect(await fx.ctx.stores.contacts.ownAddresses()).toEqual(["maya@example.net"]);
    // remembered: a later frame without it (or another source) still knows the reader
    await ingestProposal(fx.ctx, frame(3));
    expect(seen[2]!.reader).toMatchObject({ addresses: ["maya@example.net"] });
  });

  it("takes the cloud's sent-mail relationship when the device knows nothing of the sender; its own knowledge wins", async () => {
    const { stage2, seen } = recordingStage2();
    const fx = await agentFixture({ stage2 });
    cleanups.push(fx.close);
    const gmail = { mailbox: "maya@example.net" };
    const first = await ingestProposal(fx.ctx, frame(1, { ...gmail, reader: { role: "to", wroteTo: true } }));
    expect(seen[0]!.reader?.sender).toMatchObject({ wroteTo: true });
    // The Screener and the cohort treat someone the person wrote to as known.
    expect(first).not.toBeNull();
    expect(first!.cohort).not.toBe("first_contact");
    await ingestProposal(fx.ctx, frame(2, { ...gmail, from: "bo@else.example", reader: { wroteTo: false } }));
    expect(seen[1]!.reader?.sender).toMatchObject({ wroteTo: false });
    // Not known on the frame: the device's own (empty) knowledge, as before.
    await ingestProposal(fx.ctx, frame(3, { ...gmail, from: "cy@else.example" }));
    expect(seen[2]!.reader?.sender).toMatchObject({ wroteTo: false });
    // The device learned from an IMAP Sent folder that the person wrote to Dee: that wins over the frame.
    await fx.ctx.stores.contacts.learnSent("imap-1", [
      { from: ["maya@example.net"], to: ["dee@else.example"], cc: [], bcc: [], reply: true, at: 1 },
    ]);
    await ingestProposal(
      fx.ctx,
      frame(4, { ...gmail, from: "dee@else.example", reader: { wroteTo: false } }),
    );
    expect(seen[3]!.reader?.sender).toMatchObject({ wroteTo: true, repliedTo: true });
  });
});
