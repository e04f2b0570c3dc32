import type { QuotaGrantAnswer, QuotaGrantRequest } from "@scouts/core/connectors/http/quota-grants";
import type { Notice, ScoutProposalFrame } from "@scouts/core/protocol/frames";
import type { SyncJob } from "@scouts/core/protocol/jobs";

/**
 * What the other modules call on a user's DeviceHub. The class in `workers/device-hub`
 * implements it, so callers need not import that module (the boundary test forbids it).
 */
export interface DeviceHubRpc {
  poke(): Promise<void>;
  notice(userId: string, notice: Notice): Promise<number>;
  offer(userId: string, frames: ScoutProposalFrame[]): Promise<void>;
  syncNow(userId: string, job: SyncJob): Promise<void>;
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
