import type { WorkspaceObservation, WorkspaceRecord } from "./types.ts";

export type MergeOutcome =
  | { status: "created" | "updated" | "unchanged"; record: WorkspaceRecord }
  | { status: "rejected"; reason: "kind_change"; record: WorkspaceRecord };

const MAX_TAGS = 32;

/** Later name wins; equal times break by the larger string so every order agrees. */
function newerName(a: [string | null, number | null], b: [string, number]): boolean {
  if (a[0] === null || a[1] === null) return true;
  return b[1] > a[1] || (b[1] === a[1] && b[0] > a[0]);
}

/**
 * Merges one sighting into a directory entry. Commutative, associative and idempotent, so devices
 * and the cloud converge however events are ordered or repeated: display name last-writer-wins
 * by dispatch time, member count never goes down, archived follows the latest sighting, tags
 * accumulate, first/last seen widen. A different kind is rejected and changes nothing.
 * @example mergeWorkspace(undefined, { workspaceKey: "slack://channel/C1", kind: "channel", metadata: {}, seenAt: 1 })
 */
export function mergeWorkspace(
  existing: WorkspaceRecord | undefined,
  obs: WorkspaceObservation,
): MergeOutcome {
  const name = obs.displayName?.trim() ? obs.displayName.trim().slice(0, 200) : undefined;
  if (!existing) {
    return {
      status: "created",
      record: {
        workspaceKey: obs.workspaceKey,
        kind: obs.kind,
        displayName: name ?? null,
        displayNameAt: name ? obs.seenAt : null,
        memberCount: obs.metadata.memberCount ?? null,
        archived: obs.metadata.archived ?? false,
        archivedAt: obs.metadata.archived === undefined ? null : obs.seenAt,
        tags: [...new Set(obs.tags ?? [])].sort().slice(0, MAX_TAGS),
        firstSeenAt: obs.seenAt,
        lastSeenAt: obs.seenAt,
      },
    };
  }
  if (existing.kind !== obs.kind) return { status: "rejected", reason: "kind_change", record: existing };
  const next: WorkspaceRecord = { ...existing };
  if (name !== undefined && newerName([existing.displayName, existing.displayNameAt], [name, obs.seenAt])) {
    next.displayName = name;
    next.displayNameAt = obs.seenAt;
  }
  if (obs.metadata.memberCount !== undefined) {
    next.memberCount = Math.max(existing.memberCount ?? 0, obs.metadata.memberCount);
  }
  if (obs.metadata.archived !== undefined) {
    const at = existing.archivedAt;
    // Ties: archived wins, so the outcome does not depend on arrival order.
    if (at === null || obs.seenAt > at || (obs.seenAt === at && obs.metadata.archived)) {
      next.archived = obs.metadata.archived;
      next.archivedAt = obs.seenAt;
    }
  }
  if (obs.tags?.length) next.tags = [...new Set([...existing.tags, ...obs.tags])].sort().slice(0, MAX_TAGS);
  next.firstSeenAt = Math.min(existing.firstSeenAt, obs.seenAt);
  next.lastSeenAt = Math.max(existing.lastSeenAt, obs.seenAt);
  const changed = JSON.stringify(next) !== JSON.stringify(existing);
  return { status: changed ? "updated" : "unchanged", record: next };
}
