import type { ImapFlow } from "imapflow";
import { AccountError } from "./imap-client.ts";

/** How long the watcher's session may owe the server's answer to a command before it is dropped. */
export const IMAP_WATCH_COMMAND_TIMEOUT_MS = 30_000;

/**
 * imapflow 2.10.2 internals read here (pinned; dist/esm/imap-flow.js): `exec`, which every command
 * goes through (IDLE too), and `_processingResponse`, true while the reader waits on this side (a
 * FETCH consumer still working on a message), when the server's silence is not the server's fault.
 */
interface ImapFlowInternals {
  exec(command: string, ...rest: unknown[]): Promise<unknown>;
  _processingResponse?: boolean;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * Puts a deadline on every command the watcher's session sends (SELECT, SEARCH, FETCH, NOTIFY,
 * NOOP; IDLE itself is exempt, it is meant to wait): when a command is outstanding and the server
 * has sent nothing for `ms`, the session is closed, which fails the pending command, and
 * `expired()` says why. A FETCH that keeps streaming is not cut short, however long it runs.
 * imapflow's own socket timeout is five minutes of silence, and a server that hangs mid-command
 * held the account that long (issue 18).
 */
export function guardImapSession(client: ImapFlow, opts: { ms: number; where: string }) {
  const c = client as unknown as ImapFlowInternals;
  const exec = c.exec;
  let pending = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let expired: AccountError | null = null;
  let lastReceived = 0;
  let quietSince = 0;
  const received = () => client.stats().received;

  const expire = () => {
    if (expired) return;
    expired = new AccountError(
      "unreachable",
      `${opts.where} did not answer within ${seconds(opts.ms)} s: the connection was dropped and is reopened`,
    );
    clearTimeout(timer);
    client.close();
  };
  const check = () => {
    timer = undefined;
    if (pending === 0 || expired) return;
    const now = Date.now();
    const r = received();
    if (r !== lastReceived || c._processingResponse) {
      lastReceived = r;
      quietSince = now;
    }
    if (now - quietSince >= opts.ms) return expire();
    timer = setTimeout(check, opts.ms - (now - quietSince));
  };

  c.exec = function guardedExec(this: unknown, command: string, ...rest: unknown[]) {
    const p = exec.call(this, command, ...rest);
    if (command.toUpperCase() === "IDLE") return p;
    if (pending++ === 0) {
      lastReceived = received();
      quietSince = Date.now();
      timer = setTimeout(check, opts.ms);
    }
    const settled = () => {
      if (--pending > 0) return;
      clearTimeout(timer);
      timer = undefined;
    };
    p.then(settled, settled);
    return p;
  };

  return {
    /** Why the session was dropped, when the deadline did it (null otherwise). */
    expired: () => expired,
    /**
     * A whole step that may wait before any command is sent (ending an IDLE the server never
     * acknowledged waits for its "+"): at most `ms`, then the session is dropped the same way.
     */
    async within<T>(step: Promise<T>): Promise<T> {
      let t: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        t = setTimeout(() => {
          expire();
          reject(expired);
        }, opts.ms);
      });
      step.catch(() => {});
      try {
        return await Promise.race([step, late]);
      } finally {
        clearTimeout(t);
      }
    },
    /** Stops watching (the session is closed or handed back). */
    stop() {
      clearTimeout(timer);
      pending = 0;
      c.exec = exec;
    },
  };
}

/**
 * Opens a session, but gives up after `ms` (a server that greets and then never answers LOGIN);
 * a session that opens after that is closed at once.
 */
export async function openWithin(
  open: Promise<ImapFlow>,
  opts: { ms: number; where: string },
): Promise<ImapFlow> {
  let t: ReturnType<typeof setTimeout> | undefined;
  let gaveUp = false;
  const late = new Promise<never>((_, reject) => {
    t = setTimeout(() => {
      gaveUp = true;
      reject(
        new AccountError(
          "unreachable",
          `${opts.where} did not finish logging in within ${seconds(opts.ms)} s: trying again later`,
        ),
      );
    }, opts.ms);
  });
  open.then(
    (client) => {
      if (gaveUp) client.close();
    },
    () => {},
  );
  try {
    return await Promise.race([open, late]);
  } finally {
    clearTimeout(t);
  }
}
