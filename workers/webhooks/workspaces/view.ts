import type { WorkspaceRow } from "@scouts/db/repos/workspaces";

/** A directory entry as the API shows it: name, kind and non-identifying metadata only. */
export function workspaceView(row: WorkspaceRow) {
  return {
    id: row.id,
    spaceId: row.spaceId,
    workspaceKey: row.workspaceKey,
    kind: row.kind,
    displayName: row.displayName,
    memberCount: row.memberCount,
    archived: row.archived,
    tags: JSON.parse(row.tags) as string[],
    firstSeenAt: row.firstSeenAt,
    lastSeenAt: row.lastSeenAt,
  };
}

export type WorkspaceView = ReturnType<typeof workspaceView>;
