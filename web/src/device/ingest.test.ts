import { readFileSync } from "node:fs";
import path from "node:path";
import type { ScoutProposalFrame } from "@scouts/core/protocol/frames";
import { classifyStage2 } from "@scouts/core/triage/stage2";
import { createTsRunner } from "@scouts/core/triage/ts-runner";
import { describe, expect, it } from "vitest";
import { ingestProposal, reclassifyUnprocessed } from "./ingest.ts";
import { memoryDeviceStore } from "./memory-store.ts";
import type { Stage2Port } from "./model-api.ts";

const runner = createTsRunner(
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "../../../core/triage/model/stage2.onnx"))),
);
/** The real stage 2 on the TS evaluator (the browser runs the same through onnxruntime-web). */
const stage2: Stage2Port = { runner: "ts", classify: (input) => classifyStage2({ ctx: { runner }, input }) };

let n = 0;
function frame(over: Partial<ScoutProposalFrame> = {}): ScoutProposalFrame {
  n++;
  return {
    type: "scout_proposal",
    proposalId: `p${n}`,
    scoutId: "scout-1",
    source: "gmail",
    sourceMsgRef: `m${n}`,
    threadRef: null,
    verdict: "relevant",
    reason: "t0",
    confidence: 0.8,
    createdAt: 1_700_000_000_000,
    from: "Dana Lee <dana@partner.example>",
    subject: "Can we meet Tuesday at 10:00 about the roadmap?",
    snippet: "Could we find 30 minutes on Tuesday to go through the Q4 roadmap?",
    date: 1_700_000_000_000,
    ...over,
  };
}

