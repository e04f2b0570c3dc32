import type { Bucket, Cohort, CorrectionResponse } from "@scouts/core/protocol/local-api";
import { BUCKET_TEXT, COHORT_TEXT } from "./card.tsx";

/**
 * What a correction taught, in the person's words: the sender it is kept for and where their
 * next message goes.
 *
 * @example learnedText(r, { bucket: "urgent" }) // "Learned: next time mail from ann@example.com goes to the Urgent bucket."
 */
export function learnedText(r: CorrectionResponse, move: { bucket?: Bucket; cohort?: Cohort }): string {
  const sender = r.corrections.at(-1)?.sender ?? r.suggestion.from;
  const where = [
    move.bucket ? `the ${BUCKET_TEXT[move.bucket]} bucket` : null,
    move.cohort ? `the ${COHORT_TEXT[move.cohort]} cohort` : null,
  ].filter(Boolean);
  return `Learned: next time mail from ${sender} goes to ${where.join(" and ")}.`;
}
