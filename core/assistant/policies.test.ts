import { describe, expect, it } from "vitest";
import type { Policies } from "../protocol/local-api.ts";
import { applyPoliciesPatch, defaultPolicies, parseStoredPolicies, previewLevel } from "./policies.ts";

const mine: Policies = {
  ...defaultPolicies,
  levels: { ...defaultPolicies.levels, first_contact: 5 },
  templates: [
    { id: "t1", name: "Thanks", body: "Thanks {{ sender.first_name }}!" },
    { id: "t2", name: "Out of office", body: "Back on Monday." },
  ],
  cohortTemplates: { first_contact: "t1" },
  triageTimes: ["08:00", "17:30"],
};
const mode = (p: ReturnType<typeof previewLevel>, action: string) =>
  p.allows.find((a) => a.action === action);

describe("previewLevel: the live preview", () => {
  it("L5 with the cohort's real template: drafts from it at the person's times, never sends", () => {
    const p = previewLevel(5, { cohort: "first_contact", policies: mine, timeZone: "Europe/Paris" });
    expect(p.name).toBe("L5 scheduled + templates");
    expect(p.template).toEqual({ id: "t1", name: "Thanks" });
    expect(p.schedule).toEqual({ times: ["08:00", "17:30"], timeZone: "Europe/Paris" });
    expect(mode(p, "draft_reply")).toEqual({
      action: "draft_reply",
      mode: "act",
      detail:
        "drafts a reply from “Thanks” at 08:00 and 17:30 (Europe/Paris); kept as a Gmail draft, never sent",
    });
    expect(mode(p, "archive")?.detail).toBe(
      "low-priority mail, on arrival and at scheduled triage at 08:00 and 17:30 (Europe/Paris); undo in Activity",
    );
    expect(mode(p, "send")).toEqual({ action: "send", mode: "ask", detail: "always asks you first" });
  });

  it("L5 without a template for the cohort asks, and says what to do", () => {
    const p = previewLevel(5, { cohort: "vips", policies: mine });
    expect(p.template).toBeNull();
    expect(mode(p, "draft_reply")).toMatchObject({
      mode: "ask",
      detail: "choose a reply template for this cohort to draft replies",
    });
    expect(mode(previewLevel(5, { cohort: "vips" }), "draft_reply")?.detail).toBe(
      "write a reply template below, then choose it for this cohort",
    );
  });

  it("a template id that is not one of the person's templates never acts", () => {
    const forged = { ...mine, cohortTemplates: { first_contact: "not-mine" } };
    expect(mode(previewLevel(5, { cohort: "first_contact", policies: forged }), "draft_reply")?.mode).toBe(
      "ask",
    );
  });

  it.each([
    [0, [], []],
    [1, ["ask"], []],
    [2, ["card", "alert", "brief", "ask"], []],
    [3, ["card", "batch", "alert", "brief", "ask"], []],
    // L4 acts only as the assistant really does (proposedAction): archive and mark read.
    [4, ["card", "batch", "alert", "brief", "ask"], ["archive", "mark_read"]],
  ])("L%i shows %j and acts on %j", (level, shown, acts) => {
    const p = previewLevel(level, { cohort: "first_contact", policies: mine });
    expect(p.shows.filter((s) => s.shown).map((s) => s.what)).toEqual([...shown, "search"]);
    expect(p.allows.filter((a) => a.mode === "act").map((a) => a.action)).toEqual(acts);
    expect(p.schedule).toBeNull();
    for (const a of ["send", "delete_permanent", "unsubscribe", "block"])
      expect(mode(p, a)?.mode).toBe("ask");
    if (level === 4)
      for (const a of ["label", "snooze"])
        expect(mode(p, a)).toMatchObject({ mode: "suggest", detail: "never by itself: one tap on the card" });
  });
});

describe("stored policies", () => {
  it("before version 2, L0/L1 showed cards like L2: they become L2 once, the rest is kept", () => {
    const { version: _, templates: __, cohortTemplates: ___, triageTimes: ____, ...old } = defaultPolicies;
    const stored = { ...old, levels: { ...old.levels, vips: 1, social: 0, newsletters: 4 } };
    const p = parseStoredPolicies(stored);
    expect(p.levels).toMatchObject({ vips: 2, social: 2, newsletters: 4 });
    expect(p).toMatchObject({
      version: 2,
      templates: [],
      cohortTemplates: {},
      triageTimes: ["08:00", "17:00"],
    });
    // Chosen after the change, L0 and L1 stay.
    const now = { ...defaultPolicies, levels: { ...defaultPolicies.levels, vips: 1, social: 0 } };
    expect(parseStoredPolicies(now).levels).toMatchObject({ vips: 1, social: 0 });
    expect(parseStoredPolicies({ levels: "garbage" })).toEqual(defaultPolicies);
  });

  it("a patch merges levels and cohort templates (null clears one) and replaces the rest", () => {
    const next = applyPoliciesPatch(mine, {
      levels: { vips: 4 },
      cohortTemplates: { first_contact: null, vips: "t2" },
      triageTimes: ["17:00", "07:45"],
    });
    expect(next.levels).toMatchObject({ vips: 4, first_contact: 5, newsletters: 3 });
    expect(next.cohortTemplates).toEqual({ vips: "t2" });
    expect(next.triageTimes).toEqual(["07:45", "17:00"]);
    expect(next.templates).toBe(mine.templates);
  });
});
