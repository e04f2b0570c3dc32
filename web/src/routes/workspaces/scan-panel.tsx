import type { ScanSession } from "@scouts/core/workspaces/api";
import { useState } from "react";
import { KIND_LABELS, sortForDisplay, workspaceLabel } from "./labels.ts";
import type { WorkspacesApi } from "./workspaces-api.ts";

/**
 * The explicit onboarding scan: lists what one scout's account can see, in a session only this
 * picker reads; the person ticks what to keep; everything else is forgotten.
 */
export function ScanPanel(props: {
  api: WorkspacesApi;
  spaceId: string;
  scouts: Array<{ id: string; label: string }>;
  onKept: () => void;
}) {
  const { api } = props;
  const [scoutId, setScoutId] = useState(props.scouts[0]?.id ?? "");
  const [session, setSession] = useState<ScanSession | null>(null);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    fn()
      .catch((e: Error) => setError(e.message))
      .finally(() => setBusy(false));
  };
  if (!props.scouts.length) return <p>Connect Slack or Gmail to scan for workspaces.</p>;
  return (
    <section aria-label="Scan for workspaces">
      {!session && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            run(async () => {
              const s = await api.startScan(scoutId, props.spaceId);
              setSession(s);
              setPicked(new Set());
            });
          }}
        >
          <div className="field">
            <label htmlFor="workspace-scan-account">Scan</label>
            <select id="workspace-scan-account" value={scoutId} onChange={(e) => setScoutId(e.target.value)}>
              {props.scouts.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" disabled={busy}>
            {busy ? "Scanning…" : "Scan now"}
          </button>
        </form>
      )}
      {session && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            run(async () => {
              if (picked.size) await api.acceptScan(session.sessionId, [...picked]);
              else await api.cancelScan(session.sessionId);
              setSession(null);
              props.onKept();
            });
          }}
        >
          <fieldset>
            <legend>
              Found {session.items.length} places — keep the ones you want (this list is forgotten in 15
              minutes)
            </legend>
            {sortForDisplay(session.items).map((item) => (
              <label key={item.workspaceKey} style={{ display: "block" }}>
                <input
                  type="checkbox"
                  checked={picked.has(item.workspaceKey)}
                  onChange={(e) => {
                    const next = new Set(picked);
                    if (e.target.checked) next.add(item.workspaceKey);
                    else next.delete(item.workspaceKey);
                    setPicked(next);
                  }}
                />{" "}
                {workspaceLabel(item)} <small>({KIND_LABELS[item.kind]})</small>
              </label>
            ))}
          </fieldset>
          <button type="submit" disabled={busy}>
            {picked.size ? `Keep ${picked.size}` : "Keep none"}
          </button>
        </form>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
