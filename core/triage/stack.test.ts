import { describe, expect, it } from "vitest";
import type { SparseRow } from "./features/featurize.ts";
import { STAGE2_NAMED } from "./features/stage2-features.ts";
import { BUCKETS, CATEGORIES, SPEECH_ACTS } from "./labels.ts";
import { applyStack, explainStack, type Stack, stackInputs, stackWidth } from "./stack.ts";

const BITS = 4;
const person = (1 << BITS) + STAGE2_NAMED.findIndex((f) => f.name === "s2:sender_person");
const row: SparseRow = { indices: Int32Array.from([3, person]), values: Float32Array.from([0.5, 1]), dim: 0 };
// One message: bucket leans informational, speech act is clearly a request, category primary.
const out = {
  bucket: Float32Array.from([0.05, 0.4, 0.45, 0.1]),
  speech_act: Float32Array.from([0.9, 0.02, 0.02, 0.02, 0.02, 0.01, 0.01]),
  category: Float32Array.from([0.9, 0.02, 0.02, 0.02, 0.02, 0.02]),
};
const flags = ["s2:sender_person", "reader_to"];

describe("the second layer over the heads", () => {
  it("changes nothing when absent or zero", () => {
    expect(applyStack(undefined, out, [row], BITS)).toBe(out);
    const d = stackWidth(flags);
    const zero: Stack = {
      flags,
      heads: { bucket: { weights: new Array(4 * d).fill(0), bias: [0, 0, 0, 0] } },
    };
    const next = applyStack(zero, out, [row], BITS);
    for (let k = 0; k < 4; k++) expect(next.bucket![k]).toBeCloseTo(out.bucket[k]!, 6);
    expect(next.speech_act).toBe(out.speech_act);
  });

  it("reads every head's probabilities and the set signals", () => {
    const z = stackInputs(flags, out, 0, row, BITS);
    expect(z.length).toBe(BUCKETS.length + SPEECH_ACTS.length + CATEGORIES.length + flags.length);
    expect(z[BUCKETS.length]).toBeCloseTo(Math.log(0.9), 6);
    expect([...z.slice(-2)]).toEqual([1, 0]);
    expect(() => stackInputs(["no_such_signal"], out, 0, row, BITS)).toThrow(/no_such_signal/);
  });

  it("turns a request from a person into actionable mail and says why in words", () => {
    const d = stackWidth(flags);
    const w = new Array(4 * d).fill(0);
    const actionable = BUCKETS.indexOf("actionable");
    // Actionable rises with the log-probability of "request" and with a person as sender.
    w[actionable * d + BUCKETS.length + SPEECH_ACTS.indexOf("request")] = 2;
    w[actionable * d + d - 2] = 0.5;
    const stack: Stack = { flags, heads: { bucket: { weights: w, bias: [0, 0, 0, 0] } } };
    const next = applyStack(stack, out, [row], BITS);
    const p = [...next.bucket!];
    expect(p.indexOf(Math.max(...p))).toBe(actionable);
    const z = stackInputs(flags, out, 0, row, BITS);
    const why = explainStack(stack, "bucket", z, actionable, BUCKETS.indexOf("informational"), 2);
    expect(why.map((c) => c.words)).toContain("a person wrote it (their name is the address)");
    // The request reading counts (its log-probability is near 0 here, so it adds little) only as a
    // contribution of the speech-act head as a whole, never as a signal every message has.
    for (const c of why) expect(c.value).toBeGreaterThan(0);
  });
});
