import { CoreError } from "../errors.ts";
import type { FetchLike } from "../ports.ts";
import type { ResolveHost } from "./one-click.ts";

/** Cloudflare's DNS-over-HTTPS JSON endpoint (RFC 8484 JSON flavour). */
export const DEFAULT_DOH_URL = "https://cloudflare-dns.com/dns-query";

/**
 * Resolves a host's A and AAAA records over DNS-over-HTTPS, for runtimes without a DNS API (the
 * Worker), so the one-click address checks see the same addresses the POST would reach.
 *
 * @example await dohResolver(fetch)("lists.example.com") // ["93.184.216.34", "2606:2800::1"]
 */
export function dohResolver(fetch: FetchLike, base = DEFAULT_DOH_URL): ResolveHost {
  return async (host) => {
    const out: string[] = [];
    for (const type of ["A", "AAAA"] as const) {
      let res: Response;
      try {
        res = await fetch(`${base}?name=${encodeURIComponent(host)}&type=${type}`, {
          headers: { accept: "application/dns-json" },
        });
      } catch (e) {
        throw new CoreError("upstream_unavailable", "DNS lookup failed", { cause: e });
      }
      if (!res.ok) throw new CoreError("upstream_unavailable", `DNS lookup answered ${res.status}`);
      const body = (await res.json()) as { Answer?: { type: number; data: string }[] };
      for (const a of body.Answer ?? []) if (a.type === 1 || a.type === 28) out.push(a.data);
    }
    return out;
  };
}
