import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mergeChoices, readChoicesFile } from "../../scripts/triage/choices-file.ts";
import { DEFAULT_CHOICES } from "../../scripts/triage/train.ts";

// A choices.json whose stage 2 differs from stage2-choices.json's override: a partial
// select:triage run used to write loadChoices() (override merged in) over it.
const file = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "choices-"));
  const f = path.join(dir, "choices.json");
  writeFileSync(
    f,
    JSON.stringify({
      note: "previous",
      stage1: { ...DEFAULT_CHOICES.stage1, l2: 1e-5, dropped: ["money"] },
      stage2: { iterations: 500, learningRate: 0.05, l2: 3e-4, classPower: 0.5 },
      threat: { iterations: 600, learningRate: 0.1, l2: 1e-4 },
      raw: { iterations: 600, learningRate: 0.1, l2: 1e-6, spamWeight: "balanced" },
      trainedOn: { spamAssassin: 1, modern: 1 },
    }),
  );
  return f;
};

describe("select:triage writes only the blocks a run chose", () => {
  it("--threat-only keeps stage 1, stage 2 and the raw head exactly as the file has them", () => {
    const before = readChoicesFile(file())!;
    const threat = { iterations: 600, learningRate: 0.1, l2: 1e-3, gate: "misaligned" as const };
    const after = mergeChoices(before, { threat }, DEFAULT_CHOICES);
    expect(after).toEqual({ ...before, threat });
    expect(after.stage2).toEqual({ iterations: 500, learningRate: 0.05, l2: 3e-4, classPower: 0.5 });
  });

  it("--raw-only keeps the others; a head CV did not keep is removed", () => {
    const before = readChoicesFile(file())!;
    const raw = { iterations: 600, learningRate: 0.1, l2: 1e-5, spamWeight: 1 as const };
    expect(mergeChoices(before, { raw }, DEFAULT_CHOICES)).toEqual({ ...before, raw });
    const { raw: _dropped, ...withoutRaw } = before;
    expect(mergeChoices(before, { raw: null }, DEFAULT_CHOICES)).toEqual(withoutRaw);
  });

  it("a full run replaces every block; without a file, defaults fill what was not chosen", () => {
    const before = readChoicesFile(file())!;
    const stage1 = { ...DEFAULT_CHOICES.stage1, l2: 1e-7 };
    expect(
      mergeChoices(
        before,
        { stage1, stage2: DEFAULT_CHOICES.stage2, threat: null, raw: null },
        DEFAULT_CHOICES,
      ),
    ).toEqual({ stage1, stage2: DEFAULT_CHOICES.stage2 });
    expect(mergeChoices(undefined, { stage1 }, DEFAULT_CHOICES)).toEqual({ ...DEFAULT_CHOICES, stage1 });
  });

  it("refuses a choices file without its stage blocks", () => {
    const f = file();
    writeFileSync(f, JSON.stringify({ note: "x", stage1: DEFAULT_CHOICES.stage1 }));
    expect(() => readChoicesFile(f)).toThrow(/no stage1 or stage2 block/);
  });
});
