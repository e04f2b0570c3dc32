import { suggestionFixture } from "@scouts/core/device/suggestion-fixture";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SuggestionCard } from "./card.tsx";
import { learnedText } from "./learned.ts";
import { planHost } from "./unsubscribe-dialog.tsx";

const s = suggestionFixture("a", {
  from: "Ann <ann@example.com>",
  subject: "Quarterly numbers",
  category: "work",
  contentCategory: null,
  priority: 0.6,
});

const card = (over: Partial<Parameters<typeof SuggestionCard>[0]> = {}) =>
  renderToStaticMarkup(
    <SuggestionCard
      s={s}
      selected
      labelling={false}
      moving={false}
      readOnly={false}
      timeZone="UTC"
      now={Date.parse("2026-11-25T10:00:00Z")}
      onAction={() => {}}
      onSelect={() => {}}
      onLabelDone={() => {}}
      onMove={() => {}}
      {...over}
    />,
  );

describe("Move to… on the suggestion card", () => {
  it("is a button that says whether its form is open, with the m shortcut", () => {
    const html = card();
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('aria-keyshortcuts="m"');
    expect(html).toContain(">Move to…</button>");
    expect(html).not.toContain("move-form");
  });

  it("opens a labelled form: bucket and cohort preselected to the current ones", () => {
    const html = card({ moving: true });
    expect(html).toContain('aria-expanded="true"');
    expect(html).toMatch(/<form class="move-form" aria-label="Move “Quarterly numbers”"/);
    expect(html).toMatch(/<label for="move-a-bucket">Bucket<\/label><select id="move-a-bucket"/);
    expect(html).toMatch(/<option value="actionable" selected="">Actionable<\/option>/);
    expect(html).toMatch(/<option value="default" selected="">Everyone else<\/option>/);
  });

  it("shows what a correction taught, and marks cards a correction sorted", () => {
    const html = card({
      s: { ...s, corrected: true },
      learned: "Learned: next time mail from ann@example.com goes to the Urgent bucket.",
    });
    expect(html).toContain('role="note"');
    expect(html).toContain("next time mail from ann@example.com goes to the Urgent bucket");
    expect(html).toContain("Sorted by your correction");
  });

  it("words the lesson from the stored correction", () => {
    const r = {
      suggestion: { ...s, bucket: "urgent" as const, cohort: "vips" as const },
      corrections: [
        {
          id: "c1",
          suggestionId: "a",
          sender: "ann@example.com",
          field: "bucket" as const,
          from: "actionable",
          to: "urgent",
          createdAt: 2,
        },
      ],
    };
    expect(learnedText(r, { bucket: "urgent", cohort: "vips" })).toBe(
      "Learned: next time mail from ann@example.com goes to the Urgent bucket and the VIPs cohort.",
    );
  });
});

describe("unsubscribe plan", () => {
  it("shows the host of a one-click URI, not its token path", () => {
    expect(
      planHost({
        method: "one_click",
        url: "https://lists.shop.example/u/SECRET",
        mailto: null,
        reasons: [],
      }),
    ).toBe("lists.shop.example");
    expect(planHost({ method: "ask", url: null, mailto: null, reasons: [] })).toBeNull();
  });

  it("the card's Unsubscribe… says it opens a dialog", () => {
    const html = card({ s: { ...s, cohort: "newsletters" }, onUnsubscribe: () => {} });
    expect(html).toMatch(/aria-haspopup="dialog" aria-label="Unsubscribe from Ann &lt;ann@example.com&gt;…"/);
  });
});

describe("a suggestion is a proposed action", () => {
  it("says what Approve does and why, and offers the other actions without acting", () => {
    const html = card({
      s: {
        ...s,
        proposal: { action: { kind: "label", label: "Receipts" }, why: "A receipt: filed under Receipts" },
      },
    });
    expect(html).toContain("Proposed: </span><strong>Label “Receipts”</strong>");
    expect(html).toContain("A receipt: filed under Receipts");
    expect(html).toContain(">Approve: Label “Receipts”</button>");
    for (const option of [
      "Archive",
      "Label…",
      "Snooze: Later today",
      "Snooze: Tomorrow morning",
      "Snooze: Next week",
      "Snooze until a date…",
      "Make a task",
    ])
      expect(html).toContain(`>${option}</option>`);
  });

  it("Convert to… is a picker with its own button, so moving through the options converts nothing", () => {
    const html = card();
    expect(html).toMatch(/<select id="convert-a">/);
    expect(html).toMatch(/<button type="button" disabled="">Convert<\/button>/);
  });
});