describe("ingestProposal", () => {
  it("stores a proposal with stage-2 fields, once per proposalId", async () => {
    const store = memoryDeviceStore();
    const ctx = { store, stage2, now: () => 1_700_000_100_000 };
    const f = frame();
    const s = await ingestProposal({ ctx, input: f });
    const ref = await classifyStage2({
      ctx: { runner },
      input: { from: f.from!, subject: f.subject!, snippet: f.snippet, date: f.date },
    });
    expect(s).toMatchObject({
      id: f.proposalId,
      status: "new",
      bucket: ref.bucket,
      speechAct: ref.speechAct,
      category: ref.category,
      priority: ref.priority,
      cohort: "first_contact",
      receivedAt: f.date,
      storedAt: 1_700_000_100_000,
    });
    expect(s!.why.length).toBeGreaterThan(0);
    expect(await ingestProposal({ ctx, input: f })).toBeNull();
    expect(await store.allSuggestions()).toHaveLength(1);
    // The sender is known now: the next message is no longer first contact.
    expect((await ingestProposal({ ctx, input: frame() }))!.cohort).not.toBe("first_contact");
  });

  it("gives stage 2 what the frame carries in memory: recipients, Gmail labels and the watched mailbox", async () => {
    const store = memoryDeviceStore();
    const seen: Parameters<Stage2Port["classify"]>[0][] = [];
    const recording: Stage2Port = {
      runner: "ts",
      classify: (input) => {
        seen.push(input);
        return stage2.classify(input);
      },
    };
    const f = frame({
      to: "Maya <maya@example.net>",
      cc: "team@example.net",
      labels: ["INBOX", "CATEGORY_PERSONAL", "IMPORTANT"],
      mailbox: "maya@example.net",
    });
    const s = await ingestProposal({ ctx: { store, stage2: recording, now: () => 1 }, input: f });
    expect(seen[0]).toMatchObject({
      to: f.to,
      cc: f.cc,
      labels: f.labels,
      reader: { addresses: ["maya@example.net"] },
    });
    // what the person sees: the "why" now cites Gmail's own label, which stage 2 never got before
    expect(s!.why.join(" ")).toMatch(/Gmail marked it important/);
    // a frame from an older hub (no recipients, labels or mailbox) still classifies, saying nothing of them
    const old = await ingestProposal({ ctx: { store, stage2: recording, now: () => 1 }, input: frame() });
    expect(seen[1]).not.toHaveProperty("reader");
    expect(old!.why.join(" ")).not.toMatch(/Gmail marked|you are in To|not listed/);
  });

  it("uses the cloud's sent-mail relationship (issue 13): stage 2's inputs and output move, and it is no first contact", async () => {
    const seen: Parameters<Stage2Port["classify"]>[0][] = [];
    const recording: Stage2Port = {
      runner: "ts",
      classify: (input) => {
        seen.push(input);
        return stage2.classify(input);
      },
    };
    const base = { to: "maya@example.net", mailbox: "maya@example.net" };
    const wrote = await ingestProposal({
      ctx: { store: memoryDeviceStore(), stage2: recording, now: () => 1 },
      input: frame({ ...base, reader: { role: "to", wroteTo: true } }),
    });
    const stranger = await ingestProposal({
      ctx: { store: memoryDeviceStore(), stage2: recording, now: () => 1 },
      input: frame({ ...base, reader: { role: "to", wroteTo: false } }),
    });
    const unknown = await ingestProposal({
      ctx: { store: memoryDeviceStore(), stage2: recording, now: () => 1 },
      input: frame({ ...base, reader: { role: "to" } }),
    });
    expect(seen[0]!.reader).toEqual({ addresses: ["maya@example.net"], sender: { wroteTo: true } });
    // Stage 2 was trained with contacts that hold only people written to: a stranger and a
    // relationship not known are both no entry (stage 2 has no first-contact rule to tell apart).
    expect(seen[1]!.reader).toEqual({ addresses: ["maya@example.net"] });
    expect(seen[2]!.reader).toEqual({ addresses: ["maya@example.net"] });
    // The effect, not a flag: the same message scores differently once the person wrote to Dana.
    const score = (x: typeof wrote) => [x!.priority, x!.bucket, x!.why.join("|")].join("#");
    expect(score(wrote)).not.toBe(score(stranger));
    expect(wrote!.cohort).not.toBe("first_contact");
    expect(stranger!.cohort).toBe("first_contact");
    expect(unknown!.cohort).toBe("first_contact");
  });

  it("keeps the suggestion unprocessed when stage 2 fails or there is no content", async () => {
    const store = memoryDeviceStore();
    const failing: Stage2Port = { runner: "x", classify: () => Promise.reject(new Error("wasm failed")) };
    const s = await ingestProposal({ ctx: { store, stage2: failing, now: () => 1 }, input: frame() });
    expect(s).toMatchObject({ category: "unprocessed", bucket: null, priority: null, confidence: 0.8 });
    const bare = await ingestProposal({
      ctx: { store, stage2, now: () => 1 },
      input: frame({ from: undefined, subject: undefined, snippet: undefined }),
    });
    expect(bare).toMatchObject({ category: "unprocessed", from: "", subject: "" });
  });

  it("applies the person's corrections for the sender to the next message", async () => {
    const store = memoryDeviceStore();
    await store.putSender({
      address: "dana@partner.example",
      firstSeenAt: 0,
      corrections: [
        {
          id: "c1",
          suggestionId: "old",
          sender: "dana@partner.example",
          field: "bucket",
          from: "actionable",
          to: "low_priority",
          createdAt: 5,
        },
      ],
    });
    const s = await ingestProposal({ ctx: { store, stage2, now: () => 10 }, input: frame() });
    expect(s).toMatchObject({ bucket: "low_priority", corrected: true });
    expect(s!.why[0]).toContain("you moved mail from dana@partner.example to low priority");
  });
});

describe("reclassifyUnprocessed", () => {
  it("fills stage-2 fields on suggestions stored while the model was down, keeping decisions", async () => {
    const store = memoryDeviceStore();
    const down: Stage2Port = { runner: "x", classify: () => Promise.reject(new Error("down")) };
    const s = await ingestProposal({ ctx: { store, stage2: down, now: () => 1 }, input: frame() });
    await store.putSuggestion({ ...s!, status: "approved" });
    const [after] = await reclassifyUnprocessed({ ctx: { store, stage2 } });
    expect(after).toMatchObject({ id: s!.id, status: "approved" });
    expect(after!.category).not.toBe("unprocessed");
    expect(after!.bucket).not.toBeNull();
    expect(await reclassifyUnprocessed({ ctx: { store, stage2 } })).toEqual([]);
  });
});
