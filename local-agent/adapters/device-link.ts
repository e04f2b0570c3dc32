import {
  createHubLink,
  type HubLinkOptions,
  type OpenSocket,
  type ReadItem,
} from "@scouts/core/device/hub-link";
import type { Logger } from "@scouts/core/ports";
import { MAIL_ACCOUNTS_CAPABILITY } from "@scouts/core/protocol/account-relay";

export { backoffDelay } from "@scouts/core/device/hub-link";
export type { ReadItem };

export type DeviceLinkOptions = Omit<HubLinkOptions, "baseUrl" | "openSocket" | "hello" | "logger"> & {
  /** Cloud base URL (http/https); the socket goes to `/api/v1/device` on it. */
  cloudUrl: string;
  agentVersion: string;
  logger: Logger;
};

/** Node's (undici) WebSocket accepts a non-standard init with headers: the token goes in `Authorization`. */
const openWithBearer: OpenSocket = (url, token) =>
  new (WebSocket as unknown as new (u: string, init: unknown) => WebSocket)(url, {
    headers: { authorization: `Bearer ${token}` },
  });

/**
 * The agent's WebSocket to its DeviceHub: the shared device link (`core/device/hub-link.ts`) with
 * a bearer header and the agent's hello.
 *
 * @example const link = createDeviceLink({ cloudUrl, token, onProposal, ... }); link.start();
 */
export function createDeviceLink(opts: DeviceLinkOptions) {
  const { cloudUrl, agentVersion, ...rest } = opts;
  return createHubLink({
    maxDelayMs: 60_000,
    ...rest,
    baseUrl: cloudUrl,
    openSocket: openWithBearer,
    hello: {
      agentVersion,
      capabilities: ["stage2", "ack_after_store", "entity_sync", MAIL_ACCOUNTS_CAPABILITY],
    },
  });
}
export type DeviceLink = ReturnType<typeof createDeviceLink>;
