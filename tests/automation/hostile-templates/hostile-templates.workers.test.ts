import { describe, expect, it } from "vitest";
import { hostileTemplates } from "./corpus.ts";
import { runHostileCorpus } from "./run-corpus.ts";

describe("hostile templates inside workerd", () => {
  it("every case fails safely within the caps, prototypes unchanged", () => {
    const report = runHostileCorpus();
    expect(report.results.filter((r) => !r.ok)).toEqual([]);
    expect(report.results).toHaveLength(hostileTemplates.length);
    expect(report.prototypesUnchanged).toBe(true);
  });
});
