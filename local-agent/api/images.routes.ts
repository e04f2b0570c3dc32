import { CoreError } from "@scouts/core/errors";
import { Hono } from "hono";
import { type MessageImagesDeps, messageImages } from "../services/message-images.ts";

/**
 * `GET /local/v1/suggestions/:id/image?url=`: one remote image of that suggestion's message, as
 * sniffed bytes (base64 JSON) the reading view shows as a `data:` URL. Behind the same token as
 * every `/local/v1` route; never cached.
 */
export function messageImageRoutes(deps: MessageImagesDeps) {
  const load = messageImages(deps);
  return new Hono().get("/suggestions/:id/image", async (c) => {
    const url = c.req.query("url");
    if (!url) throw new CoreError("bad_input", "url: the image address is missing");
    c.header("cache-control", "no-store");
    return c.json(await load(c.req.param("id"), url));
  });
}
