import type { SparseRow } from "./features/featurize.ts";
import { BUCKETS, CATEGORIES, SPEECH_ACTS } from "./labels.ts";

/** The stage-2 class heads a person can correct, with their label order (as in the ONNX). */
export const PERSONAL_HEADS = { bucket: BUCKETS, speech_act: SPEECH_ACTS, category: CATEGORIES } as const;
export type PersonalHead = keyof typeof PERSONAL_HEADS;

/**
 * A person's own linear layer on top of the shipped stage-2 heads, kept on the device: sparse
 * per-feature logit offsets, learned online from corrections. Applied as
 * softmax(log p_shipped + Δ·x), so with no corrections it changes nothing.
 */
export interface PersonalLayer {
  /** head → feature column → offsets per label. */
  weights: Record<PersonalHead, Map<number, Float32Array>>;
  corrections: number;
}

export function emptyPersonalLayer(): PersonalLayer {
  return { weights: { bucket: new Map(), speech_act: new Map(), category: new Map() }, corrections: 0 };
}

/** Personalised probabilities for one head: the shipped probabilities moved by the person's offsets. */
export function personalise(
  layer: PersonalLayer,
  head: PersonalHead,
  row: SparseRow,
  shipped: ArrayLike<number>,
): Float64Array {
  const width = PERSONAL_HEADS[head].length;
  const z = new Float64Array(width);
  for (let k = 0; k < width; k++) z[k] = Math.log(Math.max(shipped[k]!, 1e-9));
  const w = layer.weights[head];
  if (w.size > 0)
    for (let j = 0; j < row.indices.length; j++) {
      const d = w.get(row.indices[j]!);
      if (d) for (let k = 0; k < width; k++) z[k] = z[k]! + row.values[j]! * d[k]!;
    }
  return softmax(z);
}

/**
 * Small steps until the corrected label just wins on that message: a correction should move
 * mail like it (same sender, same words), not everything that shares a generic signal.
 */
const STEP = 0.5;
const STEPS = 12;
const WIN = 0.6;

/**
 * Learns from one correction ("this is `label`, not what you said"): gradient steps on the
 * cross-entropy of the personalised head for this row, touching only this row's features and
 * none of `common` (the model's columns most training mail has: sidecar `common`).
 *
 * @example learnCorrection(layer, "bucket", row, shippedBucketProbs, "urgent")
 */
export function learnCorrection(
  layer: PersonalLayer,
  head: PersonalHead,
  row: SparseRow,
  shipped: ArrayLike<number>,
  label: string,
  hashedSize = 1 << 13,
  common?: ReadonlySet<number>,
): void {
  const labels = PERSONAL_HEADS[head] as readonly string[];
  const y = labels.indexOf(label);
  if (y < 0) throw new Error(`personal layer: "${label}" is not a ${head} label`);
  const width = labels.length;
  const w = layer.weights[head];
  for (let s = 0; s < STEPS; s++) {
    const p = personalise(layer, head, row, shipped);
    if (p[y]! > WIN) break;
    for (let j = 0; j < row.indices.length; j++) {
      const i = row.indices[j]!;
      // Only the hashed block (sender, words, links), and not its columns most mail has: named
      // signals and words like "the" are shared by too much mail to say what the correction meant.
      if (i >= hashedSize || common?.has(i)) continue;
      let d = w.get(i);
      if (!d) {
        d = new Float32Array(width);
        w.set(i, d);
      }
      for (let k = 0; k < width; k++) d[k] = d[k]! - STEP * row.values[j]! * (p[k]! - (k === y ? 1 : 0));
    }
  }
  layer.corrections++;
}

/** Serialises one head's offsets for storage on the device (column, then `width` float32s). */
export function encodeHead(layer: PersonalLayer, head: PersonalHead): Uint8Array {
  const width = PERSONAL_HEADS[head].length;
  const entries = [...layer.weights[head]].sort((a, b) => a[0] - b[0]);
  const buf = new DataView(new ArrayBuffer(entries.length * 4 * (1 + width)));
  let o = 0;
  for (const [i, d] of entries) {
    buf.setInt32(o, i, true);
    o += 4;
    for (let k = 0; k < width; k++, o += 4) buf.setFloat32(o, d[k]!, true);
  }
  return new Uint8Array(buf.buffer);
}

export function decodeHead(layer: PersonalLayer, head: PersonalHead, bytes: Uint8Array): void {
  const width = PERSONAL_HEADS[head].length;
  const stride = 4 * (1 + width);
  if (bytes.length % stride !== 0)
    throw new Error(`personal layer: ${head} blob is not a multiple of ${stride} bytes`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const w = layer.weights[head];
  w.clear();
  for (let o = 0; o < bytes.length; o += stride) {
    const d = new Float32Array(width);
    for (let k = 0; k < width; k++) d[k] = view.getFloat32(o + 4 + 4 * k, true);
    w.set(view.getInt32(o, true), d);
  }
}

function softmax(z: Float64Array): Float64Array {
  let m = Number.NEGATIVE_INFINITY;
  for (const v of z) m = Math.max(m, v);
  let s = 0;
  for (let k = 0; k < z.length; k++) {
    z[k] = Math.exp(z[k]! - m);
    s += z[k]!;
  }
  for (let k = 0; k < z.length; k++) z[k] = z[k]! / s;
  return z;
}
