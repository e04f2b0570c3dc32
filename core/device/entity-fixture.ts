import type { SyncedEntity } from "../protocol/frames.ts";

/**
 * A task version for tests of entity merge and sync (every field set; override what matters).
 *
 * @example syncedTask({ id: "t1", title: "Pay", updatedAt: 5, writer: "phone" })
 */
export function syncedTask(over: Partial<SyncedEntity> = {}): SyncedEntity {
  return {
    id: "e1",
    kind: "task",
    title: "Renew contract",
    body: "",
    due: null,
    done: false,
    start: null,
    end: null,
    location: null,
    projectId: null,
    sourceSuggestionId: null,
    createdAt: 100,
    updatedAt: 100,
    deleted: false,
    writer: "agent",
    ...over,
  };
}

/**
 * A project version as the agent publishes it (metadata only; override what matters).
 *
 * @example syncedProject({ id: "p1", title: "Website", project: { folderName: "site", fileCount: 3, lastScanAt: 9 } })
 */
export function syncedProject(over: Partial<SyncedEntity> = {}): SyncedEntity {
  return syncedTask({
    id: "p1",
    kind: "project",
    title: "Website",
    body: "launch in May",
    project: { folderName: "site", fileCount: 12, lastScanAt: 90 },
    ...over,
  });
}
