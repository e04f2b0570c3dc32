import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isForbiddenAddress } from "@scouts/core/assistant/address-check";
import type { PinnedPost } from "@scouts/core/assistant/one-click";
import { CoreError } from "@scouts/core/errors";

/**
 * The agent's one-click sender: node:https with a `lookup` that answers only the address the
 * checks passed, so the socket connects there whatever DNS says by then (no rebinding window).
 * TLS still verifies the certificate for the URL's host name (SNI = host). No agent (no pooled
 * socket reused for another host), no cookies, no redirects followed, a timeout.
 *
 * @example const post = createPinnedPost(); await post({ url, address: "93.184.216.34", headers, body })
 */
export function createPinnedPost(
  opts: { request?: typeof httpsRequest; timeoutMs?: number } = {},
): PinnedPost {
  const request = opts.request ?? httpsRequest;
  return ({ url, address, headers, body }) =>
    new Promise((resolve, reject) => {
      const family = isIP(address);
      if (!family || isForbiddenAddress(address)) {
        reject(new CoreError("forbidden", `refusing to connect to ${address}`));
        return;
      }
      const target = new URL(url);
      const lookup: LookupFunction = (_host, options, callback) => {
        if (options.all)
          (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
            { address, family },
          ]);
        else callback(null, address, family);
      };
      const req = request(
        {
          protocol: "https:",
          hostname: target.hostname.replace(/^\[|\]$/g, ""),
          port: target.port || 443,
          path: `${target.pathname}${target.search}`,
          method: "POST",
          headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
          ...(isIP(target.hostname) ? {} : { servername: target.hostname }),
          lookup,
          agent: false,
          timeout: opts.timeoutMs ?? 15_000,
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
          res.on("error", reject);
        },
      );
      req.on("timeout", () => req.destroy(new Error(`no answer from ${address} in time`)));
      req.on("error", (e) =>
        reject(
          new CoreError("upstream_unavailable", `the list server at ${address} could not be reached`, {
            cause: e,
          }),
        ),
      );
      req.end(body);
    });
}
