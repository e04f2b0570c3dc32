/** Gmail API quota units per call (REFERENCE "Gmail push"). */
export const GMAIL_UNITS = {
  getProfile: 1,
  "history.list": 2,
  "labels.list": 1,
  "labels.create": 5,
  "messages.get": 5,
  "messages.list": 5,
  "messages.modify": 5,
  "messages.trash": 5,
  "messages.untrash": 5,
  "messages.batchModify": 50,
  "drafts.create": 10,
  "drafts.delete": 10,
  "messages.send": 100,
  "threads.get": 10,
  "sendAs.list": 1,
  watch: 100,
  stop: 1,
} as const;

export type GmailMethod = keyof typeof GMAIL_UNITS;

/** Google's per-user limit, and the share of it Scouts allows itself. */
export const GMAIL_USER_UNITS_PER_MINUTE = 15_000;
export const GMAIL_BUDGET_SHARE = 0.6;
export const GMAIL_BUDGET_UNITS_PER_MINUTE = GMAIL_USER_UNITS_PER_MINUTE * GMAIL_BUDGET_SHARE;
