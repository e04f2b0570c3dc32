import { z } from "zod";

/**
 * The local agent's loopback API (`http://127.0.0.1:8788/local/v1/*`). Every request and response
 * the PWA and the CLI exchange with the agent is one of these schemas; the agent validates inputs
 * with them and the PWA may validate outputs.
 *
 * @example
 *   const res = await fetch(`${base}/local/v1/suggestions?status=new`, { headers: { authorization } });
 *   const page = SuggestionPage.parse(await res.json());
 */

export const LOCAL_API_PREFIX = "/local/v1";

// ---------------------------------------------------------------------------------------------
// Vocabulary

/** Where a suggestion came from: cloud scouts plus the agent's own local scouts. */
export const SuggestionSource = z.enum(["gmail", "slack", "demo", "local_dir", "local_mail", "imap", "jmap"]);
export type SuggestionSource = z.infer<typeof SuggestionSource>;

export const SuggestionStatus = z.enum(["new", "approved", "rejected", "converted", "archived", "snoozed"]);
export type SuggestionStatus = z.infer<typeof SuggestionStatus>;

export const Bucket = z.enum(["urgent", "actionable", "informational", "low_priority"]);
export type Bucket = z.infer<typeof Bucket>;

export const SpeechAct = z.enum(["request", "commit", "deliver", "propose", "meet", "amend", "fyi"]);
export type SpeechAct = z.infer<typeof SpeechAct>;

export const Cohort = z.enum([
  "newsletters",
  "transactional",
  "social",
  "vips",
  "first_contact",
  "cross_org",
  "intra_org",
  "default",
]);
export type Cohort = z.infer<typeof Cohort>;

/** L0 silent, L1 query, L2 suggest, L3 batch-suggest, L4 act with undo, L5 scheduled + templates. */
export const AutonomyLevel = z.number().int().min(0).max(5);
export type AutonomyLevel = z.infer<typeof AutonomyLevel>;

/**
 * Mailbox actions. Reversible: archive, label, snooze, mark_read, trash (untrash), draft_reply
 * (delete draft), move (to a named folder: mail accounts the agent reads, IMAP and JMAP).
 * Irreversible — always ask: send, delete_permanent, unsubscribe, block.
 */
export const MailboxAction = z.enum([
  "archive",
  "label",
  "snooze",
  "move",
  "mark_read",
  "trash",
  "draft_reply",
  "send",
  "delete_permanent",
  "unsubscribe",
  "block",
]);
export type MailboxAction = z.infer<typeof MailboxAction>;

export const EntityKind = z.enum(["task", "event", "note"]);
export type EntityKind = z.infer<typeof EntityKind>;

/** Plural path segment for entities: `/local/v1/entities/tasks`. */
export const EntityCollection = z.enum(["tasks", "events", "notes"]);
export type EntityCollection = z.infer<typeof EntityCollection>;

export const ConvertTarget = z.enum(["task", "event", "note", "actionable_only"]);
export type ConvertTarget = z.infer<typeof ConvertTarget>;

/** Things stage 2 found in the text (dates, people, amounts); never fetched or followed. */
export const ExtractedEntity = z.object({
  kind: z.string().max(32),
  text: z.string().max(500),
  value: z.string().max(500).optional(),
});
export type ExtractedEntity = z.infer<typeof ExtractedEntity>;

// ---------------------------------------------------------------------------------------------
// Suggestion

/**
 * What a suggestion's autonomy level means for the person, from `core/assistant/surface.ts`.
 * `cohortLevel` is what the person set; `level` is after low confidence and travel mode.
 */
export const SuggestionSurface = z.object({
  cohortLevel: AutonomyLevel,
  level: AutonomyLevel,
  /** L2+: a card in Suggestions, a line in the brief, an urgent alert. */
  card: z.boolean(),
  /** L1+: in Ask's overviews ("what's urgent today?", "summarize"); L0 only when searched for. */
  overview: z.boolean(),
  /** Effective L3+: offered in its cohort's batch approve. */
  batch: z.boolean(),
  /** Effective L4+: the assistant takes reversible actions by itself (undoable). */
  act: z.boolean(),
  /** Effective L5: scheduled triage and drafts from the person's own templates. */
  scheduled: z.boolean(),
  reasons: z.array(z.string()),
});
export type SuggestionSurface = z.infer<typeof SuggestionSurface>;

/**
 * What approving a suggestion does: one mailbox action (archive, label, snooze), a reply draft
 * (never sent), unsubscribe (always asks first) or a task on the device. `core/assistant/proposal.ts`
 * proposes one; the person may pick another before approving.
 */
export const ProposedAction = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("archive") }),
  z.object({ kind: z.literal("label"), label: z.string().trim().min(1).max(100) }),
  z.object({ kind: z.literal("snooze"), until: z.number().int().positive() }),
  z.object({ kind: z.literal("draft_reply") }),
  z.object({ kind: z.literal("unsubscribe") }),
  z.object({ kind: z.literal("task") }),
  /** To a folder (IMAP) or mailbox (JMAP) of the account's own server; only mail accounts the agent reads. */
  z.object({ kind: z.literal("move"), folder: z.string().trim().min(1).max(500) }),
]);
export type ProposedAction = z.infer<typeof ProposedAction>;

/** The assistant's proposal for one suggestion: the action and why, in the person's words. */
export const Proposal = z.object({ action: ProposedAction, why: z.string() });
export type Proposal = z.infer<typeof Proposal>;

