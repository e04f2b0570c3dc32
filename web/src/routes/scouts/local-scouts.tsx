import type { LocalScout } from "@scouts/core/protocol/local-api";
import { Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { useConnection } from "../../app/connection.tsx";
import { ErrorState } from "../../app/states.tsx";
import { ago, useAsync } from "../../lib/use-async.ts";

const NAME = { local_dir: "Watched folder", local_mail: "Local mailbox" } as const;
const STATE = {
  running: ["ok", "Running"],
  off: ["warn", "Off"],
  paused: ["warn", "Paused"],
  stopped: ["bad", "Stopped by the kill switch"],
  error: ["bad", "Failing"],
  not_configured: ["muted", "Not set up"],
} as const;

/** One line on what a local scout does now, e.g. "Running · checked just now · 3 suggestions". */
export function localScoutSummary(s: LocalScout, now = Date.now()): string {
  const parts: string[] = [STATE[s.state][1]];
  if (s.detail) parts.push(s.detail);
  if (s.state === "running" && s.lastScanAt) parts.push(`checked ${ago(s.lastScanAt, now)}`);
  parts.push(`${s.suggestions} suggestion${s.suggestions === 1 ? "" : "s"}`);
  return parts.join(" · ");
}

/** The agent's own scouts (a watched folder, a local mailbox): what each watches and its state. */
export function LocalScouts() {
  const { source } = useConnection();
  const list = source?.localScouts?.bind(source);
  const { state, reload } = useAsync(async () => (list ? list() : null), [source]);
  // Toggles, pause and kill arrive as status changes; scans show up on the next refresh.
  useEffect(() => source?.subscribe((e) => e.type === "status.changed" && reload()), [source, reload]);
  useEffect(() => {
    if (!list) return;
    const t = setInterval(reload, 15_000);
    return () => clearInterval(t);
  }, [list, reload]);
  return (
    <section aria-labelledby="local-scouts-title">
      <h2 id="local-scouts-title">Local scouts</h2>
      {!source ? (
        <p className="hint">
          A watched folder and a local mailbox show here while your Scouts agent is reachable.
        </p>
      ) : !list ? (
        <p className="hint">
          A watched folder and a local mailbox run in the Scouts agent on a computer; a browser cannot read
          files.
        </p>
      ) : (
        <>
          {state.status === "error" && <ErrorState error={state.error} retry={reload} />}
          {state.status === "loading" && !state.data && <p role="status">Loading local scouts…</p>}
          <ul className="scouts" aria-label="Local scouts">
            {state.data?.items.map((s) => (
              <li key={s.kind} className="scout" aria-label={NAME[s.kind]}>
                <h3>{NAME[s.kind]}</h3>
                {s.location && (
                  <p className="path">
                    <code>{s.location}</code>
                    {s.format && ` (${s.format === "mbox" ? "mbox" : "Maildir"})`}
                  </p>
                )}
                <p className={`health ${STATE[s.state][0]}`}>{localScoutSummary(s)}</p>
                <Link to="/settings" hash={s.state === "not_configured" ? undefined : "controls"}>
                  {s.state === "not_configured" ? "Set up in Settings" : "Controls"}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
