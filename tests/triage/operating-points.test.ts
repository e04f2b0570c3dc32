import { describe, expect, it } from "vitest";
import {
  chooseF1Threshold,
  chooseOperatingPoints,
  chooseThresholds,
  type Example,
  INBOX_COST,
  missCost,
  rawFeedHamWeight,
} from "../../scripts/triage/train.ts";

// Only `spam` and `hand` (modern, provider-filtered mail) matter to the operating points.
const ex = (spam: boolean, modern: boolean, threat = "spam") =>
  ({ spam, ...(modern ? { hand: { threat: spam ? threat : "none" } } : {}) }) as unknown as Example;

describe("stage 1 operating points", () => {
  it("the raw-feed threshold is the best F1 on unfiltered mail", () => {
    const p = [0.1, 0.2, 0.45, 0.55, 0.6, 0.9];
    const spam = [false, false, false, true, true, true];
    expect(chooseF1Threshold(p, spam)).toEqual({ threshold: 0.55, f1: 1, sampleF1: 1 });
  });

  it("the raw-feed point weighs both classes the same, whatever the sample's spam share", () => {
    // Spam at 0.5–0.9; one ham (commercial mail) at 0.7 and the rest low. With 4 spam and 4 ham
    // the threshold stays under the spam; with every ham repeated 10 times (a sample that is
    // 9 % spam) the plain F1 moves it over the ham at 0.7 and misses spam, the balanced one not.
    const p = [0.5, 0.6, 0.8, 0.9, 0.7, 0.1, 0.2, 0.3];
    const spam = [true, true, true, true, false, false, false, false];
    const few = chooseF1Threshold(p, spam, rawFeedHamWeight(spam));
    const hamP = p.filter((_x, i) => !spam[i]);
    const pMany = [...p.slice(0, 4), ...Array.from({ length: 10 }, () => hamP).flat()];
    const spamMany = pMany.map((_x, i) => i < 4);
    expect(rawFeedHamWeight(spamMany)).toBeCloseTo(4 / 40);
    const many = chooseF1Threshold(pMany, spamMany, rawFeedHamWeight(spamMany));
    expect(few.threshold).toBeLessThanOrEqual(0.5);
    expect(many.threshold).toBe(few.threshold);
    expect(many.f1).toBeCloseTo(few.f1);
    expect(chooseF1Threshold(pMany, spamMany).threshold).toBeGreaterThan(0.7);
    expect(() => chooseF1Threshold(p, spam, 0)).toThrow(/not positive/);
  });

  it("chooses each point on its own regime's mail", () => {
    // Raw feed: spam from 0.5 up, ham below. INBOX: a receipt at 0.8 and bulk spam at 0.7 and
    // 0.95; calling the receipt spam (10) costs more than missing the bulk spam at 0.7 (1).
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

  it("a missed phishing mail costs more than a screened receipt, a missed scam less", () => {
    expect(INBOX_COST.phishingMissed).toBeGreaterThan(INBOX_COST.legitimateCalledSpam);
    expect(missCost(ex(true, true, "phishing"))).toBe(INBOX_COST.phishingMissed);
    expect(missCost(ex(true, true, "scam"))).toBe(INBOX_COST.scamMissed);
    expect(missCost(ex(true, true, "spam"))).toBe(INBOX_COST.spamMissed);
    // 2002 mail has no threat label: it counts as bulk spam.
    expect(missCost(ex(true, false))).toBe(INBOX_COST.spamMissed);
    // The same scores: a receipt at 0.8, the spam at 0.7. Bulk spam there is left (10 > 1);
    // phishing there is caught at the receipt's expense (20 > 10); a scam is left (10 > 5).
    const p = [0.1, 0.8, 0.7, 0.95];
    const spam = [false, false, true, true];
    const at = (threat: string) =>
      chooseThresholds(
        p,
        spam,
        [ex(false, true), ex(false, true), ex(true, true, threat), ex(true, true, threat)].map(missCost),
      );
    expect(at("spam")).toMatchObject({ threshold: 0.95, cost: 1 });
    expect(at("scam")).toMatchObject({ threshold: 0.95, cost: INBOX_COST.scamMissed });
    const phishing = at("phishing");
    expect(phishing.threshold).toBeGreaterThan(0.1);
    expect(phishing.threshold).toBeLessThanOrEqual(0.7);
    expect(phishing.cost).toBe(INBOX_COST.legitimateCalledSpam);
    // A cap on legitimate mail called spam wins over the cost: with at most 40 % of the two
    // legitimate messages, the receipt at 0.8 may not be called spam, so the phishing is missed.
    const costs = [
      ex(false, true),
      ex(false, true),
      ex(true, true, "phishing"),
      ex(true, true, "phishing"),
    ].map(missCost);
    expect(chooseThresholds(p, spam, costs, 0.4)).toMatchObject({
      threshold: 0.95,
      cost: INBOX_COST.phishingMissed,
    });
    // No threshold under the cap: the one that calls the fewest legitimate messages spam.
    expect(chooseThresholds([0.99, 0.2], [false, true], [1, 1], 0).threshold).toBe(0.99);
    expect(() => chooseThresholds(p, spam, [1])).toThrow(/1 miss costs for 4 scores/);
  });

  it("without mail of one regime, all training mail stands in for it", () => {
    const points = chooseOperatingPoints([0.2, 0.9], [ex(false, false), ex(true, false)]);
    expect(points.inbox.messages).toBe(2);
    expect(points.rawFeed.messages).toBe(2);
  });
});
