import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NAMED_FEATURES, NAMED_INDEX } from "./features/named.ts";

// Read from the source so a renamed feature fails here with its name, not as an import error.
const source = readFileSync(path.join(import.meta.dirname, "stage1.ts"), "utf8");

function listed(constant: string): string[] {
  const body = new RegExp(`const ${constant} = \\[([^\\]]*)\\]\\.map\\(slotOf\\)`).exec(source)?.[1];
  if (body === undefined) throw new Error(`stage1.ts has no ${constant} list`);
  return [...body.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

/** The slots that open `gate` on their own, found by trying each named feature alone. */
async function slotsOpening(gate: "misaligned"): Promise<string[]> {
  const { threatGateOpen } = await import("./stage1.ts");
  return NAMED_FEATURES.filter((_, i) => {
    const named = new Float32Array(NAMED_FEATURES.length);
    named[i] = 1;
    return threatGateOpen(gate, named);
  }).map((f) => f.name);
}

describe("the threat gate's feature lists name known features", () => {
  const misaligned = listed("MISALIGNED");
  const asks = listed("ASKS");

  it("every MISALIGNED and ASKS name is a named feature (a rename fails here)", () => {
    expect(misaligned.length).toBeGreaterThan(10);
    expect(asks.length).toBeGreaterThan(5);
    expect(misaligned.filter((n) => !NAMED_INDEX.has(n))).toEqual([]);
    expect(asks.filter((n) => !NAMED_INDEX.has(n))).toEqual([]);
    expect(new Set(misaligned).size).toBe(misaligned.length);
    expect(new Set(asks).size).toBe(asks.length);
  });

  it("the gate opens on exactly the listed features", async () => {
    expect((await slotsOpening("misaligned")).sort()).toEqual([...misaligned].sort());
    const { threatGateOpen } = await import("./stage1.ts");
    const one = (names: string[]) => {
      const named = new Float32Array(NAMED_FEATURES.length);
      for (const n of names) named[NAMED_INDEX.get(n)!] = 1;
      return named;
    };
    const lone = misaligned.find((n) => !asks.includes(n))!;
    expect(threatGateOpen("ask_and_misaligned", one([lone]))).toBe(false);
    for (const ask of asks) expect(threatGateOpen("ask_and_misaligned", one([lone, ask]))).toBe(true);
  });
});
