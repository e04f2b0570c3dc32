import { describe, expect, it } from "vitest";
import { chooseF1Threshold, chooseOperatingPoints, type Example } from "../../scripts/triage/train.ts";

// Only `spam` and `hand` (modern, provider-filtered mail) matter to the operating points.
const ex = (spam: boolean, modern: boolean) =>
  ({ spam, ...(modern ? { hand: { threat: spam ? "phishing" : "none" } } : {}) }) as unknown as Example;

describe("stage 1 operating points", () => {
  it("the raw-feed threshold is the best F1 on unfiltered mail", () => {
    const p = [0.1, 0.2, 0.45, 0.55, 0.6, 0.9];
    const spam = [false, false, false, true, true, true];
    expect(chooseF1Threshold(p, spam)).toEqual({ threshold: 0.55, f1: 1 });
  });

  it("chooses each point on its own regime's mail", () => {
    // Raw feed: spam from 0.5 up, ham below. INBOX: a receipt at 0.8 and spam at 0.7 and 0.95;
    // at 10:1 calling the receipt spam costs more than missing the spam at 0.7.
    const rows: [number, boolean, boolean][] = [
      [0.2, false, false],
      [0.3, false, false],
      [0.5, true, false],
      [0.6, true, false],
      [0.1, false, true],
      [0.8, false, true],
      [0.7, true, true],
      [0.95, true, true],
    ];
    const points = chooseOperatingPoints(
      rows.map((r) => r[0]),
      rows.map((r) => ex(r[1], r[2])),
    );
    expect(points.rawFeed.threshold).toBeGreaterThan(0.3);
    expect(points.rawFeed.threshold).toBeLessThanOrEqual(0.5);
    expect(points.rawFeed.messages).toBe(4);
    expect(points.inbox.threshold).toBeGreaterThan(0.8);
    expect(points.inbox.threshold).toBeLessThanOrEqual(0.95);
    expect(points.inbox.outOfFoldCost).toBe(1);
    expect(points.inbox.messages).toBe(4);
  });

  it("without mail of one regime, all training mail stands in for it", () => {
    const points = chooseOperatingPoints([0.2, 0.9], [ex(false, false), ex(true, false)]);
    expect(points.inbox.messages).toBe(2);
    expect(points.rawFeed.messages).toBe(2);
  });
});
