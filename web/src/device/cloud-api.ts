import { type CloudClient, createCloudClient } from "@scouts/core/device/cloud-client";

/**
 * The cloud REST API as this browser device (Bearer device token, same origin in the PWA): the
 * shared device client (`core/device/cloud-client.ts`) with the page's fetch.
 *
 * @example const cloud = cloudApi({ baseUrl: "", token: () => token }); await cloud.post("/api/v1/ledger/undo", { since: 0 });
 */
export function cloudApi(opts: {
  baseUrl: string;
  token: () => string | null;
  fetch?: typeof fetch;
}): CloudApi {
  return createCloudClient({
    fetch: opts.fetch ?? ((i, init) => fetch(i, init)),
    baseUrl: opts.baseUrl,
    token: opts.token,
    notPaired: "this browser is not paired as a device yet",
  });
}
export type CloudApi = CloudClient;
