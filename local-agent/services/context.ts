import type { PinnedPost, ResolveHost } from "@scouts/core/assistant/one-click";
import { AlertLimiter } from "@scouts/core/assistant/slack-post";
import type { ReadItemAnswer } from "@scouts/core/device/hub-link";
import type { Clock, FetchLike, IdGenerator, Logger, Sleep } from "@scouts/core/ports";
import type { ReadStateResultFrame, ScreenedResultFrame } from "@scouts/core/protocol/frames";
import type { LedgerEntry, MailAccountHealth, Suggestion } from "@scouts/core/protocol/local-api";
import type { CloudClient } from "../adapters/cloud-client.ts";
import type { EventBus } from "../adapters/event-bus.ts";
import type { Stage2 } from "../adapters/stage2.ts";
import type { AgentDb } from "../db/open.ts";
import type { ProjectBlocks } from "../folders/prompt-blocks.ts";
import type { LocalScoutRuns } from "../scouts/local-scouts.ts";
import { contactStore } from "../store/contacts.ts";
import { entityStore } from "../store/entities.ts";
import { ledgerStore } from "../store/ledger.ts";
import { noticeStore } from "../store/notices.ts";
import { outboxStore } from "../store/outbox.ts";
import { personalStore } from "../store/personal.ts";
import { senderStore } from "../store/senders.ts";
import { settingsStore } from "../store/settings.ts";
import { suggestionStore } from "../store/suggestions.ts";

/** Live link state, shown in status. */
export interface LinkState {
  connected: boolean;
  lastConnectedAt: number | null;
  lastError: string | null;
  userId: string | null;
  deviceId: string | null;
}

/** Everything the agent's services share; built once by the composition root. */
export interface AgentCtx {
  db: AgentDb;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  fetch: FetchLike;
  sleep: Sleep;
  resolve: ResolveHost;
  /** One-click unsubscribe POSTs go to the checked address only (set by the composition root). */
  pinnedPost?: PinnedPost;
  bus: EventBus;
  cloud: CloudClient;
  stage2: Stage2 | null;
  /**
   * This run of the agent (from start to stop): every write it makes carries this id, so "undo
   * this session" reverses what happened since the agent started.
   */
  sessionId: string;
  sessionStartedAt: number;
  cloudUrl: string;
  agentVersion: string;
  envLlm: { baseUrl: string; model: string; apiKey: string | null } | null;
  /** The local mailbox's receiving server: only its Authentication-Results count (unsubscribe). */
  mailAuthservId: string | null;
  link: LinkState;
  limiter: AlertLimiter;
  heldAlerts: { from: string; subject: string }[];
  stores: ReturnType<typeof makeStores>;
  /** Asks the hub for a cloud item's raw content (set by the composition root when linked). */
  readItem?: (proposalId: string) => Promise<{ raw?: string } | null>;
  /** As `readItem`, with the hub's reason when there is no item (the reading view says it). */
  readItemAnswer?: (proposalId: string) => Promise<ReadItemAnswer>;
  /** Gmail read state (`read_state` on the hub, looked up now, kept nowhere in the cloud); set when linked. */
  cloudReadState?: (proposalIds: string[]) => Promise<ReadStateResultFrame>;
  /** The Screened view's cloud side (`screened_request` on the hub); set by the composition root when linked. */
  cloudScreened?: (op: "list" | "restore" | "rescreen", proposalId?: string) => Promise<ScreenedResultFrame>;
  /** Project-folder manifest blocks (on-device summaries); set by the composition root. */
  projectBlocks?: ProjectBlocks;
  /** Set by the composition root so services can wake the outbox after a write. */
  onOutboxChanged?: () => void;
  /** The running local scouts' last ticks (set by the composition root). */
  localScouts?: { runs(): LocalScoutRuns; intervalMs: number };
  /** The watched mail accounts' health (set by the composition root when it watches them). */
  mailWatch?: { health(): MailAccountHealth[] };
  /** Actions on mail accounts' own servers (IMAP) and their reversals (set by the composition root). */
  mailActions?: {
    run(
      s: Suggestion,
      action: string,
      params: { label?: string; folder?: string },
    ): Promise<Record<string, unknown>>;
    reverse(entry: LedgerEntry): Promise<void>;
    /** A snooze's wake-up on the server (the message back in the inbox); null: it is gone. */
    wake(s: Suggestion, snooze: LedgerEntry | null): Promise<Record<string, unknown> | null>;
  };
}

export function makeStores(
  db: AgentDb,
  clock: Clock,
  ids: IdGenerator,
  writer: () => string = () => "local",
) {
  const now = () => clock.now();
  return {
    suggestions: suggestionStore(db),
    settings: settingsStore(db, now),
    ledger: ledgerStore(db),
    outbox: outboxStore(db, now),
    entities: entityStore(db, now, ids, writer),
    senders: senderStore(db),
    contacts: contactStore(db, now),
    notices: noticeStore(db),
    personal: personalStore(db, now),
  };
}

/** Builds an AgentCtx with defaults for everything not given. */
export function createAgentCtx(
  base: Pick<
    AgentCtx,
    | "db"
    | "clock"
    | "ids"
    | "logger"
    | "fetch"
    | "sleep"
    | "resolve"
    | "bus"
    | "cloud"
    | "stage2"
    | "cloudUrl"
  > &
    Partial<Pick<AgentCtx, "sessionId" | "agentVersion" | "envLlm" | "mailAuthservId">>,
): AgentCtx {
  const link: LinkState = {
    connected: false,
    lastConnectedAt: null,
    lastError: null,
    userId: null,
    deviceId: null,
  };
  return {
    ...base,
    sessionId: base.sessionId ?? base.ids(),
    sessionStartedAt: base.clock.now(),
    agentVersion: base.agentVersion ?? "0.1.0",
    envLlm: base.envLlm ?? null,
    mailAuthservId: base.mailAuthservId ?? null,
    link,
    limiter: new AlertLimiter({ clock: base.clock }),
    heldAlerts: [],
    // Versions this agent writes carry its device id (entity sync's tie-break), "local" before pairing.
    stores: makeStores(base.db, base.clock, base.ids, () => link.deviceId ?? "local"),
  };
}
