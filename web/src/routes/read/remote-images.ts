import type { RemoteImage } from "@scouts/core/protocol/remote-image";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ImageLoad } from "./sanitize.ts";

/** How many images are asked for at once (the agent fetches each from the sender's server). */
const AT_ONCE = 4;

/**
 * The message's remote images once the person asked: each fetched and checked by the agent
 * (`load`) and kept as a `data:` URL in memory for this view only; a refusal keeps its reason.
 *
 * @example const { images, start } = useRemoteImages((url) => source.loadImage(id, url)); start(urls)
 */
export function useRemoteImages(load: ((url: string) => Promise<RemoteImage>) | null) {
  const [images, setImages] = useState<ReadonlyMap<string, ImageLoad> | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const start = useCallback(
    (urls: readonly string[]) => {
      if (!load) return;
      setImages(new Map(urls.map((u) => [u, { state: "loading" }])));
      const settle = (url: string, next: ImageLoad) => {
        if (alive.current) setImages((m) => new Map(m ?? []).set(url, next));
      };
      const queue = [...urls];
      const worker = async () => {
        for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
          const u = url;
          await load(u).then(
            (img) =>
              settle(u, {
                state: "loaded",
                dataUrl: `data:${img.contentType};base64,${img.base64}`,
                trackingPixel: img.trackingPixel,
              }),
            (e: unknown) =>
              settle(u, {
                state: "refused",
                // The agent's refusals say why; anything else is the agent not answering.
                reason:
                  e instanceof Error && e.name === "CoreError" ? e.message : "the agent could not be reached",
              }),
          );
        }
      };
      for (let i = 0; i < Math.min(AT_ONCE, urls.length); i++) void worker();
    },
    [load],
  );
  return { images, start };
}
