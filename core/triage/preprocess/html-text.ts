import { compile, type HtmlToTextOptions } from "html-to-text";

// Images are dropped (never rendered or fetched); link targets are collected separately.
const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  preserveNewlines: false,
  limits: { maxInputLength: 1_000_000, maxDepth: 200, maxChildNodes: 5_000 },
  selectors: [
    { selector: "a", options: { ignoreHref: true } },
    { selector: "img", format: "skip" },
    { selector: "table", format: "block" },
    { selector: "tr", format: "block" },
    { selector: "td", format: "inline" },
    { selector: "th", format: "inline" },
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
    { selector: "h3", options: { uppercase: false } },
    { selector: "h4", options: { uppercase: false } },
    { selector: "h5", options: { uppercase: false } },
    { selector: "h6", options: { uppercase: false } },
  ],
};

/**
 * Converts already-cleaned HTML to plain text with html-to-text.
 *
 * @example
 * htmlToText("<p>Hello <b>there</b></p>") // "Hello there"
 */
export function htmlToText(html: string): string {
  // Compiling the selectors once per isolate: `convert` would redo it on every call.
  converter ??= compile(OPTIONS);
  return converter(html);
}

let converter: ((html: string) => string) | undefined;

const TAG = /<[^>]*>/g;
const ENTITY = /&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});?/gi;
const NAMED_ENTITY: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * The words of cleaned HTML without layout: tags become spaces, numeric and basic named
 * entities are decoded (others become spaces). For word-overlap checks, not for display.
 *
 * @example
 * roughText("<p>caf&#233; <b>open</b></p>") // " café  open  "
 */
export function roughText(html: string): string {
  return html.replace(TAG, " ").replace(ENTITY, (_, e: string) => {
    if (e[0] !== "#") return NAMED_ENTITY[e.toLowerCase()] ?? " ";
    const cp = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : " ";
  });
}
