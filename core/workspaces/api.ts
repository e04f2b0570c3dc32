import { z } from "zod";
import { WorkspaceKind } from "./types.ts";

/** The cloud API's answers for spaces and the workspace directory (the PWA parses with these). */
export const SpaceView = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(["personal", "shared"]),
  ownerUserId: z.string(),
  role: z.enum(["owner", "member"]),
  createdAt: z.number(),
});
export type SpaceView = z.infer<typeof SpaceView>;

export const SpaceList = z.object({ spaces: z.array(SpaceView) });

export const WorkspaceView = z.object({
  id: z.string(),
  spaceId: z.string(),
  workspaceKey: z.string(),
  kind: WorkspaceKind,
  displayName: z.string().nullable(),
  memberCount: z.number().nullable(),
  archived: z.boolean(),
  tags: z.array(z.string()),
  firstSeenAt: z.number(),
  lastSeenAt: z.number(),
});
export type WorkspaceView = z.infer<typeof WorkspaceView>;

export const WorkspaceList = z.object({ spaceId: z.string(), workspaces: z.array(WorkspaceView) });
export const WorkspaceOne = z.object({ workspace: WorkspaceView });

export const ScanItem = z.object({
  workspaceKey: z.string(),
  kind: WorkspaceKind,
  displayName: z.string().nullable(),
  memberCount: z.number().nullable(),
  archived: z.boolean(),
});
export type ScanItem = z.infer<typeof ScanItem>;

export const ScanSession = z.object({
  sessionId: z.string(),
  spaceId: z.string(),
  expiresAt: z.number(),
  items: z.array(ScanItem),
});
export type ScanSession = z.infer<typeof ScanSession>;

export const ScanAccepted = z.object({
  spaceId: z.string(),
  kept: z.number(),
  created: z.number(),
  updated: z.number(),
  rejected: z.number(),
});

/** The part of `GET /api/v1/me` a scan needs: which provider scouts the person has. */
export const MeScouts = z.object({
  scouts: z.array(
    z.looseObject({ id: z.string(), sourceType: z.string(), accountRef: z.string().nullable().optional() }),
  ),
});
