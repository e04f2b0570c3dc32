/** L5 scheduled triage times (local HH:MM in the Settings time zone), added and removed in place. */
export function TriageTimes(props: {
  times: string[];
  timeZone: string;
  error: string | null;
  onChange: (times: string[]) => void;
}) {
  const { times, onChange } = props;
  return (
    <fieldset className="triage-times" aria-describedby="triage-times-help">
      <legend>Scheduled triage (L5)</legend>
      <p id="triage-times-help" className="muted">
        L5 cohorts are triaged and get template reply drafts at these times, in {props.timeZone} (set the time
        zone in Settings). A time missed by more than two hours waits for the next one.
      </p>
      <ul>
        {times.map((t, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: times may repeat while edited; the index is the row
          <li key={i}>
            <label>
              Triage time {i + 1}{" "}
              <input
                type="time"
                value={t}
                required
                onChange={(e) => onChange(times.map((x, j) => (j === i ? e.target.value : x)))}
              />
            </label>
            <button type="button" onClick={() => onChange(times.filter((_, j) => j !== i))}>
              Remove {t || `time ${i + 1}`}
            </button>
          </li>
        ))}
      </ul>
      {props.error && (
        <p className="error-text" role="alert">
          {props.error}
        </p>
      )}
      <button type="button" disabled={times.length >= 12} onClick={() => onChange([...times, "12:00"])}>
        Add a time
      </button>
    </fieldset>
  );
}
