import type { WorkspaceView } from "@scouts/core/workspaces/api";
import type { WorkspaceKind } from "@scouts/core/workspaces/types";
import { useEffect, useId, useState } from "react";
import { isSlackDestination, KIND_LABELS, sortForDisplay, workspaceLabel } from "./labels.ts";
import type { WorkspacesApi } from "./workspaces-api.ts";

export interface WorkspacePickerProps {
  api: Pick<WorkspacesApi, "list">;
  /** The selected workspace key (e.g. `slack://channel/C024BE91L`), or "" for none. */
  value: string;
  onChange: (workspaceKey: string) => void;
  spaceId?: string;
  label?: string;
  /** Which places may be picked; default: Slack places a message can be posted to. */
  accept?: (w: WorkspaceView) => boolean;
}

/** Groups picked places by kind, in a stable order, for the select's optgroups. */
export function groupByKind(items: WorkspaceView[]): Array<[WorkspaceKind, WorkspaceView[]]> {
  const order: WorkspaceKind[] = ["channel", "group", "dm", "list"];
  return order
    .map(
      (kind) =>
        [kind, sortForDisplay(items.filter((w) => w.kind === kind))] as [WorkspaceKind, WorkspaceView[]],
    )
    .filter(([, list]) => list.length > 0);
}

/**
 * Picks a destination from the active space's directory — used by automations (`slack_post`)
 * and Slack brief settings. Emits the workspace key; actions accept a key or a raw id.
 * @example <WorkspacePicker api={api} value={dest} onChange={setDest} label="Post to" />
 */
export function WorkspacePicker(props: WorkspacePickerProps) {
  const { api, spaceId } = props;
  const accept = props.accept ?? isSlackDestination;
  const [items, setItems] = useState<WorkspaceView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    let live = true;
    api
      .list(spaceId ? { spaceId } : {})
      .then((all) => live && setItems(all))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [api, spaceId]);
  const choices = (items ?? []).filter(accept);
  return (
    <div>
      <label htmlFor={id}>{props.label ?? "Workspace"}</label>{" "}
      <select
        id={id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        disabled={items === null}
        aria-busy={items === null}
      >
        <option value="">
          {items === null ? "Loading…" : choices.length ? "Choose…" : "No workspaces heard from yet"}
        </option>
        {groupByKind(choices).map(([kind, list]) => (
          <optgroup key={kind} label={KIND_LABELS[kind]}>
            {list.map((w) => (
              <option key={w.workspaceKey} value={w.workspaceKey}>
                {workspaceLabel(w)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
