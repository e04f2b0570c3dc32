import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { PinnedGet } from "@scouts/core/assistant/remote-image";
import { CoreError } from "@scouts/core/errors";

/**
 * The agent's image GET: node:http(s) with a `lookup` that answers only the checked address, so
 * the socket goes there whatever DNS says by then; TLS still verifies the URL's host name. No
 * pooled agent, no cookies, no Referer, redirects returned (not followed), reading stops past
 * `maxBytes`, and the whole exchange is cut at `timeoutMs`.
 *
 * @example const get = createPinnedGet(); await get({ url, address: "93.184.216.34", maxBytes, timeoutMs })
 */
export function createPinnedGet(): PinnedGet {
  return ({ url, address, maxBytes, timeoutMs }) =>
    new Promise((resolve, reject) => {
      const family = isIP(address);
      const target = new URL(url);
      if (!family || (target.protocol !== "http:" && target.protocol !== "https:")) {
        reject(new CoreError("forbidden", `refusing to connect to ${address}`));
        return;
      }
      const lookup: LookupFunction = (_host, options, callback) => {
        if (options.all)
          (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
            { address, family },
          ]);
        else callback(null, address, family);
      };
      const host = target.hostname.replace(/^\[|\]$/g, "");
      const req = (target.protocol === "https:" ? httpsRequest : httpRequest)(
        {
          protocol: target.protocol,
          hostname: host,
          port: target.port || (target.protocol === "https:" ? 443 : 80),
          path: `${target.pathname}${target.search}`,
          method: "GET",
          headers: {
            accept: "image/avif,image/webp,image/png,image/jpeg,image/gif",
            "user-agent": "Mozilla/5.0",
          },
          ...(target.protocol === "https:" && !isIP(host) ? { servername: host } : {}),
          lookup,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const declared = Number(res.headers["content-length"]);
          const finish = (tooLarge: boolean) => {
            clearTimeout(timer);
            const location = res.headers.location;
            resolve({
              status: res.statusCode ?? 0,
              location: typeof location === "string" ? location : null,
              contentType: res.headers["content-type"] ?? null,
              body: new Uint8Array(Buffer.concat(chunks)),
              tooLarge,
            });
          };
          if (Number.isFinite(declared) && declared > maxBytes) {
            res.destroy();
            finish(true);
            return;
          }
          res.on("data", (c: Buffer) => {
            size += c.length;
            if (size > maxBytes) {
              res.destroy();
              finish(true);
              return;
            }
            chunks.push(c);
          });
          res.on("end", () => finish(false));
          res.on("error", (e) => req.destroy(e));
        },
      );
      const timer = setTimeout(
        () => req.destroy(new CoreError("timeout", `${host} did not answer in time`)),
        timeoutMs,
      );
      req.on("error", (e) => {
        clearTimeout(timer);
        reject(
          e instanceof CoreError
            ? e
            : new CoreError("upstream_unavailable", `the image server ${host} could not be reached`, {
                cause: e,
              }),
        );
      });
      req.end();
    });
}
