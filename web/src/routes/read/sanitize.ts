import DOMPurify from "dompurify";

/** What the reading view removed or held back, said to the person next to the message. */
export interface SanitizedMessage {
  html: string;
  /** Remote images of the message (loaded or not). */
  remoteImages: number;
  /** Their addresses, each once, in order: what "Load images" asks the agent for. */
  remoteUrls: string[];
  hiddenRemoved: number;
}

/** Where one remote image stands once the person asked for images. */
export type ImageLoad =
  | { state: "loading" }
  | { state: "loaded"; dataUrl: string; trackingPixel: boolean }
  | { state: "refused"; reason: string };

const FORBID_TAGS = [
  "script",
  "style",
  "link",
  "meta",
  "base",
  "form",
  "input",
  "button",
  "select",
  "option",
  "textarea",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "audio",
  "video",
  "source",
  "track",
  "picture",
  "svg",
  "math",
  "template",
  "portal",
];
const FORBID_ATTR = ["style", "srcset", "background", "action", "formaction", "ping", "poster", "id", "name"];

/** Inline CSS that hides its element: the classic way to slip text past a reader. */
const HIDING =
  /display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0*\.?0+\s*(?:;|$|!)|font-size\s*:\s*0+(?:px|pt|em|rem|%)?\s*(?:;|$|!)|max-(?:height|width)\s*:\s*0+(?:px)?\s*(?:;|$|!)|(?:^|;)\s*(?:height|width)\s*:\s*0+(?:px)?\s*(?:;|$|!)|mso-hide\s*:\s*all|color\s*:\s*transparent|clip\s*:\s*rect\(\s*0/i;

function hostOf(url: string): string | null {
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

/**
 * Sanitises a message's HTML for the sandboxed reading frame with DOMPurify: no scripts, styles,
 * forms or embedded content; links open in a new context with `rel="noopener noreferrer"` and
 * show where they go; content hidden by inline CSS is replaced by "hidden content removed";
 * remote images are held back until the person asks, then shown only as the `data:` URLs the agent
 * fetched and checked (`images`); a refused one says why, a tracking pixel says what it is.
 *
 * @example sanitizeMessageHtml("<p onclick=x()>Hi<img src=https://t.example/p.gif></p>", { images: null })
 */
export function sanitizeMessageHtml(
  html: string,
  opts: { images: ReadonlyMap<string, ImageLoad> | null },
): SanitizedMessage {
  const purify = DOMPurify(window);
  const hidden: Element[] = [];
  purify.addHook("beforeSanitizeAttributes", (node) => {
    if (!(node instanceof Element)) return;
    if (node.hasAttribute("hidden") || HIDING.test(node.getAttribute("style") ?? "")) hidden.push(node);
  });
  const body = purify.sanitize(html, {
    FORBID_TAGS,
    FORBID_ATTR,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM: true,
    WHOLE_DOCUMENT: false,
  }) as HTMLElement;
  const doc = body.ownerDocument;
  const removed = doc.createElement("p");
  removed.className = "scouts-removed";
  removed.textContent = "hidden content removed";
  let hiddenRemoved = 0;
  for (const node of hidden) {
    if (!body.contains(node) || node === body) continue;
    node.replaceWith(removed.cloneNode(true));
    hiddenRemoved++;
  }
  let remoteImages = 0;
  const remoteUrls = new Set<string>();
  for (const img of [...body.querySelectorAll("img")]) {
    const src = img.getAttribute("src") ?? "";
    if (/^data:image\//i.test(src)) continue;
    const host = /^https?:/i.test(src) ? hostOf(src) : null;
    if (host) {
      remoteImages++;
      remoteUrls.add(src);
    }
    const load = host ? opts.images?.get(src) : undefined;
    if (load?.state === "loaded" && !load.trackingPixel) {
      img.setAttribute("src", load.dataUrl);
      img.setAttribute("referrerpolicy", "no-referrer");
      img.setAttribute("data-from", host ?? "");
      continue;
    }
    const note = doc.createElement("span");
    note.className = "scouts-image";
    const alt = img.getAttribute("alt")?.trim();
    const what = alt ? `: ${alt}` : "";
    note.textContent = !host
      ? `[image not shown${what}]`
      : load?.state === "loaded"
        ? `[tracking pixel from ${host}]`
        : load?.state === "refused"
          ? `[image from ${host} not loaded: ${load.reason}]`
          : load?.state === "loading"
            ? `[image from ${host}${what}: loading…]`
            : `[image from ${host}${what}]`;
    img.replaceWith(note);
  }
  for (const a of [...body.querySelectorAll("a")]) {
    const href = a.getAttribute("href") ?? "";
    if (!/^(https?:|mailto:)/i.test(href)) {
      a.removeAttribute("href");
      continue;
    }
    a.setAttribute("target", "_blank");
    a.setAttribute("rel", "noopener noreferrer");
    a.setAttribute("title", href);
    const shown = href.startsWith("mailto:") ? href.slice(7).split("?")[0] : hostOf(href);
    if (shown && !a.textContent?.includes(shown)) {
      const target = doc.createElement("span");
      target.className = "scouts-link-target";
      target.textContent = ` (${shown})`;
      a.insertAdjacentElement("afterend", target);
    }
  }
  return { html: body.innerHTML, remoteImages, remoteUrls: [...remoteUrls], hiddenRemoved };
}

/** Plain text as HTML for the same frame (escaped, line breaks kept). */
export function textAsHtml(text: string): string {
  const div = document.createElement("div");
  div.textContent = text;
  return `<div class="scouts-text">${div.innerHTML}</div>`;
}
