import type { QuotaGrantAnswer, QuotaGrantRequest } from "@scouts/core/connectors/http/quota-grants";
import type { ItemContent } from "@scouts/core/connectors/source-connector";
import type { Notice, ScoutProposalFrame } from "@scouts/core/protocol/frames";
import type { SyncJob } from "@scouts/core/protocol/jobs";

/** Application close code (4000–4999) telling a device it was revoked: pair again, do not reconnect. */
export const revokedCloseCode = 4003;

/**
 * What the other modules call on a user's DeviceHub. The class in `workers/device-hub`
 * implements it, so callers need not import that module (the boundary test forbids it).
 */
export interface DeviceHubRpc {
  poke(): Promise<void>;
  notice(userId: string, notice: Notice): Promise<number>;
  offer(userId: string, frames: ScoutProposalFrame[]): Promise<void>;
  /** `pushed`: the item a push carried (a Slack event's message), in memory only. */
  syncNow(userId: string, job: SyncJob, pushed?: ItemContent): Promise<void>;
  /** Closes a just-revoked device's open sockets; returns how many. */
  revokeDevice(userId: string, deviceId: string): Promise<number>;
}

/** What the Gmail limiter calls on a mailbox's QuotaGate (`workers/quota-gate` implements it). */
export interface QuotaGateRpc {
  grant(request: QuotaGrantRequest): Promise<QuotaGrantAnswer>;
}

/** `userId`'s DeviceHub stub. */
export function deviceHubFor(ns: DurableObjectNamespace, userId: string): DeviceHubRpc {
  return ns.get(ns.idFromName(userId)) as unknown as DeviceHubRpc;
}

/** The QuotaGate stub named `name`. */
export function quotaGateFor(ns: DurableObjectNamespace, name: string): QuotaGateRpc {
  return ns.get(ns.idFromName(name)) as unknown as QuotaGateRpc;
}
