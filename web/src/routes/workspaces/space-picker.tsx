import type { SpaceView } from "@scouts/core/workspaces/api";
import { useId } from "react";

/**
 * The directory's "Space" picker. Never an empty dropdown: while the spaces load, when they
 * could not be read, or when there are none, the control is disabled and says why beside it.
 */
export function SpacePicker(props: {
  /** null while loading. */
  spaces: SpaceView[] | null;
  error: string | null;
  value: string;
  onChange: (spaceId: string) => void;
  onRetry: () => void;
}) {
  const id = useId();
  const { spaces, error } = props;
  const why = error
    ? `Could not load your spaces: ${error}`
    : spaces === null
      ? null
      : spaces.length === 0
        ? "No spaces yet: your Personal space is made when you sign in on the Scouts screen."
        : spaces.length === 1
          ? "Only your Personal space so far: a shared space shows here once its owner adds you."
          : null;
  const usable = !error && spaces !== null && spaces.length > 0;
  return (
    <div className="field space-picker">
      <label htmlFor={id}>Space</label>
      <select
        id={id}
        value={usable ? props.value : ""}
        onChange={(e) => props.onChange(e.target.value)}
        disabled={!usable}
        // A space name is short: a full-width select on a desktop reads as a text field.
        style={{ maxWidth: "20rem" }}
        aria-busy={spaces === null && !error}
        aria-describedby={why ? `${id}-why` : undefined}
      >
        {!usable && (
          <option value="">{error ? "Unavailable" : spaces === null ? "Loading…" : "None yet"}</option>
        )}
        {usable &&
          spaces.map((s) => (
            <option key={s.id} value={s.id}>
              {s.kind === "personal" ? "Personal" : s.name}
            </option>
          ))}
      </select>
      {why && (
        <p id={`${id}-why`} className={error ? "field-error" : "muted"} role={error ? "alert" : undefined}>
          {why}
          {error && (
            <>
              {" "}
              <button type="button" onClick={props.onRetry}>
                Try again
              </button>
            </>
          )}
        </p>
      )}
    </div>
  );
}
