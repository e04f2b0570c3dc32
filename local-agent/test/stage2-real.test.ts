import { describe, expect, it } from "vitest";
import { loadStage2 } from "../adapters/stage2.ts";
import { correct, decide } from "../services/decisions.ts";
import { ingestItem } from "../services/ingest.ts";
import { agentFixture, item } from "./agent-fixture.ts";
import { startFakeCloud } from "./fake-cloud.ts";

describe("stage 2 with TRIAGE's model on onnxruntime-node", () => {
  it("loads through the agent's loader and classifies a stored proposal", async () => {
    const stage2 = await loadStage2();
    expect(stage2?.runner).toBe("onnxruntime-node");
    const fx = await agentFixture({ stage2 });
    try {
      const s = (await ingestItem({
        ctx: fx.ctx,
        input: item({
          id: "r1",
          subject: "Can you sign the contract by Friday?",
          snippet: "Please sign and send it back.",
        }),
      }))!;
      expect(s.category).not.toBe("unprocessed");
      expect(s.contentCategory).toBe(s.category);
      expect(["urgent", "actionable", "informational", "low_priority"]).toContain(s.bucket);
      expect(s.speechAct).not.toBeNull();
      expect(s.priority).toBeGreaterThanOrEqual(0);
      expect(s.why.length).toBeGreaterThan(0);
    } finally {
      await fx.close();
    }
  });
});

describe("every correction teaches the on-device layer (issue 13, item 5)", () => {
  it("Move to…, approve, reject and convert each update the stored personal model", async () => {
    const stage2 = await loadStage2();
    const cloud = await startFakeCloud({ token: "tok" });
    const fx = await agentFixture({ cloudUrl: cloud.url, token: "tok", stage2 });
    try {
      const subjects = ["Quarterly numbers", "Team offsite", "Invoice 7", "Printer on floor 2"];
      for (const [n, subject] of subjects.entries()) {
        cloud.addMessage(`c${n}`);
        await ingestItem({
          ctx: fx.ctx,
          input: item({ id: `c${n}`, subject, snippet: `${subject}, see below.` }),
        });
      }
      const corrections = async () => (await fx.ctx.stores.personal.load()).corrections;
      const steps: [string, () => Promise<unknown>][] = [
        ["move to", () => correct({ ctx: fx.ctx, input: { id: "c0", request: { bucket: "urgent" } } })],
        ["approve", () => decide({ ctx: fx.ctx, input: { id: "c1", request: { decision: "approve" } } })],
        ["reject", () => decide({ ctx: fx.ctx, input: { id: "c2", request: { decision: "reject" } } })],
        [
          "convert",
          () =>
            decide({
              ctx: fx.ctx,
              input: { id: "c3", request: { decision: "convert", convertTo: "event" } },
            }),
        ],
      ];
      for (const [kind, step] of steps) {
        const before = await corrections();
        await step();
        expect(await corrections(), kind).toBeGreaterThan(before);
      }
    } finally {
      await fx.close();
      await cloud.close();
    }
  });
});
