import { dohResolver } from "@scouts/core/assistant/doh-resolve";
import type { ResolveHost } from "@scouts/core/assistant/one-click";
import { readableMessage } from "@scouts/core/assistant/read-message";
import { fetchRemoteImage, imageSourcesOf, type PinnedGet } from "@scouts/core/assistant/remote-image";
import { readCappedBytes } from "@scouts/core/connectors/http/read-capped";
import { CoreError } from "@scouts/core/errors";
import type { FetchLike } from "@scouts/core/ports";
import type { RemoteImage } from "@scouts/core/protocol/remote-image";
import type { LedgerDeps } from "../../shared/ledger-service.ts";
import { fetchProposalEmail } from "./proposal-email.ts";

/**
 * The Worker's image GET: redirects returned (not followed), reading stopped past `maxBytes`, cut
 * at `timeoutMs`; a Worker's fetch sends no cookies and no Referer. It cannot pin the address
 * (Cloudflare resolves the name again): see `cloudMessageImage` for what bounds that.
 */
export function workerImageGet(fetch: FetchLike): PinnedGet {
  return async ({ url, maxBytes, timeoutMs }) => {
    let res: Response;
    try {
      res = await fetch(url, {
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: "image/avif,image/webp,image/png,image/jpeg,image/gif" },
      });
    } catch (e) {
      const late = e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError");
      throw late
        ? new CoreError("timeout", `${new URL(url).hostname} did not answer in time`)
        : new CoreError(
            "upstream_unavailable",
            `the image server ${new URL(url).hostname} could not be reached`,
          );
    }
    const head = {
      status: res.status,
      location: res.headers.get("location"),
      contentType: res.headers.get("content-type"),
    };
    const body = await readCappedBytes(res, maxBytes);
    return { ...head, body: body ?? new Uint8Array(), tooLarge: body === null };
  };
}

function base64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * One remote image of a proposal's message for a browser device (no agent): the Worker reads the
 * message from the provider now, and loads the image only if it is one of that message's
 * `<img>`, with the checks of `fetchRemoteImage` (http(s), every address public per
 * DNS-over-HTTPS, ≤3 redirects each checked again, 5 MB, 10 s, sniffed PNG/JPEG/GIF/WebP/AVIF).
 * Message, URL and bytes stay in this request's memory: nothing is stored, and errors log their
 * code only. Rebinding: as for one-click unsubscribe, the Worker cannot pin the address; its
 * subrequest leaves from Cloudflare's edge, not the person's network (`unsubscribe-service.ts`).
 *
 * @example await cloudMessageImage({ ...deps, fetch }, { userId, proposalId, url })
 */
export async function cloudMessageImage(
  deps: LedgerDeps & { fetch: FetchLike; resolve?: ResolveHost },
  input: { userId: string; proposalId: string; url: string },
): Promise<RemoteImage> {
  const { raw } = await fetchProposalEmail(
    deps,
    input.userId,
    input.proposalId,
    "only email messages have images here",
  );
  const message = await readableMessage({ input: { raw, date: deps.clock.now() } });
  const image = await fetchRemoteImage({
    ctx: {
      resolve: deps.resolve ?? dohResolver(deps.fetch),
      get: workerImageGet(deps.fetch),
      now: () => deps.clock.now(),
    },
    input: { url: input.url, messageImages: imageSourcesOf(message.html ?? "") },
  });
  return {
    contentType: image.contentType,
    base64: base64(image.body),
    width: image.width,
    height: image.height,
    trackingPixel: image.trackingPixel,
  };
}
