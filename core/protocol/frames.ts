import { z } from "zod";
import { SourceType } from "../connectors/source-connector.ts";

/** WebSocket frames between the DeviceHub and a device. JSON text frames, validated both ways. */

export const HelloFrame = z.object({
  type: z.literal("hello"),
  agentVersion: z.string().max(64),
  capabilities: z.array(z.string().max(64)).max(32).default([]),
});

export const Notice = z.object({
  kind: z.enum(["needs_reauth", "scout_paused", "info"]),
  scoutId: z.string().optional(),
  provider: z.string().optional(),
  message: z.string().max(500),
});
export type Notice = z.infer<typeof Notice>;

export const WelcomeFrame = z.object({
  type: z.literal("welcome"),
  userId: z.string(),
  deviceId: z.string(),
  notices: z.array(Notice),
});

export const ScoutProposalFrame = z.object({
  type: z.literal("scout_proposal"),
  proposalId: z.string(),
  scoutId: z.string(),
  source: SourceType,
  sourceMsgRef: z.string(),
  threadRef: z.string().nullable(),
  verdict: z.enum(["relevant", "spam", "unparseable"]),
  reason: z.string(),
  confidence: z.number(),
  createdAt: z.number(),
  /** Fetched transiently at delivery; absent when the provider could not be reached. */
  from: z.string().optional(),
  subject: z.string().optional(),
  snippet: z.string().optional(),
  date: z.number().optional(),
});
export type ScoutProposalFrame = z.infer<typeof ScoutProposalFrame>;

export const ScoutProposalAckFrame = z.object({
  type: z.literal("scout_proposal_ack"),
  proposalId: z.string().min(1).max(128),
});

export const ReadItemFrame = z.object({
  type: z.literal("read_item"),
  requestId: z.string().min(1).max(128),
  proposalId: z.string().min(1).max(128),
});

export const ReadItemResultFrame = z.object({
  type: z.literal("read_item_result"),
  requestId: z.string(),
  ok: z.boolean(),
  item: z
    .object({
      from: z.string(),
      subject: z.string(),
      date: z.number(),
      raw: z.string().optional(),
      text: z.string().optional(),
    })
    .optional(),
  error: z.string().optional(),
});

export const NoticeFrame = z.object({ type: z.literal("notice"), notice: Notice });

export const ErrorFrame = z.object({ type: z.literal("error"), message: z.string() });

export const DeviceToHubFrame = z.discriminatedUnion("type", [
  HelloFrame,
  ScoutProposalAckFrame,
  ReadItemFrame,
]);
export type DeviceToHubFrame = z.infer<typeof DeviceToHubFrame>;

export const HubToDeviceFrame = z.discriminatedUnion("type", [
  WelcomeFrame,
  ScoutProposalFrame,
  ReadItemResultFrame,
  NoticeFrame,
  ErrorFrame,
]);
export type HubToDeviceFrame = z.infer<typeof HubToDeviceFrame>;
