import { describe, expect, it } from "vitest";
import { suggestionFixture } from "../device/suggestion-fixture.ts";
import type { Policies, Suggestion } from "../protocol/local-api.ts";
import { initialControl } from "./control.ts";
import { defaultPolicies } from "./policies.ts";
import { dueTriage, proposedAction, scheduledWork } from "./scheduled-triage.ts";

/** 2026-11-20 in Paris (UTC+1): local time = UTC + 1 h. */
const paris = (hhmm: string) => Date.parse(`2026-11-20T${hhmm}:00+01:00`);
const times = ["08:00", "17:00"];

describe("dueTriage with an injected clock", () => {
  it("runs each of the person's times once a day, in their time zone, never early", () => {
    const done: string[] = [];
    const tick = (hhmm: string) => {
      const due = dueTriage({ now: paris(hhmm), timeZone: "Europe/Paris", times, done });
      if (due) done.push(due.key);
      return due?.key ?? null;
    };
    expect(tick("07:59")).toBeNull();
    expect(tick("08:00")).toBe("2026-11-20@08:00");
    expect(tick("08:01")).toBeNull();
    expect(tick("16:59")).toBeNull();
    expect(tick("17:04")).toBe("2026-11-20@17:00");
    expect(tick("23:59")).toBeNull();
    expect(dueTriage({ now: paris("08:00") + 86_400_000, timeZone: "Europe/Paris", times, done })?.key).toBe(
      "2026-11-21@08:00",
    );
  });

  it("a late tick runs the latest slot once; a slot missed by over two hours waits for the next", () => {
    expect(dueTriage({ now: paris("09:59"), timeZone: "Europe/Paris", times, done: [] })?.slot).toBe("08:00");
    expect(dueTriage({ now: paris("10:01"), timeZone: "Europe/Paris", times, done: [] })).toBeNull();
    expect(dueTriage({ now: paris("18:30"), timeZone: "Europe/Paris", times, done: [] })?.slot).toBe("17:00");
  });

  it("uses the zone: 08:00 in Tokyo is 23:00 UTC the day before", () => {
    const due = dueTriage({
      now: Date.parse("2026-11-19T23:00:00Z"),
      timeZone: "Asia/Tokyo",
      times,
      done: [],
    });
    expect(due).toEqual({ slot: "08:00", key: "2026-11-20@08:00" });
  });
});

const base = suggestionFixture("s1", { from: "Kim <kim@partner.example>", cohort: "first_contact" });
const policies: Policies = {
  ...defaultPolicies,
  levels: { ...defaultPolicies.levels, first_contact: 5 },
  templates: [{ id: "t1", name: "Thanks", body: "Thanks!" }],
  cohortTemplates: { first_contact: "t1" },
};
const work = (over: Partial<Suggestion>, history = { acted: false, drafted: false }, p = policies) => {
  const actions = [...(history.acted ? ["archive"] : []), ...(history.drafted ? ["draft_reply"] : [])];
  return scheduledWork({
    input: { suggestion: { ...base, ...over }, policies: p, control: initialControl, now: 0, actions },
  });
};

describe("scheduledWork: what L5 triage does for one suggestion", () => {
  it("drafts from the cohort's template and takes the reversible action nothing took yet", () => {
    expect(work({})).toEqual({ action: null, template: policies.templates[0], skipped: [] });
    expect(work({ bucket: "informational", cohort: "first_contact" }).action).toBeNull();
    expect(work({ bucket: "low_priority" })).toEqual({
      action: "archive",
      template: null,
      skipped: ["low priority: no reply drafted"],
    });
    expect(work({ bucket: "low_priority" }, { acted: true, drafted: false }).action).toBeNull();
  });

  it.each([
    ["a reply was drafted before (undoing it means no)", { draftId: "d1" }, false],
    ["a reply was drafted before (undoing it means no)", {}, true],
    ["drafts are Gmail only", { source: "slack" }, false],
    ["the sender does not take replies", { from: "no-reply@shop.example" }, false],
    ["spam", { verdict: "spam" }, false],
  ] as const)("no draft: %s", (reason, over, drafted) => {
    expect(work(over as Partial<Suggestion>, { acted: false, drafted })).toMatchObject({
      template: null,
      skipped: [reason],
    });
  });

  it("nothing below an effective L5: lower level, low confidence, not new", () => {
    const l4 = { ...policies, levels: { ...policies.levels, first_contact: 4 } };
    expect(work({ bucket: "low_priority" }, undefined, l4)).toMatchObject({ action: null, template: null });
    expect(work({ confidence: 0.2 })).toMatchObject({ action: null, template: null });
    expect(work({ status: "approved" })).toMatchObject({ action: null, template: null });
  });

  it("the assistant's own action: archive low priority, mark bulk informational mail read", () => {
    expect(proposedAction({ verdict: "relevant", bucket: "low_priority", cohort: "vips" })).toBe("archive");
    expect(proposedAction({ verdict: "relevant", bucket: "informational", cohort: "social" })).toBe(
      "mark_read",
    );
    expect(proposedAction({ verdict: "relevant", bucket: "informational", cohort: "vips" })).toBeNull();
    expect(proposedAction({ verdict: "spam", bucket: "low_priority", cohort: "vips" })).toBeNull();
  });
});