/** What an approval did: the action, its ledger entry (mailbox actions, drafts) or task. */
export const ApprovalOutcome = z.object({
  action: ProposedAction,
  status: z.enum(["applied", "queued"]),
  ledgerId: z.string().nullable(),
  entityId: z.string().nullable(),
  message: z.string(),
});
export type ApprovalOutcome = z.infer<typeof ApprovalOutcome>;

/**
 * A proposal as the device keeps it. `id` is the cloud `proposalId` (or a local id for local
 * scouts). `category` is `"unprocessed"` until stage 2 ran, then the content category.
 */
export const Suggestion = z.object({
  id: z.string(),
  scoutId: z.string(),
  source: SuggestionSource,
  sourceMsgRef: z.string(),
  threadRef: z.string().nullable(),
  from: z.string(),
  subject: z.string(),
  snippet: z.string(),
  /** Epoch ms of the message itself (falls back to when the proposal was created). */
  receivedAt: z.number(),
  /** Epoch ms when the device stored it. */
  storedAt: z.number(),
  status: SuggestionStatus,
  category: z.string(),
  bucket: Bucket.nullable(),
  speechAct: SpeechAct.nullable(),
  contentCategory: z.string().nullable(),
  /** 0..1, higher first. */
  priority: z.number().nullable(),
  /** Plain-language reasons for bucket and priority, e.g. "asks you a direct question". */
  why: z.array(z.string()),
  cohort: Cohort,
  entities: z.array(ExtractedEntity),
  /** Stage 1 (cloud) outcome. */
  verdict: z.enum(["relevant", "spam", "unparseable"]),
  confidence: z.number(),
  reason: z.string(),
  /** True when a correction from this sender decided bucket or cohort. */
  corrected: z.boolean(),
  snoozedUntil: z.number().nullable(),
  labels: z.array(z.string()),
  convertedTo: z.object({ kind: ConvertTarget, entityId: z.string().nullable() }).nullable(),
  decidedAt: z.number().nullable(),
  /** The Gmail draft the reply was saved as (never sent); null once undone. */
  draftId: z.string().nullable().optional(),
  /** When the person first opened the message in the reading view (the clean-up read rate). */
  openedAt: z.number().nullable().optional(),
  /** What its cohort's autonomy level shows and allows (computed when listed, never stored). */
  surface: SuggestionSurface.optional(),
  /** What Approve does, and why (computed when listed, never stored). */
  proposal: Proposal.optional(),
  /** To and Cc as the message gave them (on the device only), for `to:` searches. */
  to: z.string().nullable().optional(),
  /** Unread when it arrived (Gmail's UNREAD label) or after this device marked it; null: unknown. */
  unread: z.boolean().nullable().optional(),
  /** The message carries attachments (multipart/mixed); null: unknown. */
  hasAttachment: z.boolean().nullable().optional(),
});
export type Suggestion = z.infer<typeof Suggestion>;

export const SuggestionQuery = z.object({
  status: SuggestionStatus.optional(),
  bucket: Bucket.optional(),
  cohort: Cohort.optional(),
  category: z.string().max(64).optional(),
  /** Free-text search over from, subject, snippet, why and entities. */
  q: z.string().max(200).optional(),
  /** Epoch ms lower bound on receivedAt. */
  since: z.coerce.number().int().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  /** Opaque cursor from the previous page. */
  cursor: z.string().max(200).optional(),
  /** `cards`: only cohorts whose level shows cards (L2+); the default lists everything (search, Ask). */
  view: z.enum(["all", "cards"]).optional(),
});
export type SuggestionQuery = z.infer<typeof SuggestionQuery>;

