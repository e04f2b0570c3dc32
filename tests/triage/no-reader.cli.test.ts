/**
 * The CLI on short personal notes written by hand, with no reader context, no Gmail labels and no
 * receiving-server stamps (most have no head at all): what someone trying `npm run -s triage --
 * note.eml` sees first. `it.fails` marks what the models still get wrong (core/triage/README.md,
 * h/degrade2).
 */
import { describe, expect, it } from "vitest";
import { triageFiles } from "../support/cli-triage.ts";

const NOTES = {
  dinner: "hey! free for dinner on sunday? was thinking 8pm at that ramen spot near the station\n",
  meeting:
    "From: Tomasz Wróbel <t.wrobel@kestrel-works.example>\nSubject: budget review\n\nCould we go through the Q3 budget together on Thursday? Would 2pm work for you?\n\nTomasz\n",
  mum: "Hola cariño, ¿puedes llamarme esta noche? Es sobre el cumpleaños de la abuela. Besos, mamá\n",
  report:
    "Subject: draft attached?\n\nHi, could you send me the draft of the report before tomorrow noon? I need to review it before the client call.\n",
  thanks: "Danke nochmal für gestern Abend, war richtig schön! Bis bald, Lena\n",
} as const;
type Note = keyof typeof NOTES;

const results = triageFiles(NOTES);

describe("the CLI on a hand-written note with no reader, labels or stamps", () => {
  it("no personal note is called spam", () => {
    for (const n of Object.keys(NOTES) as Note[]) expect(results(n).verdict, n).toBe("relevant");
  });
  it("personal notes are primary mail", () => {
    for (const n of Object.keys(NOTES) as Note[]) expect(results(n).category, n).toBe("primary");
  });
  // Still "request": the models weigh "Could we … ?" over the meeting words without a reader.
  it.fails("a colleague's meeting ask is a meeting", () => {
    expect(results("meeting").speech_act).toBe("meet");
  });
  it("a request for a draft by tomorrow is a request", () => {
    expect(results("report").speech_act).toBe("request");
  });
  it("a colleague's meeting ask is actionable", () => {
    expect(results("meeting").bucket).toBe("actionable");
  });
  it("a friend's dinner invitation asks for an answer (actionable)", () => {
    expect(results("dinner").bucket).toBe("actionable");
  });
  it("a mother asking for a call tonight asks for an answer (actionable or urgent)", () => {
    expect(["actionable", "urgent"]).toContain(results("mum").bucket);
  });
  it("a thank-you note asks nothing (informational or low priority)", () => {
    expect(["informational", "low_priority"]).toContain(results("thanks").bucket);
  });
  it("no reason says 'you are not listed as a recipient' of a note with no head", () => {
    for (const n of ["dinner", "mum", "thanks"] as const)
      expect(JSON.stringify(results(n).why), n).not.toContain("not listed as a recipient");
  });
});
