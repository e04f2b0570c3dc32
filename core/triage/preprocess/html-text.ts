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