export const SuggestionPage = z.object({
  items: z.array(Suggestion),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type SuggestionPage = z.infer<typeof SuggestionPage>;

// ---------------------------------------------------------------------------------------------
// Entities (tasks, events, notes). Projects belong to FOLDERS; entities link by projectId.

export const Entity = z.object({
  id: z.string(),
  kind: EntityKind,
  title: z.string(),
  body: z.string(),
  /** Tasks: due date (epoch ms). */
  due: z.number().nullable(),
  done: z.boolean(),
  /** Events: start/end (epoch ms) and place. */
  start: z.number().nullable(),
  end: z.number().nullable(),
  location: z.string().nullable(),
  projectId: z.string().nullable(),
  sourceSuggestionId: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Entity = z.infer<typeof Entity>;

export const EntityInput = z.object({
  title: z.string().min(1).max(500),
  body: z.string().max(20_000).default(""),
  due: z.number().int().nullable().optional(),
  done: z.boolean().optional(),
  start: z.number().int().nullable().optional(),
  end: z.number().int().nullable().optional(),
  location: z.string().max(500).nullable().optional(),
  projectId: z.string().max(128).nullable().optional(),
});
export type EntityInput = z.infer<typeof EntityInput>;

export const EntityPatch = EntityInput.partial();
export type EntityPatch = z.infer<typeof EntityPatch>;

export const EntityList = z.object({ items: z.array(Entity) });
export type EntityList = z.infer<typeof EntityList>;

// ---------------------------------------------------------------------------------------------
// Decisions, actions, corrections

/** `POST /suggestions/:id/decision` */
export const DecisionRequest = z.object({
  decision: z.enum(["approve", "reject", "convert", "archive", "reopen"]),
  /** Required with `convert`. */
  convertTo: ConvertTarget.optional(),
  /** Overrides for the entity created by `convert` (defaults come from the suggestion). */
  entity: EntityInput.partial().optional(),
  /** With `approve`: the action to take instead of the proposed one. */
  action: ProposedAction.optional(),
  /** The person confirmed an action that always asks (unsubscribe). */
  confirmed: z.boolean().optional(),
});
export type DecisionRequest = z.infer<typeof DecisionRequest>;

export const DecisionResponse = z.object({
  suggestion: Suggestion,
  entity: Entity.nullable(),
  /** With `approve`: what the approval did (undo it by its ledger entry or task). */
  outcome: ApprovalOutcome.nullable().optional(),
});
export type DecisionResponse = z.infer<typeof DecisionResponse>;

/** `POST /suggestions/batch` — approve/reject many, optionally everything new in one cohort. */
/** `POST /suggestions/read-state`: refresh the mailbox read state of Gmail mail received since `since`. */
export const ReadStateRefreshRequest = z.object({ since: z.number().int().nonnegative() });
export type ReadStateRefreshRequest = z.infer<typeof ReadStateRefreshRequest>;
/** How many were asked about, how many changed, and why it stopped short (`not_linked`, `offline`, …). */
export const ReadStateRefreshResponse = z.object({
  asked: z.number().int(),
  changed: z.number().int(),
  error: z.string().nullable(),
});
export type ReadStateRefreshResponse = z.infer<typeof ReadStateRefreshResponse>;

export const BatchDecisionRequest = z
  .object({
    decision: z.enum(["approve", "reject", "archive"]),
    ids: z.array(z.string()).max(500).optional(),
    cohort: Cohort.optional(),
  })
  .refine((v) => (v.ids?.length ?? 0) > 0 || v.cohort !== undefined, {
    message: "give ids or a cohort",
  });
export type BatchDecisionRequest = z.infer<typeof BatchDecisionRequest>;

export const BatchDecisionResponse = z.object({
  updated: z.array(z.string()),
  /** Ids left alone, with why (their cohort is below L3, low confidence, travel mode). */
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })).default([]),
  /** With `approve`: what each approval did, for undo. */
  outcomes: z.array(ApprovalOutcome.extend({ id: z.string() })).default([]),
});
export type BatchDecisionResponse = z.infer<typeof BatchDecisionResponse>;

/** `POST /suggestions/:id/actions` — a mailbox write, gated by autonomy and the kill switch. */
export const ActionRequest = z.object({
  action: MailboxAction,
  label: z.string().min(1).max(100).optional(),
  /** Snooze until (epoch ms). */
  until: z.number().int().optional(),
  /** Move: the folder (IMAP) or mailbox name (JMAP) on the account's own server. */
  folder: z.string().trim().min(1).max(500).optional(),
  /** Groups actions for undo-by-run. */
  runId: z.string().max(128).optional(),
  /** The person confirmed an action that needs asking. */
  confirmed: z.boolean().default(false),
});
export type ActionRequest = z.infer<typeof ActionRequest>;

export const GateDecision = z.object({
  allowed: z.boolean(),
  /** "act" runs now; "ask" needs the person's confirmation; "suggest"/"silent" never act. */
  mode: z.enum(["silent", "query", "suggest", "batch_suggest", "act", "ask", "blocked"]),
  effectiveLevel: AutonomyLevel,
  reasons: z.array(z.string()),
});
export type GateDecision = z.infer<typeof GateDecision>;

export const ActionResponse = z.object({
  /** applied: done at the provider; queued: offline, in the outbox; needs_confirmation: ask first. */
  status: z.enum(["applied", "queued", "needs_confirmation", "refused"]),
  ledgerId: z.string().nullable(),
  gate: GateDecision,
  message: z.string(),
});
export type ActionResponse = z.infer<typeof ActionResponse>;

/** `POST /suggestions/:id/correct` — stored and applied to the next similar message from the sender. */
export const CorrectionRequest = z
  .object({ bucket: Bucket.optional(), cohort: Cohort.optional() })
  .refine((v) => v.bucket !== undefined || v.cohort !== undefined, { message: "give bucket or cohort" });
export type CorrectionRequest = z.infer<typeof CorrectionRequest>;

export const Correction = z.object({
  id: z.string(),
  suggestionId: z.string(),
  /** Normalized sender address the correction applies to. */
  sender: z.string(),
  field: z.enum(["bucket", "cohort"]),
  from: z.string().nullable(),
  to: z.string(),
  createdAt: z.number(),
});
export type Correction = z.infer<typeof Correction>;

export const CorrectionResponse = z.object({ suggestion: Suggestion, corrections: z.array(Correction) });
export type CorrectionResponse = z.infer<typeof CorrectionResponse>;

/** `GET /suggestions/:id/unsubscribe` — how unsubscribing would work (RFC 8058 or fallback). */
export const UnsubscribePlan = z.object({
  method: z.enum(["one_click", "mailto", "ask"]),
  url: z.string().nullable(),
  mailto: z.string().nullable(),
  /** Why one-click was or was not allowed, in words. */
  reasons: z.array(z.string()),
});
export type UnsubscribePlan = z.infer<typeof UnsubscribePlan>;

/** `POST /suggestions/:id/unsubscribe` — only with `confirmed: true`. */
export const UnsubscribeRequest = z.object({ confirmed: z.literal(true) });
export const UnsubscribeResponse = z.object({
  plan: UnsubscribePlan,
  done: z.boolean(),
  httpStatus: z.number().nullable(),
  ledgerId: z.string().nullable(),
  message: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

/** `POST /suggestions/:id/draft` — via the configured local LLM; stored as a Gmail draft, never sent. */
export const DraftRequest = z.object({ instructions: z.string().max(2000).optional() });
export const DraftResponse = z.object({
  text: z.string(),
  /** True once Gmail holds the draft. */
  stored: z.boolean(),
  ledgerId: z.string().nullable(),
  /** The Gmail draft id when stored. */
  draftId: z.string().nullable().optional(),
  /** Offline: the draft waits in the outbox and is saved when the cloud is back. */
  queued: z.boolean().optional(),
});
export type DraftResponse = z.infer<typeof DraftResponse>;

// ---------------------------------------------------------------------------------------------
// Ledger

export const LedgerStatus = z.enum(["applied", "pending", "failed", "undone", "cancelled"]);
export type LedgerStatus = z.infer<typeof LedgerStatus>;

export const LedgerEntry = z.object({
  id: z.string(),
  suggestionId: z.string().nullable(),
  scoutId: z.string().nullable(),
  action: z.string(),
  /** The provider ref the action touched (message id). */
  targetRef: z.string(),
  /** What undoing does, e.g. `{ action: "unarchive" }`. */
  reversal: z.record(z.string(), z.unknown()).nullable(),
  reversible: z.boolean(),
  actor: z.enum(["person", "assistant", "automation", "undo"]),
  runId: z.string().nullable(),
  sessionId: z.string().nullable(),
  /** Set on the entry that undid another one. */
  undoOf: z.string().nullable(),
  status: LedgerStatus,
  cloudLedgerId: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.number(),
  undoneAt: z.number().nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const LedgerQuery = z.object({
  runId: z.string().max(128).optional(),
  sessionId: z.string().max(128).optional(),
  since: z.coerce.number().int().optional(),
  until: z.coerce.number().int().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type LedgerQuery = z.infer<typeof LedgerQuery>;

/**
 * A ledger entry as a device lists it: with the suggestion's subject and sender, joined on the
 * device from its own copy (the cloud ledger has ids only, and these never go to it).
 */
export const LedgerItem = LedgerEntry.extend({
  subject: z.string().nullable().optional(),
  from: z.string().nullable().optional(),
});
export type LedgerItem = z.infer<typeof LedgerItem>;

export const LedgerPage = z.object({ items: z.array(LedgerItem) });
export type LedgerPage = z.infer<typeof LedgerPage>;

/**
 * `POST /ledger/undo` — undo a run, a session or a time window (`POST /ledger/:id/undo` for one).
 * A session is one run of the device: from when the agent started (or, in browser-device mode,
 * from when this tab opened Scouts) until it stops; `Status.session` names the current one.
 */
export const UndoRequest = z
  .object({
    runId: z.string().min(1).max(128).optional(),
    sessionId: z.string().min(1).max(128).optional(),
    since: z.number().int().nonnegative().optional(),
    until: z.number().int().nonnegative().optional(),
  })
  .refine((v) => v.runId !== undefined || v.sessionId !== undefined || v.since !== undefined, {
    message: "give runId, sessionId or since (with optional until)",
  })
  .refine((v) => v.since === undefined || v.until === undefined || v.until >= v.since, {
    message: "until must not be before since",
    path: ["until"],
  });
export type UndoRequest = z.infer<typeof UndoRequest>;

export const UndoResponse = z.object({
  /** Ledger ids that were undone. */
  undone: z.array(z.string()),
  /** Ids of the undo entries recorded (the undo is itself in the ledger). */
  undoEntries: z.array(z.string()),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type UndoResponse = z.infer<typeof UndoResponse>;

// ---------------------------------------------------------------------------------------------
// Brief and Ask

export const BriefPeriod = z.enum(["morning", "evening"]);
export type BriefPeriod = z.infer<typeof BriefPeriod>;

export const BriefThread = z.object({
  suggestionId: z.string(),
  from: z.string(),
  subject: z.string(),
  priority: z.number().nullable(),
  why: z.array(z.string()),
});
export const Brief = z.object({
  period: BriefPeriod,
  generatedAt: z.number(),
  since: z.number(),
  total: z.number().int(),
  buckets: z.array(
    z.object({
      bucket: z.union([Bucket, z.literal("unprocessed")]),
      count: z.number().int(),
      top: z.array(BriefThread),
    }),
  ),
  markdown: z.string(),
});
export type Brief = z.infer<typeof Brief>;

export const BriefQuery = z.object({
  period: BriefPeriod.default("morning"),
  since: z.coerce.number().int().optional(),
});

/** `POST /brief/slack` — post the brief to the Slack destination in Settings (webhook or channel). */
export const BriefSlackResponse = z.object({ posted: z.boolean(), message: z.string() });

export const AskRequest = z.object({
  question: z.string().min(1).max(1000),
  /** Projects (ids or names) in context: the local model also sees their file manifests. */
  projects: z.array(z.string().min(1).max(200)).max(20).optional(),
});
export type AskRequest = z.infer<typeof AskRequest>;

export const AskResponse = z.object({
  intent: z.enum(["urgent_today", "promises", "summarize", "sender_about", "search", "unknown"]),
  answer: z.string(),
  links: z.array(z.object({ suggestionId: z.string(), label: z.string() })),
  phrasedBy: z.enum(["deterministic", "llm"]),
});
export type AskResponse = z.infer<typeof AskResponse>;

// ---------------------------------------------------------------------------------------------
// Settings, policies, control, status

export const ProviderToggles = z.object({
  gmail: z.boolean(),
  slack: z.boolean(),
  demo: z.boolean(),
  local_dir: z.boolean(),
  local_mail: z.boolean(),
  /** Mail accounts the agent reads itself (settings stored before they existed default to on). */
  imap: z.boolean().default(true),
  jmap: z.boolean().default(true),
});
export type ProviderToggles = z.infer<typeof ProviderToggles>;

export const Settings = z.object({
  /** Master switch: off means no assistant actions or posts at all (data is kept). */
  assistantEnabled: z.boolean(),
  providers: ProviderToggles,
  /** Slack incoming webhook (https://hooks.slack.com/...). Shown masked in GET responses. */
  slackWebhookUrl: z.string().nullable(),
  /**
   * Where the brief and alerts go: the incoming webhook (posted from the device), or a channel
   * from the person's workspace directory, posted by the cloud with their Slack connection.
   */
  slackDestination: z.enum(["webhook", "channel"]).default("webhook"),
  /** The channel's workspace key (`slack://channel/C…`) when `slackDestination` is "channel". */
  slackChannel: z.string().nullable().default(null),
  /** Why the last post to Slack failed (cleared by the next one that lands); read-only. */
  slackLastError: z.string().nullable().default(null),
  slackAlerts: z.boolean(),
  /** Bodies redacted in Slack (sender, subject, one line) unless turned off. */
  slackRedactBodies: z.boolean(),
  /** Local OpenAI-compatible endpoint (drafts, phrasing Ask answers). Null = off. */
  llmBaseUrl: z.string().nullable(),
  llmModel: z.string().nullable(),
  briefMorning: z.string().regex(/^\d{2}:\d{2}$/),
  briefEvening: z.string().regex(/^\d{2}:\d{2}$/),
  timezone: z.string(),
  vipSenders: z.array(z.string()),
  /** Your own organisation's domains (intra-org vs cross-org cohorts). */
  orgDomains: z.array(z.string()),
  watchedDirectory: z.string().nullable(),
  watchedDirectoryAutoEntities: z.boolean(),
  localMailbox: z.string().nullable(),
  localMailboxFormat: z.enum(["mbox", "maildir"]).nullable(),
});
export type Settings = z.infer<typeof Settings>;

/** True for an IANA zone name this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const ADDRESS = /^[^\s@]{1,64}@(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** Where the agent may look: a full path (`~/` is the agent's home folder). */
export const LocalPath = z
  .string()
  .trim()
  .min(1, { message: "enter a path" })
  .max(1024, { message: "this path is longer than 1024 characters" })
  .refine((p) => p.startsWith("/") || p.startsWith("~/") || /^[A-Za-z]:[\\/]/.test(p), {
    message: "use a full path, like /home/you/Inbox or ~/Inbox",
  });

/** A 24-hour local time, "08:00". */
export const ClockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "use a 24-hour time like 08:00" });

export const TimeZoneName = z
  .string()
  .trim()
  .min(1, { message: "enter a time zone" })
  .max(64)
  .refine(isTimeZone, { message: "not a known time zone: use a name like Europe/Berlin or UTC" });

/** A VIP: one address (ann@example.com) or everyone at a domain (example.com). */
export const VipSender = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ADDRESS.test(v) || DOMAIN.test(v), {
    message: "use an address (ann@example.com) or a domain (example.com)",
  });

export const OrgDomain = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => DOMAIN.test(v), { message: "use a domain like example.com (no @, no https://)" });

/** What a client may change; stricter than `Settings`, whose stored values predate some checks. */
/** A Slack place a brief can be posted to: a channel or group key from the workspace directory. */
export const SlackChannelKey = z
  .string()
  .max(300)
  .refine((v) => /^slack:\/\/(team\/[TE][A-Z0-9]{2,30}\/)?(channel|group)\/[CG][A-Z0-9]{2,30}$/.test(v), {
    message: "pick a channel from your workspaces (a slack://channel/C… key)",
  });

export const SettingsPatch = Settings.omit({ slackLastError: true })
  .partial()
  .extend({
    // Re-declared without defaults: a patch that leaves them out must not reset them.
    slackDestination: z.enum(["webhook", "channel"]).optional(),
    slackChannel: SlackChannelKey.nullable().optional(),
    providers: ProviderToggles.partial().optional(),
    llmApiKey: z.string().max(500).nullable().optional(),
    briefMorning: ClockTime.optional(),
    briefEvening: ClockTime.optional(),
    timezone: TimeZoneName.optional(),
    vipSenders: z.array(VipSender).max(200, { message: "at most 200 VIP senders" }).optional(),
    orgDomains: z.array(OrgDomain).max(50, { message: "at most 50 domains" }).optional(),
    watchedDirectory: LocalPath.nullable().optional(),
    localMailbox: LocalPath.nullable().optional(),
  });
export type SettingsPatch = z.infer<typeof SettingsPatch>;

export const CohortRule = z.object({
  cohort: Cohort,
  /** What the rule looks at. */
  field: z.enum(["from", "domain", "header", "subject", "category"]),
  op: z.enum(["equals", "ends_with", "contains", "exists"]),
  value: z.string().max(200),
  /** For field=header: the header name. */
  header: z.string().max(100).optional(),
});
export type CohortRule = z.infer<typeof CohortRule>;

/** A local time of day, `HH:MM` (24 h). */
export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "use HH:MM, 00:00 to 23:59");

/** A reply template the person wrote; L5 drafts replies only from these (`core/assistant/reply-templates.ts`). */
export const ReplyTemplate = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "ids are 1-64 letters, digits, _ or -"),
  name: z.string().max(200),
  body: z.string().max(5000),
});
export type ReplyTemplate = z.infer<typeof ReplyTemplate>;

export const Policies = z.object({
  /** 2 since levels have visible effects (before, L0/L1 showed cards like L2). */
  version: z.number().int().default(1),
  /** Autonomy level for every cohort. */
  levels: z.record(Cohort, AutonomyLevel),
  /** Below this stage-2/stage-1 confidence the level drops by one. */
  lowConfidenceThreshold: z.number().min(0).max(1),
  /** Extra user rules, evaluated before the built-in cohort rules. */
  rules: z.array(CohortRule),
  /** User-authored reply templates (the only replies L5 may draft). */
  templates: z.array(ReplyTemplate).default([]),
  /** L5: the template a cohort's scheduled triage drafts replies from (cohort → template id). */
  cohortTemplates: z.partialRecord(Cohort, z.string()).default({}),
  /** L5: when scheduled triage runs, local times in the Settings time zone. */
  triageTimes: z.array(TimeOfDay).default(["08:00", "17:00"]),
});
export type Policies = z.infer<typeof Policies>;

/** `PUT /policies`: only the fields given change (no defaults fill the others in). */
export const PoliciesPatch = z.object({
  levels: z.partialRecord(Cohort, AutonomyLevel).optional(),
  lowConfidenceThreshold: z.number().min(0).max(1).optional(),
  rules: z.array(CohortRule).max(200).optional(),
  templates: z.array(ReplyTemplate).max(50).optional(),
  cohortTemplates: z.partialRecord(Cohort, z.string().nullable()).optional(),
  triageTimes: z.array(TimeOfDay).max(12).optional(),
});
export type PoliciesPatch = z.infer<typeof PoliciesPatch>;

/** `GET /policies/preview?level=N&cohort=C` — what a level shows and does, for the live preview. */
export const LevelPreview = z.object({
  level: AutonomyLevel,
  name: z.string(),
  summary: z.string(),
  /** What the person sees at this level: card, batch, alert, brief, Ask, search. */
  shows: z.array(z.object({ what: z.string(), shown: z.boolean(), detail: z.string() })),
  allows: z.array(
    z.object({ action: MailboxAction, mode: GateDecision.shape.mode, detail: z.string().optional() }),
  ),
  /** L5: when scheduled triage runs, and the template replies are drafted from (null = none named). */
  schedule: z.object({ times: z.array(z.string()), timeZone: z.string() }).nullable(),
  template: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type LevelPreview = z.infer<typeof LevelPreview>;

export const ControlRequest = z.discriminatedUnion("command", [
  z.object({ command: z.literal("pause") }),
  z.object({ command: z.literal("resume") }),
  /** Stops all activity now and cancels pending actions. `resume` lifts it. */
  z.object({ command: z.literal("kill") }),
  /** No proactive actions above L2 until the date (epoch ms); null ends travel mode. */
  z.object({ command: z.literal("travel"), until: z.number().int().nullable() }),
]);
export type ControlRequest = z.infer<typeof ControlRequest>;

export const ControlState = z.object({
  paused: z.boolean(),
  killed: z.boolean(),
  travelUntil: z.number().nullable(),
});
export type ControlState = z.infer<typeof ControlState>;

/** The agent's own scouts: a watched directory and a local mbox/Maildir. */
export const LocalScoutKind = z.enum(["local_dir", "local_mail"]);
export type LocalScoutKind = z.infer<typeof LocalScoutKind>;

/** `GET /local-scouts`: each local scout with what it watches and whether it runs now. */
export const LocalScout = z.object({
  kind: LocalScoutKind,
  location: z.string().nullable(),
  /** The mailbox's format; null for the watched directory. */
  format: z.enum(["mbox", "maildir"]).nullable(),
  /** Its provider toggle (Settings → Controls). */
  enabled: z.boolean(),
  /**
   * running: scanned on every tick; off: its toggle or the master switch is off; paused / stopped:
   * pause or kill switch; error: the last scan failed (see `detail`); not_configured: no path set.
   */
  state: z.enum(["running", "off", "paused", "stopped", "error", "not_configured"]),
  /** Why it is not running, in words; null when it runs. */
  detail: z.string().nullable(),
  lastScanAt: z.number().nullable(),
  /** Suggestions it made that the device still keeps. */
  suggestions: z.number().int(),
  intervalSeconds: z.number(),
});
export type LocalScout = z.infer<typeof LocalScout>;
export const LocalScoutList = z.object({ items: z.array(LocalScout) });
export type LocalScoutList = z.infer<typeof LocalScoutList>;

/**
 * A notice from the cloud (a connection needing re-authorization, a paused scout, an automation's
 * notification) as the device keeps it until the person dismisses it or the cloud reports the
 * connection healthy again. One per scout and kind (per message when it names no scout).
 */
export const DeviceNotice = z.object({
  id: z.string(),
  kind: z.enum(["needs_reauth", "scout_paused", "info"]),
  scoutId: z.string().nullable(),
  /** The connection's provider ("google", "slack"), when the notice is about one. */
  provider: z.string().nullable(),
  message: z.string(),
  receivedAt: z.number().int(),
});
export type DeviceNotice = z.infer<typeof DeviceNotice>;
/** `POST /local/v1/notices/:id/dismiss`: the id as the status listed it. */
export const NoticeId = z.string().min(1).max(128);

/** A mail account the agent reads itself (IMAP), as the Scouts screen and `status` show it. */
export const MailAccountHealth = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(["imap", "jmap"]),
  /** "watching": connected and waiting for mail (IDLE); "syncing"; "retrying" after a drop; "needs_login": stopped until fixed. */
  state: z.enum(["watching", "syncing", "retrying", "needs_login", "disabled", "stopped"]),
  connected: z.boolean(),
  /** Epoch ms of the last sync pass that found new or departed mail. */
  lastChangeAt: z.number().nullable(),
  lastSyncAt: z.number().nullable(),
  /** Messages known on the server and not read yet (during a first sync, what is left). */
  owed: z.number().int(),
  lastError: z.string().nullable(),
});
export type MailAccountHealth = z.infer<typeof MailAccountHealth>;

export const Status = z.object({
  agentVersion: z.string(),
  deviceId: z.string().nullable(),
  userId: z.string().nullable(),
  paired: z.boolean(),
  cloud: z.object({
    url: z.string(),
    connected: z.boolean(),
    lastConnectedAt: z.number().nullable(),
    lastError: z.string().nullable(),
  }),
  control: ControlState,
  assistantEnabled: z.boolean(),
  providers: ProviderToggles,
  outbox: z.object({ pending: z.number().int() }),
  suggestions: z.object({ total: z.number().int(), new: z.number().int(), unprocessed: z.number().int() }),
  stage2: z.object({ available: z.boolean(), runner: z.string().nullable() }),
  llm: z.object({ configured: z.boolean() }),
  /** This run of the device (what "Undo this session" undoes): its id and when it started. */
  session: z.object({ id: z.string(), startedAt: z.number() }).optional(),
  /** Notices not dismissed yet, newest first (absent from agents that predate them). */
  notices: z.array(DeviceNotice).default([]),
  /** Mail accounts the agent watches itself (absent from agents that predate them). */
  mailAccounts: z.array(MailAccountHealth).default([]),
  now: z.number(),
});
export type Status = z.infer<typeof Status>;

/**
 * `GET /local/v1/cloud-scouts`: each cloud scout's health as the cloud's `GET /api/v1/me` says
 * (last sync, items owed after their queue retries, last error); `reachable: false` offline.
 */
export const CloudScouts = z.object({
  reachable: z.boolean(),
  scouts: z.array(
    z.object({
      id: z.string(),
      sourceType: z.string(),
      accountRef: z.string().nullable(),
      needsReauth: z.boolean(),
      lastRunAt: z.number().nullable(),
      owed: z
        .object({ count: z.number(), lastError: z.string().nullable(), lastErrorAt: z.number().nullable() })
        .default({ count: 0, lastError: null, lastErrorAt: null }),
    }),
  ),
});
export type CloudScouts = z.infer<typeof CloudScouts>;

// ---------------------------------------------------------------------------------------------
// Pairing

/** `POST /local/v1/pair` with the code printed by `scouts-agent pair` (or at start). */
export const PairRequest = z.object({ code: z.string().min(4).max(32) });
/** What a person types into the PWA's pairing form: the 8 digits, spaces and dashes ignored. */
export const PairingCodeInput = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{8}$/, { message: "the code is the 8 digits `scouts-agent pair` printed" }));
export const PairResponse = z.object({ token: z.string() });
export type PairResponse = z.infer<typeof PairResponse>;
/** `POST /local/v1/cloud/pair` — pair this agent with the cloud using a code from the PWA (signed in). */
export const CloudPairRequest = z.object({ code: z.string().trim().min(6).max(32) });

