/** Binary classification metrics for the spam class. */
export interface SpamMetrics {
  n: number;
  accuracy: number;
  precision: number;
  recall: number;
  f1: number;
  confusion: { tp: number; fp: number; fn: number; tn: number };
}

export function spamMetrics(pairs: { predicted: boolean; actual: boolean }[]): SpamMetrics {
  const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const { predicted, actual } of pairs) {
    if (predicted && actual) c.tp++;
    else if (predicted) c.fp++;
    else if (actual) c.fn++;
    else c.tn++;
  }
  const r = (x: number) => Math.round(x * 10000) / 10000;
  const precision = c.tp / (c.tp + c.fp || 1);
  const recall = c.tp / (c.tp + c.fn || 1);
  return {
    n: pairs.length,
    accuracy: r((c.tp + c.tn) / (pairs.length || 1)),
    precision: r(precision),
    recall: r(recall),
    f1: r((2 * c.tp) / (2 * c.tp + c.fp + c.fn || 1)),
    confusion: c,
  };
}

/** Brier score and expected calibration error (10 equal-width bins) of P(spam). */
export function calibration(probs: number[], actual: boolean[]): { brier: number; ece: number } {
  let brier = 0;
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
  probs.forEach((p, i) => {
    const y = actual[i] ? 1 : 0;
    brier += (p - y) ** 2;
    const b = bins[Math.min(9, Math.floor(p * 10))]!;
    b.n++;
    b.p += p;
    b.y += y;
  });
  let ece = 0;
  for (const b of bins) if (b.n) ece += (b.n / probs.length) * Math.abs(b.p / b.n - b.y / b.n);
  return { brier: Math.round((brier / probs.length) * 10000) / 10000, ece: Math.round(ece * 10000) / 10000 };
}
