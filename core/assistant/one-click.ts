import { CoreError } from "../errors.ts";
import type { FetchLike } from "../ports.ts";
import { isForbiddenAddress, isForbiddenHostName } from "./address-check.ts";

/** Resolves a host name to its addresses (the agent passes node:dns; literal IPs resolve to themselves). */
export type ResolveHost = (host: string) => Promise<string[]>;

/**
 * Sends the one-click POST over a connection to exactly `address` (TLS still checks the URL's
 * host name). The agent implements it with node:https and a lookup that answers only `address`,
 * so what was checked is what is reached: a DNS answer that changes after the check (rebinding
 * to 127.0.0.1) is never used.
 */
export type PinnedPost = (input: {
  url: string;
  address: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<{ status: number }>;

const BODY = "List-Unsubscribe=One-Click";
const HEADERS = { "content-type": "application/x-www-form-urlencoded" };

/**
 * Checks an unsubscribe URI before anything is sent: https only, no credentials, no forbidden
 * host name, and every address it resolves to public. Returns the addresses that passed.
 *
 * @example await vetOneClickUrl({ ctx: { resolve }, input: { url } }) // { host: "lists.example", addresses: ["93.184.216.34"] }
 */
export async function vetOneClickUrl(args: {
  ctx: { resolve: ResolveHost };
  input: { url: string };
}): Promise<{ url: URL; host: string; addresses: string[] }> {
  const url = new URL(args.input.url);
  if (url.protocol !== "https:") throw new CoreError("bad_input", "one-click unsubscribe needs an https URI");
  if (url.username || url.password)
    throw new CoreError("bad_input", "credentials in the unsubscribe URI are refused");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isForbiddenHostName(host)) throw new CoreError("forbidden", `refusing unsubscribe host ${host}`);
  const literal = /^[\d.]+$/.test(host) || host.includes(":");
  const addresses = literal ? [host] : await args.ctx.resolve(host);
  if (addresses.length === 0) throw new CoreError("upstream_unavailable", `${host} does not resolve`);
  if (addresses.some(isForbiddenAddress))
    throw new CoreError("forbidden", `refusing unsubscribe URI: ${host} resolves to a private address`);
  return { url, host, addresses };
}

/**
 * Sends the RFC 8058 one-click POST after checking every resolved address: body
 * `List-Unsubscribe=One-Click`, no cookies, no auth, redirects not followed.
 *
 * With `pinnedPost` (the agent) the POST goes to the checked address and nowhere else. Without it
 * (the Worker: a Worker's fetch cannot choose the address it connects to, Cloudflare resolves the
 * name again) the check narrows what a rebind can reach but the connection is Cloudflare's; see
 * `workers/webhooks/actions/unsubscribe-service.ts` for what bounds it there.
 *
 * @example await sendOneClick({ ctx: { fetch, resolve, pinnedPost }, input: { url: "https://lists.example/u/abc" } })
 */
export async function sendOneClick(args: {
  ctx: { fetch: FetchLike; resolve: ResolveHost; pinnedPost?: PinnedPost };
  input: { url: string };
}): Promise<{ status: number }> {
  const { url, addresses } = await vetOneClickUrl(args);
  if (args.ctx.pinnedPost)
    return args.ctx.pinnedPost({ url: url.toString(), address: addresses[0]!, headers: HEADERS, body: BODY });
  const res = await args.ctx.fetch(url.toString(), {
    method: "POST",
    headers: HEADERS,
    body: BODY,
    redirect: "manual",
    credentials: "omit",
  });
  return { status: res.status };
}
