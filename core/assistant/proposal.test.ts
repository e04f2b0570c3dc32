import { describe, expect, it } from "vitest";
import { suggestionFixture } from "../device/suggestion-fixture.ts";
import { zonedTime } from "./brief-schedule.ts";
import { actionText, proposalFor } from "./proposal.ts";
import { snoozeChoices, snoozeOnDay, snoozeText } from "./snooze-choices.ts";

const now = Date.parse("2026-11-25T10:00:00Z"); // a Wednesday
const ctx = { now, timeZone: "Europe/Berlin", drafts: false };
const s = (over: Parameters<typeof suggestionFixture>[1]) => suggestionFixture("a", over);

describe("proposalFor: what Approve does, and why", () => {
  it("archives spam and low priority, and leaves a low-priority Gmail list (asks first)", () => {
    expect(proposalFor(s({ verdict: "spam" }), ctx).action).toEqual({ kind: "archive" });
    expect(proposalFor(s({ bucket: "low_priority", cohort: "default" }), ctx)).toEqual({
      action: { kind: "archive" },
      why: "Low priority: nothing for you to do",
    });
    expect(proposalFor(s({ bucket: "low_priority", cohort: "newsletters" }), ctx).action).toEqual({
      kind: "unsubscribe",
    });
    // Only Gmail has the list headers the cloud checks: a demo newsletter is archived.
    expect(
      proposalFor(s({ bucket: "low_priority", cohort: "newsletters", source: "demo" }), ctx).action,
    ).toEqual({ kind: "archive" });
  });

  it("labels receipts and snoozes information about a later day until that morning, in the person's zone", () => {
    expect(proposalFor(s({ contentCategory: "receipt", bucket: "informational" }), ctx).action).toEqual({
      kind: "label",
      label: "Receipts",
    });
    const p = proposalFor(
      s({
        bucket: "informational",
        speechAct: "fyi",
        entities: [{ kind: "datetime", text: "on Friday", value: "2026-11-27T14:00:00.000Z" }],
      }),
      ctx,
    );
    expect(p.action).toEqual({ kind: "snooze", until: Date.parse("2026-11-27T07:00:00Z") });
    expect(p.why).toBe("About a later day: back in your inbox Fri 27 Nov, 08:00");
    // A date today or in the past is no reason to snooze.
    const today = s({
      bucket: "informational",
      entities: [{ kind: "datetime", text: "today", value: "2026-11-25T15:00:00.000Z" }],
    });
    expect(proposalFor(today, ctx).action).toEqual({ kind: "archive" });
  });

  it("a question gets a reply draft only when a local model can write one, and never to a no-reply sender", () => {
    const ask = s({ bucket: "actionable", speechAct: "request" });
    expect(proposalFor(ask, { ...ctx, drafts: true }).action).toEqual({ kind: "draft_reply" });
    expect(proposalFor(ask, ctx)).toEqual({
      action: { kind: "task" },
      why: "Asks you something: a task to answer it",
    });
    expect(
      proposalFor({ ...ask, from: "Shop <no-reply@shop.example>" }, { ...ctx, drafts: true }).action,
    ).toEqual({ kind: "task" });
    expect(proposalFor(s({ bucket: "urgent", speechAct: "deliver" }), ctx).action).toEqual({ kind: "task" });
  });

  it("words each action", () => {
    expect(actionText({ kind: "snooze", until: Date.parse("2026-12-01T07:00:00Z") }, "Europe/Berlin")).toBe(
      "Snooze until Tue 1 Dec, 08:00",
    );
    expect(actionText({ kind: "draft_reply" }, "UTC")).toBe("Draft a reply");
  });
});

describe("snooze choices", () => {
  it("later today, tomorrow morning and next Monday morning, in the person's zone", () => {
    expect(snoozeChoices(now, "Europe/Berlin")).toEqual([
      { id: "later_today", label: "Later today", until: Date.parse("2026-11-25T13:00:00Z") },
      { id: "tomorrow_morning", label: "Tomorrow morning", until: Date.parse("2026-11-26T07:00:00Z") },
      { id: "next_week", label: "Next week", until: Date.parse("2026-11-30T07:00:00Z") },
    ]);
    // Late in the evening "later today" is gone; on a Monday next week is seven days on.
    const mondayNight = Date.parse("2026-11-30T21:30:00Z");
    expect(snoozeChoices(mondayNight, "UTC").map((c) => c.id)).toEqual(["tomorrow_morning", "next_week"]);
    expect(snoozeChoices(mondayNight, "UTC")[1]?.until).toBe(Date.parse("2026-12-07T08:00:00Z"));
  });

  it("a date is that morning; a past or malformed date is refused with why", () => {
    expect(snoozeOnDay("2026-12-24", "America/New_York", now)).toBe(Date.parse("2026-12-24T13:00:00Z"));
    expect(() => snoozeOnDay("2026-11-20", "UTC", now)).toThrow("2026-11-20 has passed: pick a later date");
    expect(() => snoozeOnDay("24/12/2026", "UTC", now)).toThrow("snooze date must be YYYY-MM-DD");
  });

  it("local times hold across a DST change", () => {
    expect(zonedTime("2026-03-29", "08:00", "Europe/Berlin")).toBe(Date.parse("2026-03-29T06:00:00Z"));
    expect(snoozeText(Date.parse("2026-03-29T06:00:00Z"), "Europe/Berlin")).toBe("Sun 29 Mar, 08:00");
  });
});
