/** Output vocabularies of the stage-2 heads, in the column order of the ONNX outputs. */
export const BUCKETS = ["urgent", "actionable", "informational", "low_priority"] as const;
export type Bucket = (typeof BUCKETS)[number];
/**
 * The priority each bucket stands for, in `BUCKETS` order: a message's priority is the
 * expectation of these under its bucket distribution (`expectedPriority`), so it always agrees
 * with the bucket and follows the person's corrections of it.
 */
export const BUCKET_PRIORITY: Readonly<Record<Bucket, number>> = {
  urgent: 0.92,
  actionable: 0.7,
  informational: 0.4,
  low_priority: 0.12,
};
/** `BUCKET_PRIORITY` in `BUCKETS` order (the targets `expectedPriority` and its "why" weigh). */
export const BUCKET_PRIORITIES: readonly number[] = BUCKETS.map((b) => BUCKET_PRIORITY[b]);

/**
 * Σ p(bucket) × BUCKET_PRIORITY[bucket] for a bucket distribution in `BUCKETS` order.
 *
 * @example expectedPriority([1, 0, 0, 0]) // 0.92
 */
export function expectedPriority(p: ArrayLike<number>): number {
  let e = 0;
  let s = 0;
  for (let k = 0; k < BUCKET_PRIORITIES.length; k++) {
    e += p[k]! * BUCKET_PRIORITIES[k]!;
    s += p[k]!;
  }
  return s > 0 ? e / s : 0;
}
export const SPEECH_ACTS = ["request", "commit", "deliver", "propose", "meet", "amend", "fyi"] as const;
export type SpeechAct = (typeof SPEECH_ACTS)[number];
export const CATEGORIES = [
  "primary",
  "newsletter",
  "notification",
  "promotion",
  "receipt",
  "social",
] as const;
export type Category = (typeof CATEGORIES)[number];
export const STAGE1_LABELS = ["relevant", "spam"] as const;
