import { describe, expect, it } from "vitest";
import { analyze } from "./analyze.ts";
import { DEFAULT_HASHING, toRow } from "./features/featurize.ts";
import { stage2Bag } from "./features/stage2-features.ts";
import { BUCKETS, SPEECH_ACTS } from "./labels.ts";
import { applyRules, RULE_P, ruleLabels, setRuleLabel } from "./stage2-rules.ts";

const BITS = 13;
const ics = (method: string, extra = "") =>
  [
    "From: Ann Berg <ann.berg@corp.example>",
    "To: me@corp.example",
    "Subject: Planning",
    "Date: Tue, 03 Mar 2026 09:10:00 +0000",
    "MIME-Version: 1.0",
    `Content-Type: text/calendar; method=${method}; charset=utf-8`,
    "",
    `BEGIN:VCALENDAR\r\nMETHOD:${method}\r\nBEGIN:VEVENT\r\nSUMMARY:Planning\r\n${extra}DTSTART:20260304T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR`,
  ].join("\r\n");
const plain = [
  "From: Ann Berg <ann.berg@corp.example>",
  "To: me@corp.example",
  "Subject: Meeting notes",
  "Date: Tue, 03 Mar 2026 09:10:00 +0000",
  "",
  "Could you send me the invitation for the meeting?",
].join("\r\n");

async function rowOf(raw: string) {
  const a = await analyze({ kind: "email", ref: { source: "demo", id: "t" }, raw }, DEFAULT_HASHING);
  if (!a.ok) throw new Error(a.reason);
  return toRow(stage2Bag(a.p, a.bag, ["sender"], DEFAULT_HASHING.seed), BITS);
}

describe("stage-2 rules kept where they are right", () => {
  it("reads a first invitation as meet, an update or a cancellation as amend, and nothing else", async () => {
    const meet = SPEECH_ACTS.indexOf("meet");
    const amend = SPEECH_ACTS.indexOf("amend");
    const act = async (raw: string) => ruleLabels(["calendar"], await rowOf(raw), BITS);
    expect(await act(ics("REQUEST"))).toMatchObject([{ head: "speech_act", label: meet }]);
    expect(await act(ics("REQUEST", "SEQUENCE:2\r\n"))).toMatchObject([{ head: "speech_act", label: amend }]);
    expect(await act(ics("CANCEL", "SEQUENCE:1\r\n"))).toMatchObject([{ head: "speech_act", label: amend }]);
    // Words about meetings and invitations are not a calendar part.
    expect(await act(plain)).toEqual([]);
    // Off unless enabled.
    expect(ruleLabels([], await rowOf(ics("REQUEST")), BITS)).toEqual([]);
  });

  it("reads an invitation or its update as actionable, and a cancellation as nothing", async () => {
    const bucket = async (raw: string) => ruleLabels(["invitation_bucket"], await rowOf(raw), BITS);
    const actionable = BUCKETS.indexOf("actionable");
    expect(await bucket(ics("REQUEST"))).toMatchObject([{ head: "bucket", label: actionable }]);
    expect(await bucket(ics("REQUEST", "SEQUENCE:1\r\n"))).toMatchObject([
      { head: "bucket", label: actionable },
    ]);
    expect(await bucket(ics("CANCEL"))).toEqual([]);
    expect(await bucket(plain)).toEqual([]);
    // Both rules on: one label per head.
    const both = ruleLabels(["calendar", "invitation_bucket"], await rowOf(ics("REQUEST")), BITS);
    expect(both.map((h) => h.head).sort()).toEqual(["bucket", "speech_act"]);
  });

  it("sets the rule's label on the rows it covers only, without changing the heads' outputs", async () => {
    const rows = [await rowOf(plain), await rowOf(ics("REQUEST"))];
    const w = SPEECH_ACTS.length;
    const sa = new Float32Array(2 * w).fill(0.01);
    sa[0] = 1 - 0.01 * (w - 1); // both rows say "request"
    sa[w] = 1 - 0.01 * (w - 1);
    const out = { speech_act: sa, bucket: new Float32Array(8).fill(0.25) };
    const next = applyRules(["calendar"], out, rows, BITS);
    expect([...out.speech_act]).toEqual([...sa]);
    expect([...next.speech_act!.subarray(0, w)]).toEqual([...sa.subarray(0, w)]);
    const second = next.speech_act!.subarray(w, 2 * w);
    expect(second[SPEECH_ACTS.indexOf("meet")]).toBeCloseTo(RULE_P, 6);
    expect(second.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    // The heads' order among the other labels is kept ("request" stays the runner-up).
    expect(second[0]).toBeGreaterThan(second[SPEECH_ACTS.indexOf("fyi")]!);
    expect(next.bucket).toBe(out.bucket);
    // The bucket rule changes the bucket of the invitation only.
    const both = applyRules(["calendar", "invitation_bucket"], out, rows, BITS);
    expect([...both.bucket!.subarray(0, 4)]).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(both.bucket![4 + BUCKETS.indexOf("actionable")]).toBeCloseTo(RULE_P, 6);
    expect([...out.bucket]).toEqual(new Array(8).fill(0.25));
    // Nothing enabled: the same object back.
    expect(applyRules([], out, rows, BITS)).toBe(out);
  });

  it("spreads the rest evenly when the heads put everything on the rule's label", () => {
    const p = new Float64Array([0, 0, 1]);
    setRuleLabel(p, 2);
    expect([...p]).toEqual([(1 - RULE_P) / 2, (1 - RULE_P) / 2, RULE_P]);
  });
});
