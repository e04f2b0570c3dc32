import { CoreError } from "../errors.ts";
import { isForbiddenAddress, isForbiddenHostName } from "./address-check.ts";
import { type ImageType, imageSize, sniffImage } from "./image-sniff.ts";
import type { ResolveHost } from "./one-click.ts";

/**
 * One GET over a connection to exactly `address` (TLS still checks the URL's host name): no
 * cookies, no Referer, no redirect followed, at most `maxBytes` read and `timeoutMs` in all.
 * The agent implements it with node:http(s) and a lookup that answers only `address`.
 */
export type PinnedGet = (input: {
  url: string;
  address: string;
  maxBytes: number;
  timeoutMs: number;
}) => Promise<{
  status: number;
  location: string | null;
  contentType: string | null;
  body: Uint8Array;
  /** The body went past `maxBytes` (reading stopped there). */
  tooLarge: boolean;
}>;

/** What the reading view gets for one remote image: bytes it turns into a `data:` URL. */
export interface FetchedImage {
  contentType: ImageType;
  body: Uint8Array;
  width: number | null;
  height: number | null;
  /** 1×1 (or smaller): almost surely there only to tell the sender the message was opened. */
  trackingPixel: boolean;
}

export const IMAGE_LIMITS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 10_000, redirects: 3 } as const;

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === "#") {
      const n = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : all;
    }
    return entities[e.toLowerCase()] ?? all;
  });
}

/**
 * The `src` of every `<img>` in a message's HTML, as a browser reads the attribute (entities
 * decoded): the only URLs the image fetch will load for that message.
 *
 * @example imageSourcesOf('<img alt=x src="https://a.example/p.png?a=1&amp;b=2">') // Set { "https://a.example/p.png?a=1&b=2" }
 */
export function imageSourcesOf(html: string): Set<string> {
  const out = new Set<string>();
  for (const tag of html.matchAll(/<img\b[^>]*>/gi)) {
    const m = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i.exec(tag[0]);
    const raw = m?.[1] ?? m?.[2] ?? m?.[3];
    if (raw) out.add(decodeEntities(raw));
  }
  return out;
}

/** `p`, or a timeout error once `ms` have passed (a DNS lookup that hangs must not hold the view). */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CoreError("timeout", what)), Math.max(0, ms));
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** Where the request may go: an allowed scheme, no credentials, every resolved address public. */
async function vet(
  url: URL,
  ctx: { resolve: ResolveHost; allowOrigin?: string | null },
  msLeft: number,
): Promise<string> {
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new CoreError(
      "bad_input",
      `only http and https images load (not ${url.protocol.replace(":", "")})`,
    );
  if (url.username || url.password)
    throw new CoreError("forbidden", "an image address with a password is refused");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = /^[\d.]+$/.test(host) || host.includes(":");
  // Tests only: one exact loopback origin (checked at start-up) stands in for a public server.
  if (ctx.allowOrigin && url.origin === ctx.allowOrigin && literal) return host;
  if (isForbiddenHostName(host)) throw new CoreError("forbidden", `${host} is a private host name`);
  let addresses: string[];
  try {
    addresses = literal ? [host] : await within(ctx.resolve(host), msLeft, `${host} did not resolve in time`);
  } catch (e) {
    if (e instanceof CoreError) throw e;
    throw new CoreError("upstream_unavailable", `${host} could not be resolved`, { cause: e });
  }
  if (addresses.length === 0) throw new CoreError("upstream_unavailable", `${host} does not resolve`);
  const inside = addresses.find(isForbiddenAddress);
  if (inside !== undefined)
    throw new CoreError(
      "forbidden",
      literal ? `${host} is a private address` : `${host} resolves to a private address (${inside})`,
    );
  return addresses[0] as string;
}

/**
 * Loads one remote image of a message for the reading view, so the page's CSP can stay
 * `img-src data: blob:`: the URL must be an `<img>` of that message; http(s) only; every address
 * it resolves to public, and the connection pinned to the checked address; at most 3 redirects,
 * each checked again; 5 MB and 10 s at most; the bytes must really be PNG, JPEG, GIF, WebP or
 * AVIF (SVG is refused: served as a `data:` URL it would be safe in an `<img>`, but nothing
 * here needs vector mail art enough to parse it). 1×1 pictures are flagged as tracking pixels.
 *
 * @example await fetchRemoteImage({ ctx: { resolve, get, now }, input: { url, messageImages } })
 */
export async function fetchRemoteImage(args: {
  ctx: { resolve: ResolveHost; get: PinnedGet; now: () => number; allowOrigin?: string | null };
  input: { url: string; messageImages: ReadonlySet<string> };
}): Promise<FetchedImage> {
  const { ctx, input } = args;
  if (input.url.length > 8192) throw new CoreError("bad_input", "the image address is too long");
  if (!input.messageImages.has(input.url))
    throw new CoreError("forbidden", "this address is not an image of this message");
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new CoreError("bad_input", "the image address does not parse");
  }
  const deadline = ctx.now() + IMAGE_LIMITS.timeoutMs;
  for (let hop = 0; ; hop++) {
    const address = await vet(url, ctx, deadline - ctx.now());
    const timeoutMs = deadline - ctx.now();
    if (timeoutMs <= 0) throw new CoreError("timeout", `${url.hostname} did not answer in time`);
    const res = await ctx.get({ url: url.toString(), address, maxBytes: IMAGE_LIMITS.maxBytes, timeoutMs });
    if ([301, 302, 303, 307, 308].includes(res.status) && res.location) {
      if (hop >= IMAGE_LIMITS.redirects)
        throw new CoreError("upstream_rejected", `more than ${IMAGE_LIMITS.redirects} redirects`);
      try {
        url = new URL(res.location, url);
      } catch {
        throw new CoreError(
          "upstream_rejected",
          "the image server redirected to an address that does not parse",
        );
      }
      continue;
    }
    if (res.status !== 200)
      throw new CoreError("upstream_rejected", `the image server answered ${res.status}`);
    if (res.tooLarge || res.body.length > IMAGE_LIMITS.maxBytes)
      throw new CoreError("payload_too_large", "the image is larger than 5 MB");
    const declared = res.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
    if (declared && !declared.startsWith("image/"))
      throw new CoreError("bad_input", `not an image (the server says ${declared.slice(0, 60)})`);
    const type = sniffImage(res.body);
    if (!type)
      throw new CoreError(
        "bad_input",
        declared === "image/svg+xml"
          ? "SVG images are not shown (only PNG, JPEG, GIF, WebP and AVIF)"
          : "the bytes are not a PNG, JPEG, GIF, WebP or AVIF picture",
      );
    const size = imageSize(res.body, type);
    return {
      contentType: type,
      body: res.body,
      width: size?.width ?? null,
      height: size?.height ?? null,
      trackingPixel: size !== null && size.width <= 1 && size.height <= 1,
    };
  }
}
