import type { AgentCtx } from "../services/context.ts";
import { AccountError } from "./imap-client.ts";
import type { Row, Service, Watcher } from "./imap-watch.ts";

/** What the JMAP loop shares with the account watcher that runs it (`imap-watch.ts`). */
export interface JmapWatchDeps {
  ctx: AgentCtx;
  service: Service;
  /** Check timer while push works; poll interval without push. */
  timing: { checkEveryMs: number; pollMs: number };
  pushStatus: () => void;
  isPaused: (w: Watcher) => boolean;
  pause: (w: Watcher, ms: number) => Promise<void>;
  progressOf: (w: Watcher) => (p: { folder: string; done: number; total: number }) => void;
  afterPass: (w: Watcher, counts: { new: number; departed: number }) => void;
}

/**
 * A JMAP account: a pass, then wait for a push `state` event (EventSource) or, when the server
 * offers no push, for the poll timer; each pass asks `Email/changes` from the saved state. The
 * push stream ending (or falling silent, see `jmap-client.ts`) counts as a dropped connection
 * (reconnect with backoff).
 */
export async function watchJmap(d: JmapWatchDeps, w: Watcher, row: Row, connected: () => void) {
  const ac = new AbortController();
  w.abort = () => ac.abort();
  try {
    const session = await d.service.openJmapSession(row);
    Object.assign(w, { connected: true, lastError: null });
    connected();
    d.pushStatus();
    const dirty = { set: false, wake: () => {} };
    const stream = await session.events(["Email"], ac.signal, 30);
    let ended: Promise<"ended"> = new Promise(() => {});
    if (stream) {
      ended = (async () => {
        for await (const ev of stream) {
          if (ev.type !== "state") continue;
          dirty.set = true;
          dirty.wake();
        }
        return "ended" as const;
      })().catch(() => "ended" as const);
    }
    while (!w.stopped && !d.isPaused(w)) {
      w.state = "syncing";
      dirty.set = false;
      const counts = await d.service.syncJmapWith(d.ctx, w.id, session, d.progressOf(w), {
        paused: () => d.isPaused(w),
      });
      if (d.isPaused(w)) break;
      d.afterPass(w, counts);
      if (w.stopped || dirty.set) continue;
      const changed = new Promise<"changed">((resolve) => {
        dirty.wake = () => resolve("changed");
      });
      const why = await Promise.race([
        changed,
        ended,
        d.pause(w, stream ? d.timing.checkEveryMs : d.timing.pollMs),
      ]);
      dirty.wake = () => {};
      // Clears the pause's timer when push won the race: none left pending per event, or after stop.
      w.wake();
      if (why === "ended" && !w.stopped) throw new AccountError("unreachable", "the push stream closed");
    }
  } finally {
    ac.abort();
    w.abort = null;
  }
}
