import type { MailAccountHealth } from "@scouts/core/protocol/local-api";
import type { ImapFlow } from "imapflow";
import type { mailAccounts } from "../db/schema/accounts.ts";
import type { AgentCtx } from "../services/context.ts";
import { getStatus } from "../services/control.ts";
import { receiveNotice } from "../services/notices.ts";
import type { mailAccountService } from "./accounts.ts";
import { AccountError } from "./imap-client.ts";
import {
  enableNotify,
  type FolderStatus,
  statusIsKnown,
  statusShowsExpunge,
  watchedFolder,
} from "./imap-notify.ts";
import { guardImapSession, IMAP_WATCH_COMMAND_TIMEOUT_MS, openWithin } from "./imap-session-guard.ts";
import { watchJmap } from "./jmap-watch.ts";

export type Row = typeof mailAccounts.$inferSelect;
export type Service = Pick<
  ReturnType<typeof mailAccountService>,
  "rows" | "openSession" | "syncWith" | "recordError" | "openJmapSession" | "syncJmapWith" | "setSyncPaused"
>;

export interface MailWatchOptions {
  /** First reconnect delay; it doubles after each failure up to `maxBackoffMs`, times a 0.5–1.5 jitter. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** While IDLE holds INBOX: how often the other folders are checked (and IDLE renewed). */
  checkEveryMs?: number;
  /** JMAP without push (no EventSource, as Debian's Cyrus): how often `Email/changes` is asked. */
  pollMs?: number;
  random?: () => number;
  /** Messages fetched per batch of an IMAP pass (50); a pause takes effect between batches. */
  batchSize?: number;
  /**
   * How long the server may leave one of the session's commands unanswered (30 s) before the
   * connection is dropped and reopened with backoff; also bounds logging in.
   */
  commandTimeoutMs?: number;
}

/** Where a sync pass is (a first sync of a large mailbox takes a while), and whether it is paused. */
export interface SyncProgress {
  folder: string;
  done: number;
  total: number;
  paused: boolean;
}

/** Errors that retrying cannot fix: the person must log in again (or trust a new certificate). */
const needsPerson = (e: AccountError) => e.code === "auth_failed" || e.code === "certificate_changed";

/** The delay before reconnect attempt `failures` (0-based): exponential, capped, jittered. */
export function backoffDelay(
  failures: number,
  o: Required<Pick<MailWatchOptions, "backoffMs" | "maxBackoffMs">>,
  random: () => number,
) {
  const base = Math.min(o.maxBackoffMs, o.backoffMs * 2 ** Math.min(failures, 30));
  return Math.round(base * (0.5 + random()));
}

/** What woke the IMAP watcher, so the next pass reads what changed. */
interface Dirty {
  set: boolean;
  /** A change in the selected folder, or one seen on re-selecting INBOX: every folder is read. */
  all: boolean;
  /** Folders an unsolicited STATUS (NOTIFY) reported changed. */
  folders: Set<string>;
  /** Something may have left a folder: the pass compares UID lists and read state. */
  expunged: boolean;
  wake: () => void;
  /** INBOX as the session last saw it selected (UIDNEXT at select, messages now). */
  inbox: { uidNext: number; exists: number } | null;
}

export interface Watcher {
  id: string;
  label: string;
  kind: Row["kind"];
  state: MailAccountHealth["state"];
  connected: boolean;
  owed: number;
  lastChangeAt: number | null;
  lastSyncAt: number | null;
  lastError: string | null;
  stopped: boolean;
  /** The pass in flight: folder, done, total; null between passes. */
  progress: { folder: string; done: number; total: number } | null;
  /**
   * IMAP: where a paused pass stopped. The resumed pass starts after it (the saved cursor), so its
   * counts for that folder are shown added to these: "1,200 of 10,000" goes on, not "0 of 8,800".
   */
  resumedFrom: { folder: string; done: number } | null;
  client: ImapFlow | null;
  /** Ends a JMAP session's requests and push stream (stop). */
  abort: (() => void) | null;
  wake: () => void;
  done: Promise<void>;
}

/**
 * Watches every enabled IMAP account while the agent runs: a sync pass, then IDLE on INBOX until
 * the server reports new or expunged mail (the other watched folders are checked every
 * `checkEveryMs`); a dropped connection reconnects with exponential backoff and jitter; a refused
 * login or a changed certificate becomes a `needs_reauth` notice and that account stops retrying.
 * Where the server offers NOTIFY (RFC 5465), new or expunged mail in the other watched folders is
 * reported too, and only that folder is read at once; without it they wait for the check timer.
 * A command the server leaves unanswered for `commandTimeoutMs` drops the connection (reconnect).
 */
