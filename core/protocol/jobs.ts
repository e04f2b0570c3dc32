import { z } from "zod";
import { MessageRef } from "../connectors/source-connector.ts";

/**
 * Queue messages. Ids only — never a subject, snippet or body (a test scans every payload).
 */
export const SyncJob = z.object({
  kind: z.literal("sync"),
  scoutId: z.string().min(1),
  /** The historyId from a push notification, as a decimal string (uint64). */
  historyId: z
    .string()
    .regex(/^[1-9]\d{0,19}$/)
    .optional(),
  /** `continue`: a listing that stopped at its invocation's budget goes on from the stored cursor. */
  trigger: z.enum(["push", "poll", "slack_event", "demo", "continue"]),
  /** Slack events name the item directly. */
  ref: MessageRef.optional(),
  /** A redo of an owed item (core/pipeline/owed.ts): success settles it. */
  redo: z.literal(true).optional(),
});
export type SyncJob = z.infer<typeof SyncJob>;

export const TriageJob = z.object({
  kind: z.literal("triage"),
  scoutId: z.string().min(1),
  ref: MessageRef,
  redo: z.literal(true).optional(),
});
export type TriageJob = z.infer<typeof TriageJob>;

/** Renews one Gmail scout's watch (the nightly cron fans these out through the queue). */
export const RenewJob = z.object({
  kind: z.literal("renew"),
  scoutId: z.string().min(1),
});
export type RenewJob = z.infer<typeof RenewJob>;

export const ScoutJob = z.discriminatedUnion("kind", [SyncJob, TriageJob, RenewJob]);
export type ScoutJob = z.infer<typeof ScoutJob>;
