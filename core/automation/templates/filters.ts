/** Escapes Slack mrkdwn control characters and neutralizes mentions such as `<!channel>`. */
export function escapeMrkdwn(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Escapes text for an HTML element or quoted attribute. */
export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * The curated filters templates may use; every other LiquidJS filter is removed from the engine.
 * `json` and `mrkdwn_escape` are ours, the rest are LiquidJS built-ins.
 */
export const allowedFilters = [
  "append",
  "capitalize",
  "date",
  "default",
  "downcase",
  "escape",
  "first",
  "join",
  "json",
  "last",
  "minus",
  "mrkdwn_escape",
  "plus",
  "replace",
  "size",
  "split",
  "strip",
  "truncate",
  "upcase",
  "url_encode",
] as const;

/** Tags templates may use; `include`/`render`/`layout` (file access), `capture`, `tablerow`, `cycle` are gone. */
export const allowedTags = [
  "assign",
  "break",
  "case",
  "comment",
  "continue",
  "echo",
  "for",
  "if",
  "raw",
  "unless",
  "#",
] as const;
