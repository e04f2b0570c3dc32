/** Why text was removed before any model saw it. Names only, never the removed text. */
export type HiddenReason =
  | "zero_width"
  | "unicode_tags"
  | "bidi_control"
  | "css_hidden"
  | "same_colour"
  | "html_comment"
  | "hidden_attribute"
  | "tiny_or_offscreen";

// Zero-width and invisible formatting characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen, …).
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each invisible character is matched alone on purpose.
const ZERO_WIDTH = /[\u200B-\u200D\u2060-\u2064\uFEFF\u00AD\u180E\u034F\u115F\u1160\u3164\uFFA0]/g;
// Unicode "tag" characters U+E0000–U+E007F: invisible ASCII smuggling.
const TAGS = /[\u{E0000}-\u{E007F}]/gu;
// Bidi embeddings, overrides, isolates and marks.
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/**
 * Removes invisible characters and reports which kinds were present.
 *
 * @example
 * stripHiddenChars("pa\u200Bypal") // { text: "paypal", reasons: ["zero_width"] }
 */
export function stripHiddenChars(text: string): { text: string; reasons: HiddenReason[] } {
  const reasons: HiddenReason[] = [];
  let out = text;
  if (hasMatch(ZERO_WIDTH, out)) {
    reasons.push("zero_width");
    out = out.replace(ZERO_WIDTH, "");
  }
  if (hasMatch(TAGS, out)) {
    reasons.push("unicode_tags");
    out = out.replace(TAGS, "");
  }
  if (hasMatch(BIDI, out)) {
    reasons.push("bidi_control");
    out = out.replace(BIDI, "");
  }
  return { text: out, reasons };
}

function hasMatch(re: RegExp, s: string): boolean {
  re.lastIndex = 0;
  const hit = re.test(s);
  re.lastIndex = 0;
  return hit;
}
