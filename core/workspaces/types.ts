import { z } from "zod";

/** What kind of place a workspace is. A record's kind never changes once stored. */
export const WorkspaceKind = z.enum(["channel", "group", "dm", "list"]);
export type WorkspaceKind = z.infer<typeof WorkspaceKind>;

export const WorkspaceScheme = z.enum(["slack", "gmail"]);
export type WorkspaceScheme = z.infer<typeof WorkspaceScheme>;

/**
 * One sighting of a place, as a MentionExtractor produces it. Only a display name, a kind and
 * non-identifying metadata: never a roster, message text or per-message timestamp.
 */
export interface HarvestedWorkspace {
  workspaceKey: string;
  kind: WorkspaceKind;
  /** Absent when the event does not name the place (Slack message events carry only the id). */
  displayName?: string;
  metadata: { memberCount?: number; archived?: boolean };
}

/** A sighting stamped with its dispatch time, ready to merge. */
export interface WorkspaceObservation extends HarvestedWorkspace {
  /** Dispatch time (epoch ms), never the message's own timestamp. */
  seenAt: number;
  tags?: string[];
}

/** The directory entry for one place in one space. */
export interface WorkspaceRecord {
  workspaceKey: string;
  kind: WorkspaceKind;
  displayName: string | null;
  /** When the current display name was observed (last-writer-wins clock). */
  displayNameAt: number | null;
  memberCount: number | null;
  archived: boolean;
  archivedAt: number | null;
  tags: string[];
  firstSeenAt: number;
  lastSeenAt: number;
}

/** A pure function from one connector's event payload to the places it mentions. */
export type MentionExtractor<P = unknown> = (payload: P) => HarvestedWorkspace[];
