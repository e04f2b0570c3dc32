import type { UndoRequest } from "@scouts/core/protocol/local-api";
import { useState } from "react";

/** `datetime-local` text for an epoch ms, in the person's time zone. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A custom since/until window for undo: "from" required, "to" optional (now), and not before
 * "from". Errors are announced; nothing is sent until the window reads right.
 */
export function UndoRange(props: { onUndo: (r: UndoRequest, label: string) => void }) {
  const [since, setSince] = useState("");
  const [until, setUntil] = useState("");
  const [error, setError] = useState("");
  return (
    <form
      className="undo-range"
      aria-labelledby="range-title"
      onSubmit={(e) => {
        e.preventDefault();
        const from = since ? new Date(since).getTime() : Number.NaN;
        const to = until ? new Date(until).getTime() : undefined;
        if (!Number.isFinite(from)) return setError("Choose when the range starts.");
        if (to !== undefined && !Number.isFinite(to)) return setError("The end of the range is not a date.");
        if (to !== undefined && to < from) return setError("The range ends before it starts.");
        setError("");
        const label = `Undo ${new Date(from).toLocaleString()} – ${to === undefined ? "now" : new Date(to).toLocaleString()}`;
        props.onUndo({ since: from, ...(to !== undefined ? { until: to } : {}) }, label);
      }}
    >
      <h2 id="range-title">Undo a custom range</h2>
      <div className="range-fields">
        <label>
          From
          <input type="datetime-local" value={since} onChange={(e) => setSince(e.target.value)} required />
        </label>
        <label>
          To <span className="muted">(empty: now)</span>
          <input type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} />
        </label>
        <button type="submit">Undo this range</button>
      </div>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
