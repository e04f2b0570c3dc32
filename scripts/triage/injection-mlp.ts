/**
 * A one-hidden-layer network over the injection model's hashed window rows, for cross-validation
 * only (`train-injection.ts --no-held-out --mlp=UNITS:L2`): does a non-linear model over the same features catch more
 * unseen-family attacks than the linear one at the same real-mail rate? Not shipped: the detector
 * uses the linear model unless this wins by grouped CV.
 *
 * logit = b2 + Σ_j v_j · relu(b1_j + Σ_i x_i W[i][j]) + Σ_i x_i w_i (the linear model as a skip
 * connection, so the network can only add to it). Deterministic: weights start from a fixed
 * xorshift sequence, full-batch Adam, rows in a fixed order.
 */
import {
  type FeatureSet,
  injectionRow,
  type SparseRow,
  tokenize,
  windowRanges,
} from "../../core/triage/injection-model/features.ts";
import { injectionSkeleton } from "../../core/triage/preprocess/normalise.ts";
import type { InjectionItem } from "./injection-corpus.ts";
import { itemRow, type MailText } from "./injection-train-lib.ts";

export interface MlpHyper {
  features: FeatureSet;
  bits: number;
  /** Hidden units. */
  units: number;
  l2: number;
  iterations: number;
}

export interface Mlp {
  h: MlpHyper;
  w: Float64Array;
  W: Float64Array;
  b1: Float64Array;
  v: Float64Array;
  b: number;
  b2: number;
}

function xorshift(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000 - 0.5;
  };
}

/** The network's logit for one row (`pre` receives the hidden pre-activations). */
export function mlpLogit(m: Mlp, row: SparseRow, pre = new Float64Array(m.h.units)): number {
  const H = m.h.units;
  pre.set(m.b1);
  let z = m.b + m.b2;
  for (let i = 0; i < row.index.length; i++) {
    const slot = row.index[i]!;
    const x = row.value[i]!;
    z += m.w[slot]! * x;
    const base = slot * H;
    for (let j = 0; j < H; j++) pre[j]! += m.W[base + j]! * x;
  }
  for (let j = 0; j < H; j++) if (pre[j]! > 0) z += m.v[j]! * pre[j]!;
  return z;
}

/** Fits the network on the items plus extra benign rows (the linear trainer's weighting). */
export function trainMlp(items: InjectionItem[], h: MlpHyper, negatives: SparseRow[]): Mlp {
  const rows = [...items.map((i) => itemRow(i, h.bits, h.features)), ...negatives];
  const labels = [...items.map((i) => i.label), ...negatives.map(() => 0)];
  const pos = items.filter((i) => i.label === 1).length;
  const neg = items.length - pos;
  const share = negatives.length ? 0.5 : 1;
  const weights = labels.map((y, k) =>
    y === 1
      ? items.length / (2 * pos)
      : k < items.length
        ? (share * items.length) / (2 * neg)
        : ((1 - share) * items.length) / (2 * negatives.length),
  );
  const dim = 1 << h.bits;
  const H = h.units;
  const rnd = xorshift(0x5eed);
  const m: Mlp = {
    h,
    w: new Float64Array(dim),
    W: Float64Array.from({ length: dim * H }, () => rnd() * 0.2),
    b1: new Float64Array(H).fill(0.01),
    v: Float64Array.from({ length: H }, () => rnd() * 0.2),
    b: 0,
    b2: 0,
  };
  // One flat parameter vector view per tensor, each with its Adam moments.
  const tensors = [m.w, m.W, m.b1, m.v];
  const grads = tensors.map((t) => new Float64Array(t.length));
  const m1 = tensors.map((t) => new Float64Array(t.length));
  const m2 = tensors.map((t) => new Float64Array(t.length));
  let [mb, vb, mb2, vb2] = [0, 0, 0, 0];
  const lr = 0.02;
  const [beta1, beta2, eps] = [0.9, 0.999, 1e-8];
  const pre = new Float64Array(H);
  const [gw, gW, gb1, gv] = grads as [Float64Array, Float64Array, Float64Array, Float64Array];
  for (let t = 1; t <= h.iterations; t++) {
    for (const g of grads) g.fill(0);
    let gb = 0;
    let gb2 = 0;
    rows.forEach((row, k) => {
      const z = mlpLogit(m, row, pre);
      const d = (weights[k]! * (1 / (1 + Math.exp(-z)) - labels[k]!)) / items.length;
      gb += d;
      gb2 += d;
      for (let j = 0; j < H; j++) if (pre[j]! > 0) gv[j]! += d * pre[j]!;
      for (let i = 0; i < row.index.length; i++) {
        const slot = row.index[i]!;
        const x = row.value[i]!;
        gw[slot]! += d * x;
        const base = slot * H;
        for (let j = 0; j < H; j++) if (pre[j]! > 0) gW[base + j]! += d * m.v[j]! * x;
      }
      for (let j = 0; j < H; j++) if (pre[j]! > 0) gb1[j]! += d * m.v[j]!;
    });
    const c1 = 1 - beta1 ** t;
    const c2 = 1 - beta2 ** t;
    tensors.forEach((p, n) => {
      const g = grads[n]!;
      const a = m1[n]!;
      const s = m2[n]!;
      for (let i = 0; i < p.length; i++) {
        const gi = g[i]! + h.l2 * p[i]!;
        if (gi === 0 && a[i] === 0) continue;
        a[i] = beta1 * a[i]! + (1 - beta1) * gi;
        s[i] = beta2 * s[i]! + (1 - beta2) * gi * gi;
        p[i]! -= (lr * (a[i]! / c1)) / (Math.sqrt(s[i]! / c2) + eps);
      }
    });
    mb = beta1 * mb + (1 - beta1) * gb;
    vb = beta2 * vb + (1 - beta2) * gb * gb;
    m.b -= (lr * (mb / c1)) / (Math.sqrt(vb / c2) + eps);
    mb2 = beta1 * mb2 + (1 - beta1) * gb2;
    vb2 = beta2 * vb2 + (1 - beta2) * gb2 * gb2;
    m.b2 -= (lr * (mb2 / c1)) / (Math.sqrt(vb2 / c2) + eps);
  }
  return m;
}

/** The best window's logit of a text's tokens (as the detector scores: windows of two sentences). */
function bestLogit(m: Mlp, tokens: ReturnType<typeof tokenize>): number {
  let best = Number.NEGATIVE_INFINITY;
  const pre = new Float64Array(m.h.units);
  for (const [from, to] of windowRanges(tokens, m.h.features.window)) {
    const z = mlpLogit(m, injectionRow(tokens, from, to, m.h.bits, m.h.features), pre);
    if (z > best) best = z;
  }
  return best;
}

export const mlpScoreItems = (m: Mlp, items: InjectionItem[]) =>
  items.map((i) => bestLogit(m, tokenize(injectionSkeleton(i.text))));

export const mlpScoreMail = (m: Mlp, mail: MailText[]) => mail.map((x) => bestLogit(m, x.tokens));
