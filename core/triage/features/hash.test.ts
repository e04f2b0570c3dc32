import { describe, expect, it } from "vitest";
import { fnv1a, fnvFeed, fnvFinish, fnvStart } from "./hash.ts";

describe("fnv1a in pieces", () => {
  it("hashes prefix + text exactly like fnv1a over the joined string", () => {
    for (const seed of [0, 0x5c0075]) {
      for (const [a, b] of [
        ["b:", "invoice"],
        ["2:", "free money"],
        ["s:", "café €5 😀"],
        ["", ""],
      ] as const) {
        expect(fnvFinish(fnvFeed(fnvFeed(fnvStart(seed), a), b))).toBe(fnv1a(a + b, seed));
      }
    }
  });
});
