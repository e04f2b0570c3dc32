import type { WorkspaceView } from "@scouts/core/workspaces/api";
import type { WorkspaceKind } from "@scouts/core/workspaces/types";

export const KIND_LABELS: Record<WorkspaceKind, string> = {
  channel: "Channel",
  group: "Group DM",
  dm: "Direct message",
  list: "Mailing list",
};

/** What to call a place when it has no display name yet: its provider id, never blank. */
export function workspaceLabel(w: Pick<WorkspaceView, "displayName" | "workspaceKey">): string {
  if (w.displayName) return w.displayName;
  const id = w.workspaceKey.split("/").pop() ?? w.workspaceKey;
  return w.workspaceKey.startsWith("gmail://") ? id : `${id} (unnamed)`;
}

/** Slack places a `slack_post` step can post to (mailing lists cannot be posted to). */
export function isSlackDestination(w: Pick<WorkspaceView, "workspaceKey" | "archived">): boolean {
  return w.workspaceKey.startsWith("slack://") && !w.archived;
}

/** Sorts for people: named before unnamed, then by name, then by key. */
export function sortForDisplay<T extends Pick<WorkspaceView, "displayName" | "workspaceKey">>(
  items: T[],
): T[] {
  return [...items].sort(
    (a, b) =>
      Number(!a.displayName) - Number(!b.displayName) ||
      workspaceLabel(a).localeCompare(workspaceLabel(b)) ||
      a.workspaceKey.localeCompare(b.workspaceKey),
  );
}
