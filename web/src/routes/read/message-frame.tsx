import { useMemo } from "react";
import { type SanitizedMessage, sanitizeMessageHtml, textAsHtml } from "./sanitize.ts";

/** The message body sanitised for the frame (HTML when it has one, else its text). */
export function useSanitized(
  html: string | null,
  text: string | null,
  loadImages: boolean,
): SanitizedMessage {
  return useMemo(
    () =>
      html !== null
        ? sanitizeMessageHtml(html, { loadImages })
        : { html: textAsHtml(text ?? ""), remoteImages: 0, hiddenRemoved: 0 },
    [html, text, loadImages],
  );
}

/**
 * The message body in a sandboxed frame: no `allow-scripts`, no `allow-same-origin`, no forms;
 * only popups (links, `noopener noreferrer`). Its own CSP allows nothing but our stylesheet and
 * inline data images, plus remote images once the person asked; the site CSP still applies on top.
 */
export function MessageFrame(props: { sanitized: SanitizedMessage; loadImages: boolean; title: string }) {
  const origin = window.location.origin;
  const images = props.loadImages ? " https: http:" : "";
  const csp = `default-src 'none'; style-src ${origin}; img-src data:${images}; form-action 'none'; base-uri 'none'`;
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
