import { fetchRemoteImage, imageSourcesOf, type PinnedGet } from "@scouts/core/assistant/remote-image";
import type { RemoteImage } from "@scouts/core/protocol/remote-image";
import type { AgentCtx } from "./context.ts";
import { readMessage } from "./read-message.ts";

const KEEP_MS = 10 * 60_000;
const KEEP_MESSAGES = 20;

export interface MessageImagesDeps {
  ctx: AgentCtx;
  get: PinnedGet;
  /** Tests only: one loopback origin treated as public (the agent refuses it outside dev pairing). */
  allowOrigin?: string | null;
  /** How the message is opened (the reading view's own path by default). */
  read?: (ctx: AgentCtx, id: string) => Promise<{ html: string | null }>;
}

/**
 * Loads a remote image of a message the person is reading, through the agent, with every check
 * of `fetchRemoteImage`. Which URLs a message has is kept in memory for 10 minutes (the URLs
 * only, for the 20 messages opened last) so a message with many images is fetched once.
 *
 * @example const load = messageImages({ ctx, get: createPinnedGet() }); await load("p-1", "https://img.example/a.png")
 */
export function messageImages(deps: MessageImagesDeps) {
  const read = deps.read ?? readMessage;
  const known = new Map<string, { at: number; urls: Promise<Set<string>> }>();
  function imagesOf(id: string): Promise<Set<string>> {
    const now = deps.ctx.clock.now();
    const hit = known.get(id);
    if (hit && now - hit.at < KEEP_MS) return hit.urls;
    const urls = read(deps.ctx, id).then((m) => imageSourcesOf(m.html ?? ""));
    known.delete(id);
    known.set(id, { at: now, urls });
    while (known.size > KEEP_MESSAGES) known.delete(known.keys().next().value as string);
    urls.catch(() => known.get(id)?.urls === urls && known.delete(id));
    return urls;
  }
  return async (id: string, url: string): Promise<RemoteImage> => {
    const image = await fetchRemoteImage({
      ctx: {
        resolve: deps.ctx.resolve,
        get: deps.get,
        now: () => deps.ctx.clock.now(),
        allowOrigin: deps.allowOrigin ?? null,
      },
      input: { url, messageImages: await imagesOf(id) },
    });
    return {
      contentType: image.contentType,
      base64: Buffer.from(image.body).toString("base64"),
      width: image.width,
      height: image.height,
      trackingPixel: image.trackingPixel,
    };
  };
}
