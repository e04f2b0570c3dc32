import { useMemo } from "react";
import { type ImageLoad, type SanitizedMessage, sanitizeMessageHtml, textAsHtml } from "./sanitize.ts";

/** The message body sanitised for the frame (HTML when it has one, else its text). */
export function useSanitized(
  html: string | null,
  text: string | null,
  images: ReadonlyMap<string, ImageLoad> | null,
): SanitizedMessage {
  return useMemo(
    () =>
      html !== null
        ? sanitizeMessageHtml(html, { images })
        : { html: textAsHtml(text ?? ""), remoteImages: 0, remoteUrls: [], hiddenRemoved: 0 },
    [html, text, images],
  );
}

/**
 * The message body in a sandboxed frame: no `allow-scripts`, no `allow-same-origin`, no forms;
 * only popups (links, `noopener noreferrer`). Its own CSP allows nothing but our stylesheet and
 * `data:` images: remote images arrive as `data:` URLs the agent fetched and checked, so the frame
 * never reaches a sender's server (the site CSP, `img-src 'self' data: blob:`, applies on top).
 */
export function MessageFrame(props: { sanitized: SanitizedMessage; title: string }) {
  const origin = window.location.origin;
  const csp = `default-src 'none'; style-src ${origin}; img-src data:; form-action 'none'; base-uri 'none'`;
  const doc =
    `<!doctype html><html><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${csp}">` +
    `<meta name="referrer" content="no-referrer">` +
    `<link rel="stylesheet" href="${origin}/reader-frame.css"></head><body>${props.sanitized.html}</body></html>`;
  return (
    <iframe
      className="message-frame"
      title={props.title}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={doc}
    />
  );
}
