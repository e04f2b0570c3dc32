import { matchCohort } from "../assistant/cohorts.ts";
import { correctionsOverride } from "../assistant/corrections.ts";
import {
  type Bucket,
  Cohort,
  type Correction,
  type ExtractedEntity,
  type Policies,
  type Settings,
  type SpeechAct,
  type Suggestion,
  type SuggestionSource,
} from "../protocol/local-api.ts";

/** The stage-2 fields a device keeps (the agent's runner and the browser's model worker both give these). */
export interface Stage2Fields {
  bucket: Bucket;
  speechAct: SpeechAct;
  category: string;
  priority: number;
  why: string[];
  cohortHints: string[];
  entities: ExtractedEntity[];
  confidence: number | null;
}

/**
 * Cohort, bucket and "why" for a new suggestion: cohort rules first, a stage-2 cohort hint only
 * where the rules said default, then the person's corrections for this sender win over both.
 *
 * @example decideSuggestion({ input: { from, sender, subject, knownSender, s2, corrections, settings, policies } })
 */
export function decideSuggestion(args: {
  input: {
    from: string;
    /** The sender's address as the device keys its reputation and corrections. */
    sender: string;
    subject: string;
    headers?: Record<string, string>;
    knownSender: boolean;
    s2: Stage2Fields | null;
    corrections: readonly Correction[];
    settings: Pick<Settings, "vipSenders" | "orgDomains">;
    policies: Pick<Policies, "rules">;
  };
}): { cohort: Suggestion["cohort"]; bucket: Bucket | null; why: string[]; corrected: boolean } {
  const { from, sender, subject, headers, knownSender, s2, corrections, settings, policies } = args.input;
  const matched = matchCohort({
    input: { from, subject, ...(headers ? { headers } : {}), knownSender, contentCategory: s2?.category },
    settings: { vipSenders: settings.vipSenders, orgDomains: settings.orgDomains, rules: policies.rules },
  });
  let cohort = matched.cohort;
  const hint = s2?.cohortHints.find((h) => Cohort.safeParse(h).success);
  if (cohort === "default" && hint) cohort = hint as Suggestion["cohort"];
  const why = s2 ? [...s2.why] : [];
  let bucket = s2?.bucket ?? null;
  const override = correctionsOverride(corrections);
  if (override.bucket) {
    bucket = override.bucket;
    why.unshift(`you moved mail from ${sender} to ${override.bucket.replace("_", " ")}`);
  }
  if (override.cohort) cohort = override.cohort;
  if (why.length === 0 || cohort !== "default") why.push(matched.why);
  return { cohort, bucket, why, corrected: override.bucket !== undefined || override.cohort !== undefined };
}

/**
 * What the device keeps about the envelope for search (`to:`, `is:unread`, `has:attachment`):
 * recipients, unread from Gmail's UNREAD label, the attachment flag; null where the source did
 * not say, so "unknown" never reads as "no".
 *
 * @example mailFacts({ to: "me@x.org", labels: ["INBOX", "UNREAD"] }) // { to: "me@x.org", unread: true, hasAttachment: null }
 */
export function mailFacts(m: { to?: string; cc?: string; labels?: string[]; hasAttachment?: boolean }) {
  const to = [m.to, m.cc].filter((x): x is string => !!x).join(", ");
  return {
    to: to || null,
    unread: m.labels ? m.labels.includes("UNREAD") : null,
    hasAttachment: m.hasAttachment ?? null,
  };
}

/**
 * The stored record for a proposal, new and undecided; "unprocessed" until stage 2 has run.
 *
 * @example suggestionRecord({ input: { ...ids, s2, decided, receivedAt, storedAt } })
 */
export function suggestionRecord(args: {
  input: {
    id: string;
    scoutId: string;
    source: SuggestionSource;
    sourceMsgRef: string;
    threadRef: string | null;
    from: string;
    subject: string;
    snippet: string;
    verdict: Suggestion["verdict"];
    confidence: number;
    reason: string;
    receivedAt: number;
    storedAt: number;
    s2: Stage2Fields | null;
    decided: ReturnType<typeof decideSuggestion>;
    facts?: ReturnType<typeof mailFacts>;
  };
}): Suggestion {
  const { s2, decided, facts, ...p } = args.input;
  return {
    id: p.id,
    scoutId: p.scoutId,
    source: p.source,
    sourceMsgRef: p.sourceMsgRef,
    threadRef: p.threadRef,
    from: p.from,
    subject: p.subject,
    snippet: p.snippet,
    receivedAt: p.receivedAt,
    storedAt: p.storedAt,
    status: "new",
    category: s2 ? s2.category : "unprocessed",
    bucket: decided.bucket,
    speechAct: s2?.speechAct ?? null,
    contentCategory: s2?.category ?? null,
    priority: s2?.priority ?? null,
    why: decided.why,
    cohort: decided.cohort,
    entities: s2?.entities ?? [],
    verdict: p.verdict,
    confidence: s2?.confidence ?? p.confidence,
    reason: p.reason,
    corrected: decided.corrected,
    snoozedUntil: null,
    labels: [],
    convertedTo: null,
    decidedAt: null,
    ...(facts ?? {}),
  };
}
