import { describe, expect, it } from "vitest";
import { loadStage2 } from "../adapters/stage2.ts";
import { ingestItem } from "../services/ingest.ts";
import { agentFixture, item } from "./agent-fixture.ts";

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
