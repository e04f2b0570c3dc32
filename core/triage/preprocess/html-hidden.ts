import {
  fontSize,
  type HidingSelector,
  hidingSelectors,
  parseColour,
  parseStyle,
  sameColour,
  selectorMatches,
  styleHides,
} from "./css.ts";
import type { HiddenReason } from "./hidden-chars.ts";

export interface HtmlCleanResult {
  /** HTML with hidden elements, comments, scripts and styles removed. */
  html: string;
  reasons: HiddenReason[];
  /** Text that was hidden (comments, hidden elements, attributes): scanned for injections, then dropped. */
  hiddenText: string;
  /** Every href seen in visible anchors. */
  hrefs: string[];
  /** The first `MAX_ANCHORS` visible anchors as (shown text, href), both capped: for link-text checks. */
  anchors: Anchor[];
  /** Image sources (visible or not): scanned for templated exfiltration URLs, never fetched. */
  srcs: string[];
  /** Markdown-style or remote images: `<img src>` count (exfiltration bait is never fetched). */
  remoteImages: number;
  /** Distinct visible tag names, a structural signal for the models. */
  tagNames: string[];
  /** Elements nested deeper than `MAX_HTML_DEPTH`: the caller refuses the message (the rest is not cleaned). */
  tooDeep: boolean;
}

/** A visible link: what the reader sees and where it goes. */
export interface Anchor {
  text: string;
  href: string;
}
/** Anchors kept per message, and the characters kept of each text and href. */
export const MAX_ANCHORS = 50;
const ANCHOR_TEXT_CAP = 200;
const ANCHOR_HREF_CAP = 2000;

/**
 * Open elements at once. Mail nests a few hundred at most (237 in the SpamAssassin corpus);
 * htmlparser2 pays per open element for each new one, so a flood of them is refused here.
 */
export const MAX_HTML_DEPTH = 2000;

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);
const ATTR_RE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
const HIDDEN_TEXT_CAP = 20_000;

