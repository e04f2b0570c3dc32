/** Logistic regression for the injection model: deterministic full-batch Adam on mean log-loss + L2. */
import {
  type FeatureSet,
  injectionRow,
  type SparseRow,
  type Tokens,
  tokenize,
  windowLogits,
  windowRanges,
} from "../../core/triage/injection-model/features.ts";
import type { InjectionModel } from "../../core/triage/injection-model/score.ts";
import { injectionScore } from "../../core/triage/injection-model/score.ts";
import { injectionSkeleton } from "../../core/triage/preprocess/normalise.ts";
import type { InjectionItem } from "./injection-corpus.ts";

export interface Hyper {
  features: FeatureSet;
  bits: number;
  l2: number;
  iterations: number;
  /** Hard negatives mined per real message (0: the corpus alone). */
  negatives: number;
  /**
   * Slots learned only when rows of at least this many source groups carry them (the mined
   * real-mail windows count as one group); every other slot keeps weight 0, so a word only one
   * source uses cannot be learned as the mark of an attack or of benign mail. 0 or absent: all.
   */
  minSources?: number;
  /** Each source's items share their class's weight equally (instead of each item equally). */
  balanceSources?: boolean;
}

/**
 * The slots rows of at least `min` distinct groups carry (`groups[k]` is row k's group), as a
 * 0/1 mask over `dim` slots (all 1 when `min` ≤ 1).
 */
export function slotsInGroups(
  rows: SparseRow[],
  groups: readonly string[],
  min: number,
  dim: number,
): Uint8Array {
  const keep = new Uint8Array(dim);
  if (min <= 1) return keep.fill(1);
  const ids = new Map<string, number>();
  for (const g of groups) if (!ids.has(g)) ids.set(g, ids.size);
  const seen = new Map<number, Set<number>>();
  rows.forEach((row, k) => {
    const id = ids.get(groups[k]!)!;
    for (const i of row.index) {
      let set = seen.get(i);
      if (!set) {
        set = new Set();
        seen.set(i, set);
      }
      set.add(id);
    }
  });
  for (const [i, set] of seen) if (set.size >= min) keep[i] = 1;
  return keep;
}

/** Words of an item a training row covers: an item is one to three sentences, about one window. */
const ITEM_WORDS = 80;

/** One training row per item: the whole (short) item, as the skeleton the scorer sees. */
export function itemRow(item: InjectionItem, bits: number, features: FeatureSet): SparseRow {
  const tokens = tokenize(injectionSkeleton(item.text));
  return injectionRow(tokens, 0, Math.min(tokens.begin.length, ITEM_WORDS), bits, features);
}

/**
 * Fits the model on the corpus items plus `negatives`: extra benign rows (windows of real mail,
 * see `mineNegatives`) that share, in total, the corpus benign items' weight.
 */
export function train(items: InjectionItem[], h: Hyper, negatives: SparseRow[] = []): InjectionModel {
  const rows = [...items.map((i) => itemRow(i, h.bits, h.features)), ...negatives];
  const labels = [...items.map((i) => i.label), ...negatives.map(() => 0)];
  const dim = 1 << h.bits;
  const keep = slotsInGroups(
    rows,
    [...items.map((i) => i.source), ...negatives.map(() => "\u0000real-mail")],
    h.minSources ?? 0,
    dim,
  );
  const w = new Float64Array(dim);
  const m = new Float64Array(dim);
  const v = new Float64Array(dim);
  let b = 0;
  let mb = 0;
  let vb = 0;
  const g = new Float64Array(dim);
  const lr = 0.05;
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  // Classes weighted to equal total weight.
  const pos = items.filter((i) => i.label === 1).length;
  const neg = items.length - pos;
  const share = negatives.length ? 0.5 : 1;
  // With balanceSources, an item's weight is its class's divided by (its class's sources × its
  // source's items of that class): every source weighs the same within a class.
  const perSource = new Map<string, number>();
  for (const i of items)
    perSource.set(`${i.label}\u0000${i.source}`, (perSource.get(`${i.label}\u0000${i.source}`) ?? 0) + 1);
  const sourcesOf = (y: 0 | 1) => [...perSource.keys()].filter((key) => key.startsWith(`${y}\u0000`)).length;
  const sourcesByClass = [sourcesOf(0), sourcesOf(1)];
  const itemShare = (k: number, count: number) => {
    if (!h.balanceSources) return 1 / count;
    const it = items[k]!;
    return 1 / (sourcesByClass[it.label]! * perSource.get(`${it.label}\u0000${it.source}`)!);
  };
  const weights = labels.map((y, k) =>
    y === 1
      ? (items.length / 2) * itemShare(k, pos)
      : k < items.length
        ? ((share * items.length) / 2) * itemShare(k, neg)
        : ((1 - share) * items.length) / (2 * negatives.length),
  );
  for (let t = 1; t <= h.iterations; t++) {
    g.fill(0);
    let gb = 0;
    rows.forEach((row, k) => {
      let z = b;
      for (let i = 0; i < row.index.length; i++) z += w[row.index[i]!]! * row.value[i]!;
      const y = labels[k]!;
      const d = (weights[k]! * (1 / (1 + Math.exp(-z)) - y)) / items.length;
      for (let i = 0; i < row.index.length; i++) g[row.index[i]!]! += d * row.value[i]!;
      gb += d;
    });
    const c1 = 1 - b1 ** t;
    const c2 = 1 - b2 ** t;
    for (let i = 0; i < dim; i++) {
      if (keep[i] === 0) continue;
      const gi = g[i]! + h.l2 * w[i]!;
      m[i] = b1 * m[i]! + (1 - b1) * gi;
      v[i] = b2 * v[i]! + (1 - b2) * gi * gi;
      w[i]! -= (lr * (m[i]! / c1)) / (Math.sqrt(v[i]! / c2) + eps);
    }
    mb = b1 * mb + (1 - b1) * gb;
    vb = b2 * vb + (1 - b2) * gb * gb;
    b -= (lr * (mb / c1)) / (Math.sqrt(vb / c2) + eps);
  }
  // Rounded as written, so training-time scores are those of the shipped file.
  const round = (x: number) => Math.round(x * 1e5) / 1e5;
  return {
    format: "scouts-injection-model/2",
    features: h.features,
    bits: h.bits,
    bias: round(b),
    weights: Array.from(w, round),
    threshold: 0.5,
  };
}

