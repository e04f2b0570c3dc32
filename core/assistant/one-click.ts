import { CoreError } from "../errors.ts";
import type { FetchLike } from "../ports.ts";
import { isForbiddenAddress, isForbiddenHostName } from "./address-check.ts";

/** Resolves a host name to its addresses (the agent passes node:dns; literal IPs resolve to themselves). */
export type ResolveHost = (host: string) => Promise<string[]>;

/**
 * Sends the RFC 8058 one-click POST after checking every resolved address: body
 * `List-Unsubscribe=One-Click`, no cookies, no auth, redirects not followed.
 *
 * @example await sendOneClick({ ctx: { fetch, resolve }, input: { url: "https://lists.example/u/abc" } })
 */
export async function sendOneClick(args: {
  ctx: { fetch: FetchLike; resolve: ResolveHost };
  input: { url: string };
}): Promise<{ status: number }> {
  const url = new URL(args.input.url);
  if (url.protocol !== "https:") throw new CoreError("bad_input", "one-click unsubscribe needs an https URI");
  if (url.username || url.password)
    throw new CoreError("bad_input", "credentials in the unsubscribe URI are refused");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isForbiddenHostName(host)) throw new CoreError("forbidden", `refusing unsubscribe host ${host}`);
  const literal = /^[\d.]+$/.test(host) || host.includes(":");
  const addresses = literal ? [host] : await args.ctx.resolve(host);
  if (addresses.length === 0) throw new CoreError("upstream_unavailable", `${host} does not resolve`);
  const bad = addresses.find(isForbiddenAddress);
  if (bad)
    throw new CoreError("forbidden", `refusing unsubscribe URI: ${host} resolves to a private address`);
  const res = await args.ctx.fetch(url.toString(), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
    redirect: "manual",
    credentials: "omit",
  });
  return { status: res.status };
}