/** `POST /local/v1/pairing-codes` (authenticated, e.g. the CLI) → a code for another client. */
export const PairingCodeResponse = z.object({ code: z.string(), expiresInSeconds: z.number() });

// ---------------------------------------------------------------------------------------------
// Account discovery ("find my accounts"): only an MX lookup leaves the device.

export const DiscoveredAccount = z.object({
  address: z.string(),
  provider: z.enum(["gmail", "google_workspace", "outlook", "other", "unknown"]),
  evidence: z.array(z.object({ source: z.string(), detail: z.string() })),
});
export type DiscoveredAccount = z.infer<typeof DiscoveredAccount>;
export const DiscoverResponse = z.object({ accounts: z.array(DiscoveredAccount) });
export type DiscoverResponse = z.infer<typeof DiscoverResponse>;

// ---------------------------------------------------------------------------------------------
// SSE `GET /local/v1/events` (auth header, or `?token=` is refused; use fetch-based SSE)

export const LocalEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("suggestion.created"), suggestion: Suggestion }),
  z.object({ type: z.literal("suggestion.updated"), suggestion: Suggestion }),
  z.object({ type: z.literal("ledger.appended"), entry: LedgerEntry }),
  z.object({ type: z.literal("ledger.updated"), entry: LedgerEntry }),
  z.object({ type: z.literal("entity.changed"), entity: Entity, deleted: z.boolean() }),
  z.object({ type: z.literal("status.changed"), status: Status }),
  z.object({ type: z.literal("notice"), kind: z.string(), message: z.string() }),
]);
export type LocalEvent = z.infer<typeof LocalEvent>;
export type LocalEventType = LocalEvent["type"];