/** A real (non-attack) message, tokenised once, for mining negatives and setting the threshold. */
export interface MailText {
  id: string;
  tokens: Tokens;
}

/**
 * Hard negatives: each message's `perMessage` windows the model scores highest, as benign rows.
 * Ordinary mail is full of imperatives ("please send the report"); the windows a corpus-only
 * model mistakes for instructions to an AI are the ones worth learning from.
 */
export function mineNegatives(
  model: InjectionModel,
  mail: MailText[],
  perMessage: number,
  rowBits = model.bits,
): SparseRow[] {
  const weights = Float64Array.from(model.weights);
  const out: SparseRow[] = [];
  for (const m of mail) {
    const ranges = windowRanges(m.tokens, model.features.window);
    const logits = windowLogits(m.tokens, model, weights);
    const order = logits.map((z, k) => [z, k] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    for (const [, k] of order.slice(0, perMessage)) {
      const [from, to] = ranges[k]!;
      out.push(injectionRow(m.tokens, from, to, rowBits, model.features));
    }
  }
  return out;
}

/** Each message's score: its best window's probability (what the detector compares). */
export function scoreMail(model: InjectionModel, mail: MailText[]): number[] {
  const weights = Float64Array.from(model.weights);
  return mail.map((m) => {
    let best = Number.NEGATIVE_INFINITY;
    for (const z of windowLogits(m.tokens, model, weights)) if (z > best) best = z;
    return best === Number.NEGATIVE_INFINITY ? 0 : 1 / (1 + Math.exp(-best));
  });
}

/** Scores items the way the product does: skeleton, windows, the highest window. */
export function scoreItems(model: InjectionModel, items: InjectionItem[]): number[] {
  return items.map((i) => injectionScore(i.text, model));
}

/**
 * The lowest threshold at which at most `maxFpRate` of the benign scores reach it (ties at the
 * boundary count as flagged), so the chosen rate is never exceeded on these scores.
 */
export function thresholdFor(benignScores: number[], maxFpRate: number): number {
  const sorted = [...benignScores].sort((a, b) => b - a);
  const allowed = Math.floor(sorted.length * maxFpRate);
  // Flag strictly above the (allowed+1)-th highest benign score.
  const edge = sorted[allowed] ?? 0;
  return Math.min(0.999, edge + 1e-6);
}

export function rates(scores: number[], items: InjectionItem[], threshold: number) {
  let tp = 0;
  let fp = 0;
  let pos = 0;
  let neg = 0;
  scores.forEach((s, k) => {
    const y = items[k]!.label;
    if (y === 1) {
      pos++;
      if (s >= threshold) tp++;
    } else {
      neg++;
      if (s >= threshold) fp++;
    }
  });
  return {
    attacks: pos,
    caught: tp,
    recall: tp / (pos || 1),
    benign: neg,
    flagged: fp,
    fpRate: fp / (neg || 1),
  };
}

/**
 * The margin over the real-mail bar (never below it: margins are logits minus that bar) with the
 * least out-of-fold cost for the detector as it runs — the rules OR the model — among margins
 * flagging at most `maxFpRate` of the benign items. A missed attack costs 1, a benign item flagged
 * `falseAlarmCost`; ties go to the higher margin. Infinity when the rules alone exceed the cap.
 */
export function leastCostMargin(
  oof: number[],
  labels: readonly (0 | 1)[],
  ruleHits: readonly (0 | 1)[],
  maxFpRate: number,
  falseAlarmCost: number,
): number {
  const cap = Math.floor(labels.filter((y) => y === 0).length * maxFpRate);
  // Candidates: 0 (the real-mail bar) and just above each item's margin, highest first.
  const candidates = [0, ...oof.filter((z) => z >= 0).map((z) => z + 1e-6)].sort((a, b) => b - a);
  let best = Number.POSITIVE_INFINITY;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const m of candidates) {
    let cost = 0;
    let falseAlarms = 0;
    oof.forEach((z, k) => {
      const flagged = ruleHits[k] === 1 || z >= m;
      if (labels[k] === 1) cost += flagged ? 0 : 1;
      else if (flagged) {
        cost += falseAlarmCost;
        falseAlarms++;
      }
    });
    if (falseAlarms <= cap && cost < bestCost) {
      bestCost = cost;
      best = m;
    }
  }
  return best;
}