export function startMailWatch(ctx: AgentCtx, service: Service, opts: MailWatchOptions = {}) {
  const o = {
    backoffMs: opts.backoffMs ?? 2_000,
    maxBackoffMs: opts.maxBackoffMs ?? 5 * 60_000,
    checkEveryMs: opts.checkEveryMs ?? 5 * 60_000,
    pollMs: opts.pollMs ?? 30_000,
    commandTimeoutMs: opts.commandTimeoutMs ?? IMAP_WATCH_COMMAND_TIMEOUT_MS,
  };
  const random = opts.random ?? Math.random;
  const watchers = new Map<string, Watcher>();
  /** Accounts whose syncing the person paused (kept across a kill switch, and in the store across a restart). */
  const pausedIds = new Set<string>();
  const isPaused = (w: Watcher) => pausedIds.has(w.id);
  /** Set while the kill switch is on: no watcher runs, no connection is open. */
  let killed = false;
  const now = () => ctx.clock.now();
  const statusChanged = async () => ctx.bus.emit({ type: "status.changed", status: await getStatus(ctx) });
  const pushStatus = () => void statusChanged().catch(() => {});

  /** Resolves after `ms`, or at once when the watcher is woken (stop). */
  const pause = (w: Watcher, ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      w.wake = () => {
        clearTimeout(t);
        resolve();
      };
    });

  /**
   * IDLE on INBOX until something changes there, the connection closes, the check timer fires or
   * stop. `dirty` is set by the session's exists/expunge events at any time, also during the sync
   * pass before: a change that came in between is not left waiting for the timer.
   */
  async function waitForChange(
    w: Watcher,
    client: ImapFlow,
    closed: Promise<void>,
    dirty: Dirty,
    within: <T>(step: Promise<T>) => Promise<T>,
  ) {
    // Re-selecting costs time that grows with the mailbox (~0.6 s for 10,000 on Dovecot): only
    // when the pass left another folder selected.
    const mb = client.mailbox;
    const selected = mb ? mb.path === "INBOX" && mb.readOnly === true : false;
    if (!selected) {
      // Mail that came while the pass was in another folder raises no event: the re-select shows it.
      const seen = dirty.inbox;
      const inbox = await client.mailboxOpen("INBOX", { readOnly: true });
      if (seen && inbox.uidNext > seen.uidNext) Object.assign(dirty, { set: true, all: true });
      if (seen && inbox.exists < seen.exists) Object.assign(dirty, { set: true, all: true, expunged: true });
    }
    if (dirty.set) return;
    const changed = new Promise<void>((resolve) => {
      dirty.wake = resolve;
    });
    // A server without IDLE answers false at once: then the check timer alone paces the loop. A pass
    // that sent no command left the last IDLE running; idle() then returns at once, which is not a
    // change (taking it for one looped passes back to back: 100 % CPU and growing memory).
    const idle = client.idling
      ? new Promise<void>(() => {})
      : client.idle().then((r) => (r === false ? new Promise<void>(() => {}) : undefined));
    try {
      await Promise.race([changed, closed, idle.catch(() => {}), pause(w, o.checkEveryMs)]);
    } finally {
      dirty.wake = () => {};
      w.wake();
    }
    // A change or the timer won the race while IDLE still runs. The pass breaks it only when it
    // sends a command, and a pass over an empty INBOX sends none: the next `idle()` then returns at
    // once (imapflow: already idling), and the loop spun on microtasks alone, starving the agent's
    // event loop (HTTP, timers, every IMAP socket) — the undo that never answered (issue 18).
    // Bounded as a whole: ending an IDLE the server never acknowledged waits for its "+" before the
    // NOOP is even sent, so the per-command deadline alone would not see it.
    if (client.idling && client.usable) await within(client.noop());
  }

  /** Bookkeeping after a pass: health, and a log line (ids and counts only) when mail changed. */
  function afterPass(w: Watcher, counts: { new: number; departed: number }) {
    w.owed = 0;
    w.progress = null;
    w.resumedFrom = null;
    w.lastSyncAt = now();
    if (counts.new > 0 || counts.departed > 0) {
      w.lastChangeAt = now();
      ctx.logger.log("info", "mail.synced", { accountId: w.id, new: counts.new, departed: counts.departed });
    }
    w.state = "watching";
    pushStatus();
  }

  /** The pass's progress callback: what is left (health `owed`) and where it is (the Accounts screen). */
  const progressOf = (w: Watcher) => (p: { folder: string; done: number; total: number }) => {
    w.owed = p.total - p.done;
    const base = w.resumedFrom?.folder === p.folder ? w.resumedFrom.done : 0;
    w.progress = { folder: p.folder, done: base + p.done, total: base + p.total };
  };

  /** Resolves when the person resumes this account's sync, or on stop. */
  const untilResumed = (w: Watcher) =>
    new Promise<void>((resolve) => {
      w.wake = resolve;
      if (!isPaused(w) || w.stopped) resolve();
    });

  async function run(w: Watcher) {
    let failures = 0;
    while (!w.stopped) {
      let client: ImapFlow | null = null;
      let guard: ReturnType<typeof guardImapSession> | null = null;
      if (isPaused(w)) {
        // Paused: no connection is held; the next pass starts from the cursor the paused one saved.
        Object.assign(w, { connected: false, state: "syncing" });
        pushStatus();
        await untilResumed(w);
        continue;
      }
      try {
        const row = (await service.rows()).find((r) => r.id === w.id);
        if (!row?.enabled) {
          w.state = row ? "disabled" : "stopped";
          return;
        }
        if (row.kind === "jmap") {
          const deps = { ctx, service, timing: o, pushStatus, isPaused, pause, progressOf, afterPass };
          await watchJmap(deps, w, row, () => {
            failures = 0;
          });
          if (!w.stopped && !isPaused(w))
            throw new AccountError("unreachable", "the server closed the connection");
          continue;
        }
        const where = `${row.server.host}:${row.server.port}`;
        client = await openWithin(service.openSession(row), { ms: o.commandTimeoutMs, where });
        w.client = client;
        const session = client;
        guard = guardImapSession(session, { ms: o.commandTimeoutMs, where });
        const closed = new Promise<void>((resolve) => session.once("close", () => resolve()));
        // `expunged`: something left INBOX, so the next pass compares UID lists (a cost that grows
        // with the mailbox); a pass for new mail alone skips that. The first pass always compares.
        const dirty: Dirty = {
          set: false,
          all: false,
          folders: new Set(),
          expunged: true,
          wake: () => {},
          inbox: null,
        };
        const onChange = (expunged: boolean) => {
          Object.assign(dirty, { set: true, all: true });
          if (expunged) dirty.expunged = true;
          dirty.wake();
        };
        /** Each watched folder as last seen selected (imapflow's live object) or in a STATUS. */
        const known = new Map<string, { exists: number; uidNext: number; uidValidity: bigint }>();
        const onFolderStatus = (folder: string, st: FolderStatus) => {
          // A server repeating itself does not start passes back to back.
          if (statusIsKnown(known.get(folder), st)) return;
          const gone = statusShowsExpunge(known.get(folder), st);
          if (st.messages !== undefined && st.uidNext !== undefined && st.uidValidity !== undefined)
            known.set(folder, { exists: st.messages, uidNext: st.uidNext, uidValidity: st.uidValidity });
          dirty.set = true;
          dirty.folders.add(folder);
          if (gone) dirty.expunged = true;
          dirty.wake();
        };
        // imapflow's own mailbox object: it keeps `exists` through EXISTS/EXPUNGE and raises
        // `uidNext` past every UID it fetches, so when the pass leaves INBOX this is INBOX as the pass
        // last saw it. (A copy taken at select went stale whenever INBOX was already selected: one
        // needless extra pass after every change.)
        session.on("mailboxOpen", (mb) => {
          if (mb.path === "INBOX") dirty.inbox = mb;
          const folder = watchedFolder(session, row.folders, mb.path);
          if (folder) known.set(folder, mb);
        });
        session.on("exists", () => onChange(false));
        session.on("expunge", () => onChange(true));
        // Read in another mail app: the full pass (with its read-state refresh) keeps the read rate true.
        session.on("flags", () => onChange(true));
        // IDLE on INBOX already covers an account that watches INBOX alone.
        const push = row.folders.some((f) => f.toUpperCase() !== "INBOX")
          ? await enableNotify(session, row.folders, onFolderStatus)
          : "inbox_only";
        ctx.logger.log("info", "mail.watch_connected", { accountId: w.id, notify: push });
        Object.assign(w, { connected: true, lastError: null });
        failures = 0;
        pushStatus();
        while (!w.stopped && session.usable && !isPaused(w)) {
          w.state = "syncing";
          const reconcile = dirty.expunged || !dirty.set;
          // Only the folders a STATUS named, unless something else woke the watcher (INBOX, the timer).
          const folders = dirty.set && !dirty.all ? [...dirty.folders] : undefined;
          Object.assign(dirty, { set: false, all: false, expunged: false });
          dirty.folders.clear();
          const counts = await service.syncWith(ctx, w.id, session, progressOf(w), {
            reconcile,
            ...(folders ? { folders } : {}),
            paused: () => isPaused(w),
            ...(opts.batchSize ? { batchSize: opts.batchSize } : {}),
          });
          if (counts.paused) {
            w.resumedFrom = w.progress && { folder: w.progress.folder, done: w.progress.done };
            break;
          }
          afterPass(w, counts);
          if (w.stopped || isPaused(w)) break;
          await waitForChange(w, session, closed, dirty, (step) => (guard ? guard.within(step) : step));
        }
        if (!w.stopped && !isPaused(w))
          throw new AccountError("unreachable", "the server closed the connection");
      } catch (e) {
        if (w.stopped) break;
        const err = await service
          .recordError(w.id, guard?.expired() ?? e)
          .catch(() => (e instanceof AccountError ? e : new AccountError("protocol", "sync failed")));
        Object.assign(w, { connected: false, lastError: err.message, owed: 0 });
        ctx.logger.log("warn", "mail.watch_failed", { accountId: w.id, code: err.code });
        if (needsPerson(err)) {
          w.state = "needs_login";
          await receiveNotice(ctx, {
            kind: "needs_reauth",
            scoutId: `${w.kind}:${w.id}`,
            provider: w.kind,
            message:
              `Mail account ${w.label}: ${err.message}. Scouts stopped reading it until you add it again (scouts-agent accounts add).`.slice(
                0,
                500,
              ),
          }).catch(() => {});
          pushStatus();
          return;
        }
        w.state = "retrying";
        pushStatus();
        await pause(w, backoffDelay(failures++, o, random));
      } finally {
        guard?.stop();
        guard = null;
        w.connected = false;
        w.client = null;
        client?.close();
      }
    }
  }

  function watch(row: Row) {
    if (row.syncPaused) pausedIds.add(row.id);
    const w: Watcher = {
      id: row.id,
      label: row.label,
      kind: row.kind,
      state: "syncing",
      connected: false,
      owed: 0,
      lastChangeAt: row.lastChangeAt,
      lastSyncAt: row.lastSyncAt,
      lastError: row.lastError,
      stopped: false,
      progress: null,
      resumedFrom: null,
      client: null,
      abort: null,
      wake: () => {},
      done: Promise.resolve(),
    };
    watchers.set(row.id, w);
    w.done = run(w).catch((e: unknown) => {
      w.state = "stopped";
      ctx.logger.log("warn", "mail.watch_crashed", {
        accountId: w.id,
        error: e instanceof Error ? e.name : "error",
      });
    });
  }

  async function stopOne(w: Watcher) {
    w.stopped = true;
    w.wake();
    w.client?.close();
    w.abort?.();
    await w.done;
    w.state = "stopped";
  }

  async function stopAll() {
    const all = [...watchers.values()];
    watchers.clear();
    await Promise.all(all.map(stopOne));
  }

  return {
    /**
     * Starts watching accounts added since (another process may have added them) and drops removed
     * ones. With the kill switch on, stops every watcher instead (their connections close); the
     * first refresh after it is off starts them again from their saved cursors.
     */
    async refresh(): Promise<void> {
      killed = (await ctx.stores.settings.control()).killed;
      if (killed) {
        if (watchers.size > 0) {
          await stopAll();
          ctx.logger.log("info", "mail.watch_killed", {});
        }
        return;
      }
      const rows = await service.rows();
      // The kill switch may have been turned on while the rows were read.
      if (killed) return;
      const ids = new Set(rows.map((r) => r.id));
      for (const [id, w] of watchers) {
        if (!ids.has(id)) {
          watchers.delete(id);
          pausedIds.delete(id);
          await stopOne(w);
        }
      }
      for (const r of rows) if (r.enabled && !watchers.has(r.id)) watch(r);
    },
    health(): MailAccountHealth[] {
      return [...watchers.values()].map((w) => ({
        id: w.id,
        label: w.label,
        kind: w.kind,
        state: w.state,
        connected: w.connected,
        lastChangeAt: w.lastChangeAt,
        lastSyncAt: w.lastSyncAt,
        owed: w.owed,
        lastError: w.lastError,
      }));
    },
    /** Each watched account's sync progress (null between passes) and whether the person paused it. */
    progress(id: string): SyncProgress | null {
      const w = watchers.get(id);
      const paused = pausedIds.has(id);
      if (w?.progress) return { ...w.progress, paused };
      return paused ? { folder: "", done: 0, total: 0, paused } : null;
    },
    /**
     * Pauses an account's syncing: a pass stops between batches, its cursor saved, the connection
     * closed. Recorded in the store first, so an agent restarted meanwhile stays paused.
     */
    async pause(id: string) {
      await service.setSyncPaused(id, true);
      pausedIds.add(id);
      const w = watchers.get(id);
      w?.wake();
      pushStatus();
    },
    /** Resumes a paused account: the next pass starts where the paused one stopped. */
    async resume(id: string) {
      await service.setSyncPaused(id, false);
      if (!pausedIds.delete(id)) return;
      watchers.get(id)?.wake();
      pushStatus();
    },
    /** Whether the kill switch stopped the watchers (as of the last refresh). */
    get killed() {
      return killed;
    },
    async stop(): Promise<void> {
      await stopAll();
    },
  };
}
export type MailWatch = ReturnType<typeof startMailWatch>;