/** Error body for every non-2xx answer (same shape as the cloud API). */
export const ApiError = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type ApiError = z.infer<typeof ApiError>;

/**
 * Route table, for typed clients. Paths are relative to `LOCAL_API_PREFIX`.
 * GET  status → Status
 * GET  suggestions (SuggestionQuery) → SuggestionPage ; GET suggestions/:id → Suggestion
 * POST suggestions/:id/decision (DecisionRequest) → DecisionResponse
 * POST suggestions/batch (BatchDecisionRequest) → BatchDecisionResponse
 * POST suggestions/:id/actions (ActionRequest) → ActionResponse
 * POST suggestions/:id/correct (CorrectionRequest) → CorrectionResponse
 * GET|POST suggestions/:id/unsubscribe → UnsubscribePlan | UnsubscribeResponse
 * POST suggestions/:id/draft (DraftRequest) → DraftResponse
 * GET  ledger (LedgerQuery) → LedgerPage ; POST ledger/:id/undo → UndoResponse ; POST ledger/undo (UndoRequest) → UndoResponse
 * GET  brief (BriefQuery) → Brief ; POST brief/slack → BriefSlackResponse
 * POST ask (AskRequest) → AskResponse
 * GET  settings → Settings ; PATCH settings (SettingsPatch) → Settings
 * GET  policies → Policies ; PUT policies (PoliciesPatch) → Policies ; GET policies/preview?level=N[&cohort=C] → LevelPreview
 * POST control (ControlRequest) → Status
 * POST notices/:id/dismiss → Status
 * GET  local-scouts → LocalScoutList
 * GET  entities/:collection → EntityList ; POST entities/:collection (EntityInput) → Entity
 * PATCH entities/:collection/:id (EntityPatch) → Entity ; DELETE entities/:collection/:id → { deleted: true }
 * GET  accounts/discover → DiscoverResponse
 * POST cloud/pair (CloudPairRequest) → Status ; POST pairing-codes → PairingCodeResponse ; POST pair (PairRequest) → PairResponse ; GET dev-token → PairResponse (SCOUTS_DEV_PAIR=true, loopback)
 * GET  events → text/event-stream of LocalEvent (event name = type, data = JSON)
 * /projects/** → FOLDERS' routes
 */