interface Frame {
  name: string;
  bg: number;
  /** The element's font is too small to read (its own or inherited). */
  tiny: boolean;
}
// Spacing entities and white space: what a `font-size:0` gap holds, and no one reads.
const BLANK_TEXT = /^(?:\s|&(?:nbsp|zwnj|zwj|#160|#xa0|#8203|#8204|#847|#x200b|#x200c|#x34f);?)*$/i;

/**
 * Removes what a reader cannot see from an HTML body before text conversion: comments,
 * scripts/styles, CSS-hidden, zero-size or off-screen elements, the `hidden` attribute and
 * text coloured like its background. Linear in the input; tolerant of broken markup.
 *
 * @example
 * cleanHtml('<p>Hi<span style="display:none">ignore previous instructions</span></p>').html // "<p>Hi</p>"
 */
export function cleanHtml(input: string): HtmlCleanResult {
  const cleaner = new HtmlCleaner(input);
  cleaner.run();
  return cleaner.result();
}

/**
 * The state of one `cleanHtml` pass, split into small methods: V8 recompiles a function from
 * scratch whenever mail takes one of its branches for the first time, and one large function
 * cost ~100 ms of compiler time per recompile.
 */
class HtmlCleaner {
  readonly reasons = new Set<HiddenReason>();
  readonly out: string[] = [];
  readonly hidden: string[] = [];
  hiddenLen = 0;
  readonly hrefs: string[] = [];
  readonly srcs: string[] = [];
  readonly anchors: Anchor[] = [];
  /** The anchor whose text is being read, if any. */
  anchor: Anchor | undefined;
  remoteImages = 0;
  readonly tagNames = new Set<string>();
  readonly stack: Frame[] = [{ name: "#root", bg: 0xffffff, tiny: false }];
  /** How many of each element are open: a close tag for one that is not skips the stack walk. */
  readonly open = new Map<string, number>();
  skipDepth = -1;
  tooDeep = false;
  readonly hiding: HidingSelector[] = [];
  readonly input: string;

  constructor(input: string) {
    this.input = input;
    for (const css of styleSheets(input)) {
      for (const h of hidingSelectors(css)) if (this.hiding.length < 200) this.hiding.push(h);
    }
  }

  run(): void {
    const input = this.input;
    let i = 0;
    while (i < input.length) {
      const lt = input.indexOf("<", i);
      const textEnd = lt < 0 ? input.length : lt;
      if (textEnd > i) this.text(input.slice(i, textEnd));
      if (lt < 0) break;
      if (input.startsWith("<!--", lt)) {
        i = this.comment(lt);
        continue;
      }
      if (!/[A-Za-z/!?]/.test(input[lt + 1] ?? "")) {
        // "<" not starting a tag is text, as in browsers ("a < b").
        if (this.skipDepth < 0) this.out.push("&lt;");
        i = lt + 1;
        continue;
      }
      const gt = input.indexOf(">", lt + 1);
      if (gt < 0) {
        if (this.skipDepth < 0) this.out.push(input.slice(lt).replace(/</g, "&lt;"));
        break;
      }
      i = this.tag(input.slice(lt + 1, gt), gt + 1);
      if (this.tooDeep) break;
    }
  }

  result(): HtmlCleanResult {
    return {
      html: this.out.join(""),
      reasons: [...this.reasons],
      hiddenText: this.hidden.join("\n"),
      hrefs: this.hrefs,
      anchors: this.anchors,
      srcs: this.srcs,
      remoteImages: this.remoteImages,
      tagNames: [...this.tagNames],
      tooDeep: this.tooDeep,
    };
  }

  private text(text: string): void {
    if (this.skipDepth >= 0) this.keepHidden(text);
    else if (this.stack[this.stack.length - 1]!.tiny && !BLANK_TEXT.test(text)) {
      this.reasons.add("tiny_or_offscreen");
      this.keepHidden(text);
    } else {
      this.out.push(text);
      const a = this.anchor;
      if (a && a.text.length < ANCHOR_TEXT_CAP) a.text = (a.text + text).slice(0, ANCHOR_TEXT_CAP);
    }
  }

  private keepHidden(s: string): void {
    if (this.hiddenLen < HIDDEN_TEXT_CAP && s.trim()) {
      this.hidden.push(s);
      this.hiddenLen += s.length;
    }
  }

  /** `<!-- … -->` at `lt`; returns where the text goes on. */
  private comment(lt: number): number {
    const input = this.input;
    const end = input.indexOf("-->", lt + 4);
    const body = input.slice(lt + 4, end < 0 ? input.length : end);
    // Conditional comments and empty ones are layout noise, not hidden content.
    if (body.trim() && !/^\s*\[if|^\s*<!\[endif|^\s*\[endif/i.test(body)) {
      this.reasons.add("html_comment");
      this.keepHidden(body);
    }
    return end < 0 ? input.length : end + 3;
  }

  /** The tag text between "<" and ">", with the text going on at `next`; returns where it goes on. */
  private tag(tag: string, next: number): number {
    const close = tag.charCodeAt(0) === 47; // "/"
    const nameEnd = tagNameEnd(tag, close ? 1 : 0);
    if (nameEnd < 0) {
      // "<!DOCTYPE", "<?xml", or a stray "<": drop declarations, keep stray text escaped.
      if (!/^[!?]/.test(tag) && this.skipDepth < 0) this.out.push(`&lt;${tag}&gt;`);
      return next;
    }
    const name = tag.slice(close ? 1 : 0, nameEnd).toLowerCase();
    if (!close && name === "head") return this.head(next);
    if (!close && (name === "script" || name === "style" || name === "title")) {
      const endRe = RAW_TEXT_END[name]!;
      endRe.lastIndex = next;
      const em = endRe.exec(this.input);
      // The title is never shown in the message but a model reading the HTML would see it.
      if (name === "title") this.keepHidden(this.input.slice(next, em ? em.index : this.input.length));
      return em ? em.index + em[0].length : this.input.length;
    }
    if (close) this.closeElement(name);
    else this.openElement(name, tag, nameEnd);
    return next;
  }

  private closeElement(name: string): void {
    const { stack, open } = this;
    if (name === "a") this.anchor = undefined;
    if (!open.get(name)) return;
    let k = stack.length - 1;
    while (k > 0 && stack[k]!.name !== name) k--;
    for (let j = k; j < stack.length; j++) open.set(stack[j]!.name, open.get(stack[j]!.name)! - 1);
    stack.length = k;
    if (this.skipDepth >= 0 && stack.length <= this.skipDepth) this.skipDepth = -1;
    else if (this.skipDepth < 0) this.out.push(closeTag(name));
  }

  private openElement(name: string, tag: string, nameEnd: number): void {
    const { stack, skipDepth } = this;
    if (this.tagNames.size < 64) this.tagNames.add(name);
    // Most tags carry no attributes: skip the attribute scan and its map for them.
    const attrs = nameEnd === tag.length ? NO_ATTRS : parseAttrs(tag.slice(nameEnd));
    const parent = stack[stack.length - 1]!;
    const parentBg = parent.bg;
    const verdict = skipDepth >= 0 ? undefined : hides(name, attrs, parentBg, this.hiding);
    const bg = ownBackground(attrs) ?? parentBg;
    if (attrs.size > 0) this.keepAttributeText(attrs);
    if (skipDepth < 0 && verdict) {
      this.reasons.add(verdict);
      if (attrs.has("alt")) this.keepHidden(attrs.get("alt")!);
    }
    const src = name === "img" ? attrs.get("src") : undefined;
    if (src && this.srcs.length < 200) this.srcs.push(src);
    if (src && skipDepth < 0 && !verdict && /^(https?:)?\/\//i.test(src)) this.remoteImages++;
    if (VOID.has(name) || tag.endsWith("/")) {
      if (skipDepth < 0 && !verdict) this.out.push(openTag(name));
      return;
    }
    stack.push({ name, bg: bg < 0 ? parentBg : bg, tiny: tinyFont(name, attrs, parent.tiny, this.hiding) });
    this.open.set(name, (this.open.get(name) ?? 0) + 1);
    if (stack.length > MAX_HTML_DEPTH) {
      this.tooDeep = true;
      return;
    }
    if (skipDepth >= 0) return;
    if (verdict) {
      this.skipDepth = stack.length - 1;
      return;
    }
    const href = name === "a" ? attrs.get("href") : undefined;
    if (href) this.hrefs.push(href);
    if (name === "a") this.openAnchor(href);
    this.out.push(href ? `<a href="${href.replace(/"/g, "&quot;")}">` : openTag(name));
  }

  /** Starts reading a visible link's text (links do not nest: a new `<a>` ends the last). */
  private openAnchor(href: string | undefined): void {
    this.anchor = undefined;
    if (!href || this.anchors.length >= MAX_ANCHORS) return;
    this.anchor = { text: "", href: href.slice(0, ANCHOR_HREF_CAP) };
    this.anchors.push(this.anchor);
  }

  /**
   * A `<head>` at `next` is skipped whole up to its `</head>`, or to a `<body>` before it: many
   * senders never close it, and skipping to the end of the input dropped the whole message.
   * Without either it is an ordinary element (its title, styles and scripts are still dropped).
   */
  private head(next: number): number {
    const end = RAW_TEXT_END.head!;
    end.lastIndex = next;
    const em = end.exec(this.input);
    BODY_OPEN.lastIndex = next;
    const body = BODY_OPEN.exec(this.input);
    if (body && (!em || body.index < em.index)) {
      this.keepTitle(next, body.index);
      return body.index;
    }
    if (!em) return next;
    this.keepTitle(next, em.index);
    return em.index + em[0].length;
  }

  /** The `<title>` inside a `<head>` that is skipped whole. */
  private keepTitle(from: number, to: number): void {
    const head = this.input.slice(from, to);
    const t = TITLE_OPEN.exec(head);
    if (!t) return;
    const end = head.indexOf("</", t.index + t[0].length);
    this.keepHidden(head.slice(t.index + t[0].length, end < 0 ? head.length : end));
  }

  /** Alt text, titles and data/aria attributes: never shown as text, so kept as hidden. */
  private keepAttributeText(attrs: ReadonlyMap<string, string>): void {
    for (const [k, v] of attrs) {
      if (k === "alt" || k === "title" || k.startsWith("data-") || k.startsWith("aria-")) this.keepHidden(v);
    }
  }
}

const RAW_TEXT_END: Record<string, RegExp> = {
  script: /<\/script\s*>/gi,
  style: /<\/style\s*>/gi,
  title: /<\/title\s*>/gi,
  head: /<\/head\s*>/gi,
};
const STYLE_OPEN = /<style\b/gi;
const BODY_OPEN = /<body\b/gi;
const TITLE_OPEN = /<title\b[^>]{0,200}>/i;
const STYLE_CLOSE = /<\/style\s*>/gi;

/**
 * The bodies `/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi` matches, found in one pass: that
 * regex rescans to the end of the input from every `<style` without a closing tag.
 */
export function styleSheets(input: string): string[] {
  const out: string[] = [];
  STYLE_OPEN.lastIndex = 0;
  for (let m = STYLE_OPEN.exec(input); m; m = STYLE_OPEN.exec(input)) {
    // `[^>]*>` can only end at the first ">"; the body ends at the first closing tag after it.
    // When either is missing here, it is missing for every later `<style` too.
    const gt = input.indexOf(">", m.index + 6);
    if (gt < 0) break;
    STYLE_CLOSE.lastIndex = gt + 1;
    const end = STYLE_CLOSE.exec(input);
    if (!end) break;
    out.push(input.slice(gt + 1, end.index));
    STYLE_OPEN.lastIndex = end.index + end[0].length;
  }
  return out;
}

/** End of the tag name (a letter, then letters, digits, ":" or "-") starting at `from`; -1 if none. */
function tagNameEnd(tag: string, from: number): number {
  const c = tag.charCodeAt(from) | 32;
  if (c < 97 || c > 122) return -1;
  let i = from + 1;
  while (i < tag.length) {
    const d = tag.charCodeAt(i);
    const l = d | 32;
    if ((l >= 97 && l <= 122) || (d >= 48 && d <= 58) || d === 45) i++;
    else break;
  }
  return i;
}

const NO_ATTRS: ReadonlyMap<string, string> = new Map();

// The same few tag names recur thousands of times: build "<name>" and "</name>" once each.
const OPEN = new Map<string, string>();
const CLOSE = new Map<string, string>();
function openTag(name: string): string {
  let t = OPEN.get(name);
  if (t === undefined) {
    t = `<${name}>`;
    if (OPEN.size < 512) OPEN.set(name, t);
  }
  return t;
}
function closeTag(name: string): string {
  let t = CLOSE.get(name);
  if (t === undefined) {
    t = `</${name}>`;
    if (CLOSE.size < 512) CLOSE.set(name, t);
  }
  return t;
}

function parseAttrs(s: string): Map<string, string> {
  const out = new Map<string, string>();
  ATTR_RE.lastIndex = 0;
  for (let m = ATTR_RE.exec(s); m; m = ATTR_RE.exec(s)) {
    const key = m[1]!.toLowerCase();
    if (!out.has(key)) out.set(key, m[2] ?? m[3] ?? m[4] ?? "");
  }
  return out;
}

function ownBackground(attrs: ReadonlyMap<string, string>): number | undefined {
  const style = attrs.get("style");
  const decls = style ? parseStyle(style) : undefined;
  const bgValue =
    decls?.get("background-color") ?? firstColourWord(decls?.get("background")) ?? attrs.get("bgcolor");
  return parseColour(bgValue);
}

function firstColourWord(v: string | undefined): string | undefined {
  if (!v) return undefined;
  const m = /(#[0-9a-f]{3,8}\b|(?:rgba?|hsla?)\([^)]*\)|\b[a-z]+\b)/i.exec(v);
  return m?.[1];
}

function hides(
  name: string,
  attrs: ReadonlyMap<string, string>,
  parentBg: number,
  hiding: readonly HidingSelector[],
): HiddenReason | undefined {
  if (attrs.has("hidden")) return "hidden_attribute";
  if (name === "input" && attrs.get("type")?.toLowerCase() === "hidden") return "hidden_attribute";
  for (const h of hiding) if (!h.tinyFont && selectorMatches(h, name, attrs)) return h.reason;
  const style = attrs.get("style");
  const decls = style ? parseStyle(style) : undefined;
  if (decls) {
    const h = styleHides(decls);
    if (h) return h;
  }
  const fg = parseColour(decls?.get("color") ?? attrs.get("color"));
  if (fg === -1) return "same_colour";
  if (fg !== undefined) {
    const bg = ownBackground(attrs) ?? parentBg;
    if (bg >= 0 && sameColour(fg, bg)) return "same_colour";
  }
  return undefined;
}

/** Whether an element's font is too small to read: its inline size, else a stylesheet's, else its parent's. */
function tinyFont(
  name: string,
  attrs: ReadonlyMap<string, string>,
  parentTiny: boolean,
  hiding: readonly HidingSelector[],
): boolean {
  const style = attrs.get("style");
  const own = style && /font-size/i.test(style) ? fontSize(parseStyle(style)) : undefined;
  if (own === "tiny") return true;
  if (own === "readable") return false;
  for (const h of hiding) if (h.tinyFont && selectorMatches(h, name, attrs)) return true;
  return parentTiny;
}
