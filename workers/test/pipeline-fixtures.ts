import type { ItemMetadata, MessageRef, SourceConnector } from "@scouts/core/connectors/source-connector";
import { CoreError } from "@scouts/core/errors";
import type { JobSender } from "@scouts/core/pipeline/ports";
import type { ScoutJob } from "@scouts/core/protocol/jobs";
import type { Stage1Classifier } from "@scouts/core/triage/stage1-contract";
import type { ScoutsDb } from "@scouts/db";
import { devices, scoutConnections, scouts, scoutTriageQueue, users } from "@scouts/db/schema/index";

/** Test fixtures for the pipeline's workerd tests: each test makes its own user, scout and rows. */
export async function makeUser(db: ScoutsDb, now = Date.now()): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, email: `${id}@example.test`, createdAt: now });
  return id;
}

export async function makeScout(
  db: ScoutsDb,
  userId: string,
  opts: Partial<typeof scouts.$inferInsert> & {
    cursor?: string | null;
    needsReauth?: boolean;
    watchExpiration?: number | null;
  } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const { cursor, needsReauth, watchExpiration, ...rest } = opts;
  const sourceType = rest.sourceType ?? "gmail";
  await db.insert(scouts).values({ id, userId, kind: "cloud", sourceType, createdAt: Date.now(), ...rest });
  await db.insert(scoutConnections).values({
    id: crypto.randomUUID(),
    scoutId: id,
    userId,
    provider: sourceType === "gmail" ? "google" : sourceType,
    accountRef: `${id}@example.test`,
    historyCursor: cursor ?? null,
    needsReauth: needsReauth ?? false,
    watchExpiration: watchExpiration ?? null,
    updatedAt: Date.now(),
  });
  return id;
}

export async function makeDevice(
  db: ScoutsDb,
  userId: string,
  opts: { lastSeenAt?: number; createdAt?: number } = {},
) {
  const id = crypto.randomUUID();
  await db.insert(devices).values({
    id,
    userId,
    name: "test device",
    kind: "agent",
    tokenHash: crypto.randomUUID(),
    createdAt: opts.createdAt ?? Date.now(),
    lastSeenAt: opts.lastSeenAt ?? null,
  });
  return id;
}

export async function makeQueueRow(
  db: ScoutsDb,
  userId: string,
  scoutId: string,
  ref: string,
  opts: Partial<typeof scoutTriageQueue.$inferInsert> = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await db.insert(scoutTriageQueue).values({
    id,
    userId,
    scoutId,
    sourceMsgRef: ref,
    verdict: "relevant",
    reason: "rules:none",
    confidence: 0.9,
    status: "queued",
    createdAt: now,
    expiresAt: now + 30 * 86_400_000,
    ...opts,
  });
  return id;
}

/** Records every job sent, as the queue would carry it. */
export function recordingSender(): JobSender & { sent: ScoutJob[] } {
  const sent: ScoutJob[] = [];
  return { sent, sendBatch: async (jobs) => void sent.push(...structuredClone(jobs)) };
}

/** Spam when the raw text says "SPAMMY"; otherwise relevant. Names rules only, like stage 1. */
export const keywordClassifier: Stage1Classifier = {
  name: "test-keyword",
  classify: (item) =>
    item.kind === "email" && item.raw.includes("SPAMMY")
      ? { verdict: "spam", reason: "rules:test_spam", confidence: 0.99 }
      : { verdict: "relevant", reason: "rules:none", confidence: 0.8 },
};

export interface FakeMailbox {
  connector: SourceConnector;
  messages: Map<string, { raw: string; subject: string; from: string; snippet: string }>;
  historyId: bigint;
  calls: string[];
  trashed: string[];
  /** Fails the next calls of a method with this error (shift per call). */
  failures: Partial<Record<keyof SourceConnector, CoreError[]>>;
  add(id: string, subject: string, body?: string): void;
  down: boolean;
}

/**
 * An in-memory mailbox speaking the SourceConnector contract: a history id that grows with each
 * added message, a forward-only cursor, scripted provider failures and an "unreachable" switch.
 */
export function fakeMailbox(opts: { staleBefore?: bigint; fullSyncLimit?: number } = {}): FakeMailbox {
  const log: Array<{ history: bigint; id: string }> = [];
  const box: FakeMailbox = {
    messages: new Map(),
    historyId: 1000n,
    calls: [],
    trashed: [],
    failures: {},
    down: false,
    add(id, subject, body = `Hello, ${subject}`) {
      box.historyId += 1n;
      box.messages.set(id, {
        subject,
        from: "Alice <alice@example.test>",
        snippet: body.slice(0, 50),
        raw: `From: Alice <alice@example.test>\r\nSubject: ${subject}\r\n\r\n${body}\r\n`,
      });
      log.push({ history: box.historyId, id });
    },
    connector: undefined as unknown as SourceConnector,
  };
  const gate = (name: keyof SourceConnector) => {
    box.calls.push(name);
    if (box.down) throw new CoreError("upstream_unavailable", "fake provider down");
    const err = box.failures[name]?.shift();
    if (err) throw err;
  };
  const refOf = (id: string): MessageRef => ({ source: "gmail", id });
  box.connector = {
    source: "gmail",
    async listNew({ cursor }) {
      gate("listNew");
      const from = cursor === null ? box.historyId : BigInt(cursor);
      if (opts.staleBefore !== undefined && from < opts.staleBefore) {
        const recent = [...box.messages.keys()].slice(-(opts.fullSyncLimit ?? 50));
        return { refs: recent.map(refOf), cursor: String(box.historyId), fullResync: true };
      }
      const refs = log.filter((e) => e.history > from).map((e) => refOf(e.id));
      return { refs, cursor: String(box.historyId), fullResync: false };
    },
    async fetchMetadata(refs) {
      gate("fetchMetadata");
      return refs.flatMap((ref): ItemMetadata[] => {
        const m = box.messages.get(ref.id);
        return m
          ? [{ ref, from: m.from, subject: m.subject, snippet: m.snippet, date: 1_700_000_000_000 }]
          : [];
      });
    },
    async fetchContent(ref) {
      gate("fetchContent");
      const m = box.messages.get(ref.id);
      if (!m) throw new CoreError("not_found", "no such message");
      return { kind: "email", ref, raw: m.raw };
    },
    async archive() {},
    async unarchive() {},
    async trash(ref) {
      gate("trash");
      box.trashed.push(ref.id);
    },
    async untrash() {},
    async setupWatch() {
      gate("setupWatch");
      return { expiration: Date.now() + 7 * 86_400_000, cursor: String(box.historyId) };
    },
    async renewWatch() {
      gate("renewWatch");
      return { expiration: Date.now() + 7 * 86_400_000, cursor: String(box.historyId) };
    },
  };
  return box;
}
