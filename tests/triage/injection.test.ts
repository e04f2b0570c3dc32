import { readFileSync } from "node:fs";
import path from "node:path";
import { Bucket, SpeechAct } from "@scouts/core/protocol/local-api";
import { CATEGORIES } from "@scouts/core/triage/labels";
import { preprocess } from "@scouts/core/triage/preprocess/preprocess";
import { createStage1Classifier } from "@scouts/core/triage/stage1";
import { Stage1Verdict } from "@scouts/core/triage/stage1-contract";
import { classifyStage2 } from "@scouts/core/triage/stage2";
import { createTsRunner } from "@scouts/core/triage/ts-runner";
import { describe, expect, it } from "vitest";

const dir = path.join(import.meta.dirname, "../fixtures/injection");
const expected: { file: string; category: string; flags: string[]; hidden: boolean; secret?: string }[] =
  JSON.parse(readFileSync(path.join(dir, "expected.json"), "utf8"));
const stage1 = createStage1Classifier();
const runner = createTsRunner(
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "../../core/triage/model/stage2.onnx"))),
);

describe("injection fixtures", () => {
  it("cover every REFERENCE category with at least 40 files", () => {
    expect(expected.length).toBeGreaterThanOrEqual(40);
    const categories = new Set(expected.map((e) => e.category));
    for (const c of [
      "plain override",
      "fake role marker",
      "zero-width",
      "unicode tags",
      "bidi",
      "css hidden",
      "same colour",
      "html comment",
      "html attribute",
      "plain/html disagree",
      "header injection",
      "encoded block",
      "exfiltration bait",
      "business-phrased",
    ]) {
      expect(categories, c).toContain(c);
    }
  });

  for (const e of expected) {
    it(`${e.file}: ${e.flags.join(",") || "no flags"}${e.hidden ? ", hidden removed" : ""}`, async () => {
      const raw = readFileSync(path.join(dir, e.file), "utf8");
      const item = { kind: "email" as const, ref: { source: "demo" as const, id: e.file }, raw };
      const p = await preprocess(item);
      if (!p.ok) throw new Error(`unparseable: ${p.reason}`);
      if (e.flags.length === 0) expect(p.injection).toEqual([]);
      for (const f of e.flags) expect(p.injection).toContain(f);
      expect(p.hiddenContentRemoved).toBe(e.hidden);
      if (e.secret) {
        const seen = [p.subject, p.from.name, p.body, p.quoted, p.signature, ...p.links].join("\n");
        expect(seen).not.toContain(e.secret);
        expect(seen).not.toContain("attacker@evil.test");
      }
      // No output field leaves its enum, whatever the mail says.
      const v = Stage1Verdict.parse(await stage1.classify(item));
      expect(v.reason).not.toMatch(/ZEPHYR|evil\.test/);
      const s2 = await classifyStage2({ ctx: { runner }, input: { from: "", subject: "", raw } });
      expect(Bucket.options).toContain(s2.bucket);
      expect(SpeechAct.options).toContain(s2.speechAct);
      expect(CATEGORIES).toContain(s2.category);
      expect(s2.priority).toBeGreaterThanOrEqual(0);
      expect(s2.priority).toBeLessThanOrEqual(1);
      expect(s2.injectionFlag).toEqual(p.injection);
      if (e.secret)
        expect(JSON.stringify([s2.why, s2.entities, s2.extracted])).not.toMatch(/ZEPHYR|evil\.test/);
    });
  }
});
