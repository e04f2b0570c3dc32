import type { MergeOutcome } from "./merge.ts";
import { mergeWorkspace } from "./merge.ts";
import type { WorkspaceObservation, WorkspaceRecord } from "./types.ts";

/**
 * Where a space's directory lives. `upsert` must apply `mergeWorkspace` atomically (the D1 repo
 * does it in one INSERT … ON CONFLICT statement; the memory store in one synchronous step).
 */
export interface WorkspaceStore {
  upsert(spaceId: string, obs: WorkspaceObservation): Promise<MergeOutcome>;
}

/**
 * A store in memory: for devices, tests and the property test's reference.
 * @example const store = createMemoryWorkspaceStore(); await store.upsert("space-1", obs);
 */
export function createMemoryWorkspaceStore() {
  const spaces = new Map<string, Map<string, WorkspaceRecord>>();
  return {
    async upsert(spaceId: string, obs: WorkspaceObservation): Promise<MergeOutcome> {
      const dir = spaces.get(spaceId) ?? new Map<string, WorkspaceRecord>();
      spaces.set(spaceId, dir);
      const outcome = mergeWorkspace(dir.get(obs.workspaceKey), obs);
      if (outcome.status !== "rejected") dir.set(obs.workspaceKey, outcome.record);
      return outcome;
    },
    list(spaceId: string): WorkspaceRecord[] {
      return [...(spaces.get(spaceId)?.values() ?? [])].sort((a, b) =>
        a.workspaceKey.localeCompare(b.workspaceKey),
      );
    },
  } satisfies WorkspaceStore & { list(spaceId: string): WorkspaceRecord[] };
}
