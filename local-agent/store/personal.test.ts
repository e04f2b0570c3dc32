import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { emptyPersonalLayer } from "@scouts/core/triage/personal";
import { classifyStage2, learnStage2Correction } from "@scouts/core/triage/stage2";
import { createTsRunner } from "@scouts/core/triage/ts-runner";
import { describe, expect, it } from "vitest";
import { openAgentDb } from "../db/open.ts";
import { personalStore } from "./personal.ts";

const runner = createTsRunner(
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "../../core/triage/model/stage2.onnx"))),
);
const item = {
  from: "Build Bot <ci@builds.example>",
  subject: "Nightly build 4812 finished",
  snippet: "All 312 checks passed on main. Artifacts are ready.",
};

describe("the person's stage-2 layer", () => {
  it("learns from corrections, changes the label of similar mail and survives a restart in the libSQL file", async () => {
    const shipped = await classifyStage2({ ctx: { runner }, input: item });
    const target = shipped.bucket === "urgent" ? "low_priority" : "urgent";
    const personal = emptyPersonalLayer();
    await learnStage2Correction({
      ctx: { runner, personal },
      input: { item, head: "bucket", label: target },
    });
    expect(personal.corrections).toBe(1);
    const after = await classifyStage2({ ctx: { runner, personal }, input: item });
    expect(after.bucket).toBe(target);
    expect(after.whyByLabel.bucket[0]).toBe("you corrected similar mail to this before");
    // A sibling message from the same system moves with it; the shipped model alone does not.
    const sibling = {
      ...item,
      subject: "Nightly build 4813 finished",
      snippet: "All 312 checks passed on main.",
    };
    expect((await classifyStage2({ ctx: { runner }, input: sibling })).bucket).not.toBe(target);
    expect((await classifyStage2({ ctx: { runner, personal }, input: sibling })).bucket).toBe(target);

    const file = path.join(mkdtempSync(path.join(tmpdir(), "personal-")), "agent.db");
    const first = await openAgentDb(`file:${file}`);
    await personalStore(first.db, () => 1).save(personal);
    first.client.close();
    const second = await openAgentDb(`file:${file}`);
    const loaded = await personalStore(second.db, () => 2).load();
    second.client.close();
    expect(loaded.corrections).toBe(1);
    expect((await classifyStage2({ ctx: { runner, personal: loaded }, input: item })).bucket).toBe(target);
  });

  it("refuses a label that is not one of the head's", async () => {
    await expect(
      learnStage2Correction({
        ctx: { runner, personal: emptyPersonalLayer() },
        input: { item, head: "bucket", label: "soon" },
      }),
    ).rejects.toThrow(/not a bucket label/);
  });
});
