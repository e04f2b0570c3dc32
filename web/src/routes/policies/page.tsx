import { cohorts, defaultPolicies, previewLevel } from "@scouts/core/assistant/policies";
import type { Cohort, Policies } from "@scouts/core/protocol/local-api";
import { useEffect, useState } from "react";
import { useConnection } from "../../app/connection.tsx";
import { ErrorState } from "../../app/states.tsx";
import { useAsync } from "../../lib/use-async.ts";

const cohortName = (c: string) => (c === "vips" ? "VIPs" : c.replace("_", " "));

const MODE_TEXT: Record<string, string> = {
  silent: "never",
  query: "only when asked",
  suggest: "suggests",
  batch_suggest: "suggests in batches",
  act: "does it (undoable)",
  ask: "always asks you",
  blocked: "off",
};

/** Cohorts × autonomy levels L0–L5, with a live preview computed by core's autonomy gate. */
export function PoliciesPage() {
  const { source } = useConnection();
  const { state, reload } = useAsync(async () => (source ? source.policies() : defaultPolicies), [source]);
  const [levels, setLevels] = useState<Policies["levels"] | null>(null);
  const [focus, setFocus] = useState<Cohort>("newsletters");
  const [notice, setNotice] = useState("");
  useEffect(() => {
    if (state.status === "ready") setLevels(state.data.levels);
  }, [state]);
  const current = levels ?? defaultPolicies.levels;
  const preview = previewLevel(current[focus] ?? 2);
  return (
    <section aria-labelledby="pol-title">
      <h1 id="pol-title">Policies</h1>
      <p className="lead">
        How much the assistant may do for each kind of sender. Irreversible actions always ask; low confidence
        drops one level.
      </p>
      {state.status === "error" && <ErrorState error={state.error} retry={reload} />}
      <div className="policies">
        <table>
          <caption className="sr-only">Autonomy level per cohort</caption>
          <thead>
            <tr>
              <th scope="col">Cohort</th>
              <th scope="col">Level</th>
            </tr>
          </thead>
          <tbody>
            {cohorts.map((c) => (
              <tr key={c} className={c === focus ? "focused" : ""}>
                <th scope="row">{cohortName(c)}</th>
                <td>
                  <select
                    aria-label={`Level for ${cohortName(c)}`}
                    value={current[c] ?? 2}
                    onFocus={() => setFocus(c)}
                    onChange={(e) => {
                      setFocus(c);
                      setLevels({ ...current, [c]: Number(e.target.value) });
                    }}
                  >
                    {[0, 1, 2, 3, 4, 5].map((l) => (
                      <option key={l} value={l}>
                        {previewLevel(l).name}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <aside className="preview" aria-live="polite" aria-labelledby="preview-title">
          <h2 id="preview-title">
            {cohortName(focus)}: {preview.name}
          </h2>
          <p>{preview.summary}</p>
          <ul>
            {preview.allows.map((a) => (
              <li key={a.action} className={`mode-${a.mode}`}>
                <span>{a.action.replace("_", " ")}</span> <strong>{MODE_TEXT[a.mode] ?? a.mode}</strong>
              </li>
            ))}
          </ul>
        </aside>
      </div>
      <button
        type="button"
        className="primary"
        disabled={!source || !levels}
        onClick={async () => {
          if (!source || !levels) return;
          try {
            await source.putPolicies({ levels });
            setNotice("Policies saved.");
          } catch (e) {
            setNotice(`Not saved: ${(e as Error).message}`);
          }
        }}
      >
        Save policies
      </button>
      <p className="notice" role="status">
        {source ? notice : "Offline: showing defaults; saving needs your agent or device."}
      </p>
    </section>
  );
}
