import { z } from "zod";

/**
 * One remote image of a message, fetched by the agent for the reading view
 * (`GET /suggestions/:id/image?url=`): sniffed bytes the PWA shows as a `data:` URL, so the
 * site CSP stays `img-src 'self' data: blob:`. Never cached, never stored.
 */
export const RemoteImage = z.object({
  contentType: z.enum(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"]),
  /** The bytes, base64 (5 MB at most before encoding). */
  base64: z.string().max(7_000_000),
  width: z.number().int().nonnegative().nullable(),
  height: z.number().int().nonnegative().nullable(),
  /** 1×1: there to tell the sender the message was opened. */
  trackingPixel: z.boolean(),
});
export type RemoteImage = z.infer<typeof RemoteImage>;
