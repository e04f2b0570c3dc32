/** Output vocabularies of the stage-2 heads, in the column order of the ONNX outputs. */
export const BUCKETS = ["urgent", "actionable", "informational", "low_priority"] as const;
export type Bucket = (typeof BUCKETS)[number];
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