export const LOCAL_API_ROUTES = [
  "status",
  "suggestions",
  "ledger",
  "brief",
  "ask",
  "settings",
  "policies",
  "control",
  "notices",
  "local-scouts",
  "entities",
  "accounts",
  "pair",
  "dev-token",
  "events",
  "projects",
] as const;

// ---------------------------------------------------------------------------------------------
// Screened view and Screener (on the device only; never sent to the cloud)

/**
 * `GET /screened` — one message stage 1 set aside: on the device (local mailbox, IMAP, JMAP) or in
 * the cloud (Gmail: listed by id over the hub, sender and subject read through `read_item` and kept
 * on the device only; `accountId` is then `cloud:<source>:<scoutId>`).
 */
export const ScreenedItem = z.object({
  id: z.string(),
  accountId: z.string(),
  /** The account in words: "Local mailbox", an IMAP account's label. */
  accountLabel: z.string(),
  from: z.string(),
  subject: z.string(),
  /** Stage 1's reason, in words (named signals, never content). */
  reason: z.string(),
  /** The same reason in plain words, when stage 1 gave them. */
  why: z.array(z.string()).nullable(),
  confidence: z.number(),
  screenedAt: z.number(),
  /** When "not spam" brought it back into suggestions; null while screened. */
  restoredAt: z.number().nullable(),
});
export type ScreenedItem = z.infer<typeof ScreenedItem>;

