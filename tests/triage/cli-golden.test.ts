import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GOLDEN, goldenLines } from "./cli-golden.ts";

describe("npm run triage over a fixed sample of SpamAssassin, modern and injection mail", () => {
  it("prints exactly the committed lines and builds exactly the committed model inputs", async () => {
    const want = readFileSync(GOLDEN, "utf8").trim().split("\n");
    const got = await goldenLines();
    expect(got.length).toBe(want.length);
    expect(want.length).toBeGreaterThan(150);
    // One message at a time, so a difference names its message and field.
    for (let n = 0; n < want.length; n++)
      expect(JSON.parse(got[n]!), `line ${n + 1}`).toEqual(JSON.parse(want[n]!));
    expect(got.join("\n")).toBe(want.join("\n"));
  }, 120_000);
});
