import type { Bucket, Cohort, Correction } from "../protocol/local-api.ts";

/**
 * What the person's corrections say about the next message from a sender: the latest bucket and
 * cohort they moved that sender's mail to.
 *
 * @example correctionsOverride([{ field: "bucket", to: "urgent", createdAt: 2, ... }]) // { bucket: "urgent" }
 */
export function correctionsOverride(corrections: readonly Correction[]): {
  bucket?: Bucket;
  cohort?: Cohort;
} {
  const latest = [...corrections].sort((a, b) => a.createdAt - b.createdAt);
  const out: { bucket?: Bucket; cohort?: Cohort } = {};
  for (const c of latest) {
    if (c.field === "bucket") out.bucket = c.to as Bucket;
    else out.cohort = c.to as Cohort;
  }
  return out;
}
