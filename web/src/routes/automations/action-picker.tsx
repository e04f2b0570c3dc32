import { useId } from "react";
import type { CapabilitySummary } from "./automations-api.ts";

/** The action list while it is not yet loaded: still loading, or the reason it could not be read. */
export type RegistryState = { status: "loading" } | { status: "failed"; error: string; onRetry: () => void };

/**
 * A step's "Action" dropdown. Never an empty list: while the registry loads, or after it could not
 * be read, the control is disabled and says why under it, with Try again on a failure.
 */
export function ActionPicker(props: {
  value: string;
  capabilities: CapabilitySummary[];
  registry?: RegistryState;
  onChange: (action: string) => void;
}) {
  const id = useId();
  const { registry } = props;
  const usable = !registry && props.capabilities.length > 0;
  const why =
    registry?.status === "failed"
      ? `Could not load the actions: ${registry.error}`
      : !registry && props.capabilities.length === 0
        ? "No actions are available to this account."
        : null;
  return (
    <>
      <label>
        Action
        <select
          value={usable ? props.value : ""}
          disabled={!usable}
          aria-busy={registry?.status === "loading"}
          aria-describedby={why ? `${id}-why` : undefined}
          onChange={(e) => props.onChange(e.target.value)}
        >
          {!usable && <option value="">{registry?.status === "loading" ? "Loading…" : "Unavailable"}</option>}
          {usable &&
            props.capabilities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.id}
              </option>
            ))}
        </select>
      </label>
      {why && (
        <p
          id={`${id}-why`}
          className={registry ? "field-error" : "muted"}
          role={registry ? "alert" : undefined}
        >
          {why}
          {registry?.status === "failed" && (
            <>
              {" "}
              <button type="button" onClick={registry.onRetry}>
                Try again
              </button>
            </>
          )}
        </p>
      )}
    </>
  );
}
