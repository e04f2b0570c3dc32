import type { MessageRef, SourceConnector, SourceType } from "../connectors/source-connector.ts";
import type { Clock, IdGenerator, Logger } from "../ports.ts";
import type { HubToDeviceFrame, Notice, ScoutProposalFrame } from "../protocol/frames.ts";
import type { ScoutJob } from "../protocol/jobs.ts";
import type { Stage1Classifier } from "../triage/stage1-contract.ts";
import type { InvocationBudget } from "./invocation-budget.ts";
import type { ReaderLookups } from "./reader-lookup.ts";

/** What the pipeline needs to know about a scout; ids and flags only. */
export interface PipelineScout {
  id: string;
  userId: string;
  sourceType: SourceType;
  /** enabled and not paused */
  active: boolean;
  autoTrashSpam: boolean;
  needsReauth: boolean;
  cursor: string | null;
  /** The connector's state beside the cursor (`ListNewResult.state`); null when none. */
  syncState?: string | null;
  /** The watched mailbox's own address (a Gmail connection's account), when it is one. */
  mailbox?: string;
}

/** `dropped`: stage 1 said spam; the row only remembers the item (never delivered). */
export type QueueStatus = "queued" | "delivered" | "acked" | "expired" | "dropped";
export type Verdict = "relevant" | "spam" | "unparseable";

export interface QueueRow {
  id: string;
  userId: string;
  scoutId: string;
  sourceType: SourceType;
  sourceMsgRef: string;
  threadRef: string | null;
  verdict: Verdict;
  reason: string;
  confidence: number;
  status: QueueStatus;
  createdAt: number;
  expiresAt: number;
}

export type NewQueueRow = Omit<QueueRow, "status" | "sourceType"> & {
  /** Insert as `dropped` (spam, remembered for dedupe only) instead of `queued`. */
  dropped?: boolean;
};

export interface RunLogEntry {
  scoutId: string;
  kind: string;
  outcome: string;
  /** Codes and counts only. */
  detail?: string;
}

/** Scouts and their connections, seen from the pipeline. */
export interface ScoutStore {
  getScout(scoutId: string): Promise<PipelineScout | null>;
  /**
   * Stores `cursor` (and the connector's `state` with it, when given) only if it is ahead of the
   * stored one (atomic); true when it moved.
   */
  advanceCursor(scoutId: string, cursor: string, state?: string): Promise<boolean>;
  /** Stores the connector's state beside the cursor (ids and times only). */
  saveSyncState(scoutId: string, state: string): Promise<void>;
  markRun(scoutId: string, at: number): Promise<void>;
}

export interface TriageQueueStore {
  exists(scoutId: string, sourceMsgRef: string): Promise<boolean>;
  /** Inserts unless (scoutId, sourceMsgRef) exists; true when this call inserted it. */
  insert(row: NewQueueRow): Promise<boolean>;
  listForUser(userId: string, statuses: QueueStatus[], limit: number): Promise<QueueRow[]>;
  getForUser(userId: string, proposalId: string): Promise<QueueRow | null>;
  markDelivered(ids: string[], at: number): Promise<void>;
  ack(userId: string, proposalId: string, at: number): Promise<boolean>;
  /**
   * "Not spam" (`restore`: a `dropped` row becomes `queued` with a relevant verdict) or its undo
   * (`rescreen`: back to `dropped`/spam). Scoped by userId; true when this call changed the row.
   * A restored row expires at `expiresAt` (a fresh span, so an old row is not expired before delivery).
   */
  setScreened(
    userId: string,
    proposalId: string,
    op: "restore" | "rescreen",
    expiresAt: number,
  ): Promise<boolean>;
  /** The user's `dropped` rows, newest first. */
  listDropped(userId: string, limit: number): Promise<QueueRow[]>;
  expire(now: number): Promise<number>;
}

export interface LedgerEntry {
  id: string;
  userId: string;
  scoutId: string;
  action: "trash";
  targetRef: string;
  reversal: { action: "untrash"; source: SourceType; ref: MessageRef };
  actor: string;
  createdAt: number;
}

export interface LedgerStore {
  hasAction(scoutId: string, action: string, targetRef: string): Promise<boolean>;
  record(entry: LedgerEntry): Promise<void>;
}

export interface RunLogStore {
  record(entry: RunLogEntry & { id: string; createdAt: number }): Promise<void>;
}

export type ConnectorFor = (scout: PipelineScout) => Promise<SourceConnector>;

export interface JobSender {
  /** Sends up to 100 jobs in one call, delivered after `delaySeconds` when given (pacing). */
  sendBatch(jobs: ScoutJob[], opts?: { delaySeconds?: number }): Promise<void>;
}

export interface HubPoker {
  /** Tells the user's DeviceHub that new rows are queued. */
  poke(userId: string): Promise<void>;
  /**
   * Hands just-queued proposals, with the display data triage already holds, to the user's
   * DeviceHub to send now (in memory only, never stored). Rows no device took stay queued.
   */
  offer(userId: string, frames: ScoutProposalFrame[]): Promise<void>;
}

/** Domain events (AUTOMATION's bus): ids, verdicts and counts only. Best effort: never fails a job. */
export interface EventPublisher {
  publish(input: {
    type: "scout.triage.verdict" | "scout.run.finished";
    userId: string;
    subject: string;
    payload: Record<string, string | number | boolean | null>;
  }): Promise<void>;
}

export interface PipelineCtx {
  scouts: ScoutStore;
  queueRows: TriageQueueStore;
  runLogs: RunLogStore;
  connectorFor: ConnectorFor;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  events?: EventPublisher;
}

export interface SyncCtx extends PipelineCtx {
  jobs: JobSender;
  /** This invocation's D1/subrequest allowance: bounds the history pages a sync job lists. */
  budget?: InvocationBudget | undefined;
  /** When set, pages of at most `maxRefs` new items are triaged inside the sync job. */
  inline?: InlineTriage | undefined;
  /**
   * Scout rows as this process's last sync of them left them (cursor included). Only for a caller
   * that runs one history sync per scout at a time (the DeviceHub): a push then lists history from
   * the remembered cursor while the row is read, and keeps that page only if the row agrees.
   */
  lastScouts?: Map<string, PipelineScout> | undefined;
}

export interface TriageCtx extends PipelineCtx {
  ledger: LedgerStore;
  classifier: Stage1Classifier;
  hub: HubPoker;
  /** This invocation's sent-mail lookups (bounded, one per sender); absent: no lookups. */
  readerLookups?: ReaderLookups;
}

/** Triage inside the sync job for small pages: one queue hop less between push and device. */
export interface InlineTriage {
  maxRefs: number;
  ctx: TriageCtx;
  /** This invocation's D1/subrequest allowance: refs it does not admit are enqueued instead. */
  budget?: InvocationBudget | undefined;
}

/** Frames out to one or many sockets; the DeviceHub implements it. */
export type FrameSink = (frame: HubToDeviceFrame) => void;

export type { Notice };