export const ScreenedPage = z.object({
  items: z.array(ScreenedItem),
  /** Sources whose screened mail the device cannot list completely now, and why (offline, unread). */
  missing: z.array(z.object({ source: SuggestionSource, reason: z.string() })),
});
export type ScreenedPage = z.infer<typeof ScreenedPage>;

/** `POST /screened/:id/not-spam` and `/screened/:id/undo`. */
export const ScreenedResponse = z.object({ item: ScreenedItem, suggestion: Suggestion.nullable() });
export type ScreenedResponse = z.infer<typeof ScreenedResponse>;

export const ScreenerAnswer = z.enum(["yes", "no"]);

/** One sender in the Screener: waiting for an answer, or answered. */
export const ScreenerSender = z.object({
  accountId: z.string(),
  /** The account in words: "Gmail", "Local mailbox", an IMAP account's label. */
  accountLabel: z.string(),
  sender: z.string(),
  from: z.string(),
  /** Their latest held message, for recognising them. */
  subject: z.string(),
  lastAt: z.number(),
  /** Held messages (waiting or screened out). */
  messages: z.number().int(),
  answer: ScreenerAnswer.nullable(),
  decidedAt: z.number().nullable(),
});
export type ScreenerSender = z.infer<typeof ScreenerSender>;

/** `GET /screener`, `PUT /screener`. */
export const ScreenerState = z.object({
  enabled: z.boolean(),
  waiting: z.array(ScreenerSender),
  answered: z.array(ScreenerSender),
});
export type ScreenerState = z.infer<typeof ScreenerState>;

export const ScreenerToggle = z.object({ enabled: z.boolean() }).strict();

/** `POST /screener/decisions` — `answer: null` takes an answer back (undo: they wait again). */
export const ScreenerDecisionRequest = z
  .object({
    accountId: z.string().trim().min(1).max(200),
    sender: z.string().trim().toLowerCase().min(3).max(320).includes("@", { message: "a sender address" }),
    answer: ScreenerAnswer.nullable(),
  })
  .strict();
export type ScreenerDecisionRequest = z.infer<typeof ScreenerDecisionRequest>;
