import {
  createHubLink as createLink,
  type HubLinkOptions,
  type OpenSocket,
} from "@scouts/core/device/hub-link";

export { backoffDelay, deviceSocketUrl } from "@scouts/core/device/hub-link";

export type BrowserHubLinkOptions = Omit<HubLinkOptions, "openSocket" | "hello" | "origin"> & {
  version: string;
  /** Defaults to the global WebSocket (browsers, Node 22). */
  WebSocketImpl?: typeof WebSocket;
};

/**
 * The browser device's WebSocket to its DeviceHub: the shared device link
 * (`core/device/hub-link.ts`). Browsers cannot set headers on a WebSocket, so the token rides in
 * the subprotocol list `["scouts.v1", "bearer.<token>"]` (never the query string).
 *
 * @example const link = createHubLink({ baseUrl: "", token, version, onProposal }); link.start();
 */
export function createHubLink(opts: BrowserHubLinkOptions) {
  const { version, WebSocketImpl, ...rest } = opts;
  const WS = WebSocketImpl ?? WebSocket;
  const openSocket: OpenSocket = (url, token) => new WS(url, ["scouts.v1", `bearer.${token}`]);
  return createLink({
    ...rest,
    origin: globalThis.location?.origin,
    openSocket,
    hello: { agentVersion: version, capabilities: ["stage2", "pwa", "entity_sync"] },
  });
}
export type HubLink = ReturnType<typeof createHubLink>;
