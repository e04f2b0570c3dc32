/** Small CSS helpers for deciding whether an element's text is visible. Not a CSS engine. */

// CSS named colours (the light and dark ones text is hidden with, and the common rest).
const NAMED: Record<string, number> = {
  white: 0xffffff,
  black: 0x000000,
  red: 0xff0000,
  green: 0x008000,
  blue: 0x0000ff,
  yellow: 0xffff00,
  gray: 0x808080,
  grey: 0x808080,
  silver: 0xc0c0c0,
  whitesmoke: 0xf5f5f5,
  snow: 0xfffafa,
  ivory: 0xfffff0,
  navy: 0x000080,
  ghostwhite: 0xf8f8ff,
  floralwhite: 0xfffaf0,
  seashell: 0xfff5ee,
  linen: 0xfaf0e6,
  oldlace: 0xfdf5e6,
  mintcream: 0xf5fffa,
  azure: 0xf0ffff,
  aliceblue: 0xf0f8ff,
  honeydew: 0xf0fff0,
  lavenderblush: 0xfff0f5,
  beige: 0xf5f5dc,
  cornsilk: 0xfff8dc,
  lightyellow: 0xffffe0,
  lightcyan: 0xe0ffff,
  lavender: 0xe6e6fa,
  gainsboro: 0xdcdcdc,
  lightgray: 0xd3d3d3,
  lightgrey: 0xd3d3d3,
  darkgray: 0xa9a9a9,
  darkgrey: 0xa9a9a9,
  dimgray: 0x696969,
  dimgrey: 0x696969,
  darkslategray: 0x2f4f4f,
  darkslategrey: 0x2f4f4f,
  midnightblue: 0x191970,
  maroon: 0x800000,
  purple: 0x800080,
  teal: 0x008080,
  olive: 0x808000,
  lime: 0x00ff00,
  aqua: 0x00ffff,
  cyan: 0x00ffff,
  fuchsia: 0xff00ff,
  magenta: 0xff00ff,
  orange: 0xffa500,
  pink: 0xffc0cb,
  brown: 0xa52a2a,
  gold: 0xffd700,
  darkblue: 0x00008b,
  darkgreen: 0x006400,
  darkred: 0x8b0000,
  lightblue: 0xadd8e6,
  lightgreen: 0x90ee90,
  lightpink: 0xffb6c1,
  mistyrose: 0xffe4e1,
  papayawhip: 0xffefd5,
  blanchedalmond: 0xffebcd,
  antiquewhite: 0xfaebd7,
  wheat: 0xf5deb3,
  bisque: 0xffe4c4,
  lemonchiffon: 0xfffacd,
};

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/;
const BARE_HEX = /^([0-9a-f]{6}|[0-9a-f]{3})$/;
const FUNC = /^(rgba?|hsla?)\(([^()]{1,80})\)$/;
// Below this alpha text is invisible in practice.
const MIN_ALPHA = 0.1;

/**
 * Parses a CSS/HTML colour to 0xRRGGBB; -1 for transparent (or nearly: alpha below 0.1);
 * undefined when unknown. Hex with 3, 4, 6 or 8 digits, rgb/rgba and hsl/hsla in comma or space
 * syntax (with "/ alpha" and percentages), named colours and `transparent`.
 *
 * @example parseColour("hsla(0, 0%, 100%, 1)") // 0xffffff
 */
export function parseColour(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const v = value
    .trim()
    .toLowerCase()
    .replace(/\s*!important$/, "");
  if (v === "transparent") return -1;
  const named = NAMED[v];
  if (named !== undefined) return named;
  const hex = HEX.exec(v) ?? BARE_HEX.exec(v);
  if (hex) return parseHex(hex[1]!);
  const f = FUNC.exec(v);
  if (!f) return undefined;
  const args = f[2]!.split(/[\s,/]+/).filter(Boolean);
  if (args.length < 3) return undefined;
  const alpha = args[3] === undefined ? 1 : channel(args[3], 1);
  if (alpha === undefined) return undefined;
  if (alpha < MIN_ALPHA) return -1;
  if (f[1]!.startsWith("rgb")) {
    const [r, g, b] = [channel(args[0]!, 255), channel(args[1]!, 255), channel(args[2]!, 255)];
    if (r === undefined || g === undefined || b === undefined) return undefined;
    return (Math.round(r) << 16) | (Math.round(g) << 8) | Math.round(b);
  }
  const h = Number.parseFloat(args[0]!);
  const sat = channel(args[1]!, 1);
  const light = channel(args[2]!, 1);
  if (!Number.isFinite(h) || sat === undefined || light === undefined) return undefined;
  return hslToRgb(h, sat, light);
}

function parseHex(d: string): number {
  if (d.length === 3 || d.length === 4) {
    if (d.length === 4 && Number.parseInt(d[3]! + d[3]!, 16) / 255 < MIN_ALPHA) return -1;
    return Number.parseInt(d[0]! + d[0] + d[1] + d[1] + d[2] + d[2], 16);
  }
  if (d.length === 8 && Number.parseInt(d.slice(6), 16) / 255 < MIN_ALPHA) return -1;
  return Number.parseInt(d.slice(0, 6), 16);
}

/** A number or percentage scaled to [0, max]; undefined when not a number. */
function channel(s: string, max: number): number | undefined {
  const pct = s.endsWith("%");
  const n = Number.parseFloat(s);
  if (!Number.isFinite(n)) return undefined;
  const v = pct ? (n / 100) * max : n;
  return Math.min(max, Math.max(0, v));
}

function hslToRgb(h: number, s: number, l: number): number {
  const hue = (((h % 360) + 360) % 360) / 360;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const conv = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  const c = (t: number) => Math.round(conv(t) * 255);
  return (c(hue + 1 / 3) << 16) | (c(hue) << 8) | c(hue - 1 / 3);
}

/** True when two colours are indistinguishable to a reader (sum of channel differences). */
export function sameColour(a: number, b: number): boolean {
  const d =
    Math.abs(((a >> 16) & 255) - ((b >> 16) & 255)) +
    Math.abs(((a >> 8) & 255) - ((b >> 8) & 255)) +
    Math.abs((a & 255) - (b & 255));
  return d < 30;
}

/** Parses `a:b; c:d` into a map with lower-case names and whitespace squeezed. */
export function parseStyle(style: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const decl of style.split(";")) {
    const i = decl.indexOf(":");
    if (i <= 0) continue;
    out.set(
      decl.slice(0, i).trim().toLowerCase(),
      decl
        .slice(i + 1)
        .trim()
        .toLowerCase(),
    );
  }
  return out;
}

const ZERO = /^-?0(\.0+)?(px|pt|em|rem|%|vh|vw)?(\s*!important)?$/;
const FAR_NEGATIVE = /^-\d{3,}(\.\d+)?(px|pt|em|rem|%|vw|vh)?/;
const LENGTH = /^(\d*\.?\d+)(px|pt|em|rem|%|vh|vw)?(\s*!important)?$/;
const FAR_TRANSLATE = /translate(x|y|3d)?\(\s*-\d{3,}/;
const SCALE_ZERO = /scale[xy]?\(\s*0(\.0+)?\s*[,)]/;

/**
 * Whether declarations hide an element and everything in it: display/visibility/opacity,
 * `mso-hide:all`, zero or 1px boxes that clip, off-screen positions, clipping. A font too small
 * to read is not among them: font size is inherited and a child may set its own (`fontSize`).
 */
export function styleHides(decls: Map<string, string>): "css_hidden" | "tiny_or_offscreen" | undefined {
  const display = decls.get("display");
  if (display?.startsWith("none")) return "css_hidden";
  const visibility = decls.get("visibility");
  if (visibility?.startsWith("hidden") || visibility?.startsWith("collapse")) return "css_hidden";
  if (decls.get("mso-hide")?.startsWith("all")) return "css_hidden";
  const opacity = decls.get("opacity");
  if (opacity !== undefined && channel(opacity, 1)! < 0.05) return "css_hidden";
  const clips = decls.get("overflow")?.startsWith("hidden") ?? false;
  if (isZero(decls.get("max-height")) || isZero(decls.get("height"))) {
    if (clips || isZero(decls.get("line-height"))) return "tiny_or_offscreen";
    if (decls.get("overflow") === undefined) return "tiny_or_offscreen";
  }
  if ((isZero(decls.get("max-width")) || isZero(decls.get("width"))) && clips) return "tiny_or_offscreen";
  // The "visually hidden" pattern: a 1px box that clips its content.
  if (
    clips &&
    atMostOnePx(decls.get("height") ?? decls.get("max-height")) &&
    atMostOnePx(decls.get("width") ?? decls.get("max-width"))
  )
    return "tiny_or_offscreen";
  for (const side of ["left", "top", "text-indent", "margin-left", "margin-top", "right"]) {
    const v = decls.get(side);
    if (v && FAR_NEGATIVE.test(v)) return "tiny_or_offscreen";
  }
  const clip = decls.get("clip") ?? decls.get("clip-path");
  if (clip && /rect\(\s*0|inset\(\s*(50|100)%|circle\(\s*0/.test(clip)) return "tiny_or_offscreen";
  const transform = decls.get("transform");
  if (transform && (SCALE_ZERO.test(transform) || FAR_TRANSLATE.test(transform))) return "tiny_or_offscreen";
  return undefined;
}

function isZero(v: string | undefined): boolean {
  return v !== undefined && ZERO.test(v);
}

const FONT_KEYWORD =
  /^(xx-small|x-small|small|medium|large|x-large|xx-large|xxx-large|smaller|larger)(\s*!important)?$/;

/**
 * What a `font-size` does to the text of an element and of the children that do not set their
 * own: "tiny" when no one can read it (0, ≤ 1px or 1pt, ≤ 0.1em/rem, ≤ 10 %), "readable" when it
 * sets a readable size of its own (px, pt, rem, keywords), "relative" when it scales the
 * parent's (em, %: a tiny parent stays tiny), undefined when unset or unknown (inherits).
 * Email layouts set `font-size:0` on columns to close the gaps between inline blocks and give
 * each child its own size, so the zero never hides a child that sets one.
 */
export function fontSize(decls: Map<string, string>): "tiny" | "readable" | "relative" | undefined {
  const v = decls.get("font-size");
  if (v === undefined) return undefined;
  if (isZero(v)) return "tiny";
  if (FONT_KEYWORD.test(v)) return "readable";
  const m = LENGTH.exec(v);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2] ?? "px";
  if (unit === "px" || unit === "pt") return n <= 1 ? "tiny" : "readable";
  if (unit === "rem") return n <= 0.1 ? "tiny" : "readable";
  if (unit === "em") return n <= 0.1 ? "tiny" : "relative";
  if (unit === "%") return n <= 10 ? "tiny" : "relative";
  return undefined;
}

function atMostOnePx(v: string | undefined): boolean {
  const m = v ? LENGTH.exec(v) : null;
  return m !== null && (m[2] ?? "px") === "px" && Number(m[1]) <= 1;
}

/**
 * The last compound of a selector (`div.promo > p.x#y[data-h]` → tag p, classes [x], id y,
 * attribute data-h): what an element must carry for a hiding rule to apply to it. Combinators
 * before it are ignored, which can only hide more, and hidden text is kept for scanning anyway.
 */
export interface HidingSelector {
  tag?: string;
  id?: string;
  classes: string[];
  attrs: { name: string; value?: string }[];
  reason: "css_hidden" | "tiny_or_offscreen" | "same_colour";
  /** The rule only sets an unreadable font size: inherited by children that set none (`fontSize`). */
  tinyFont?: true;
}

const COMPOUND = /([a-z][a-z0-9-]*)?((?:[.#][a-z0-9_-]+|\[[^\]]{1,100}\])+)?$/i;
const PART = /[.#][a-z0-9_-]+|\[[^\]]{1,100}\]/gi;
const ATTR_SEL = /^\[\s*([a-z0-9_:-]+)\s*(?:[~|^$*]?=\s*["']?([^"'\]]*)["']?\s*(?:i|s)?)?\s*\]$/i;
const MAX_SELECTORS = 200;

/**
 * Selectors of `<style>` rules that hide their element (`.x{display:none}`, `#y{font-size:0}`,
 * `[data-h]{visibility:hidden}`, `.z{color:#fff;background:#fff}`), so elements matching them
 * are removed like inline-styled ones.
 */
export function hidingSelectors(css: string): HidingSelector[] {
  const out: HidingSelector[] = [];
  for (const [selectors, body] of cssRules(css)) {
    const decls = parseStyle(body);
    let reason: HidingSelector["reason"] | undefined =
      styleHides(decls) ?? (colourHides(decls) ? "same_colour" : undefined);
    const tinyFont = !reason && fontSize(decls) === "tiny";
    if (tinyFont) reason = "tiny_or_offscreen";
    if (!reason) continue;
    for (const sel of selectors.split(",")) {
      const last = sel.trim().replace(/::?[a-z-]+(\([^)]*\))?/gi, "");
      const m = COMPOUND.exec(last);
      if (!m || (!m[1] && !m[2]) || out.length >= MAX_SELECTORS) continue;
      const h: HidingSelector = { classes: [], attrs: [], reason, ...(tinyFont ? { tinyFont } : {}) };
      if (m[1] && m[1] !== "*") h.tag = m[1].toLowerCase();
      for (const part of m[2]?.match(PART) ?? []) {
        if (part[0] === ".") h.classes.push(part.slice(1).toLowerCase());
        else if (part[0] === "#") h.id = part.slice(1).toLowerCase();
        else {
          const a = ATTR_SEL.exec(part);
          if (a) h.attrs.push({ name: a[1]!.toLowerCase(), ...(a[2] ? { value: a[2].toLowerCase() } : {}) });
        }
      }
      // A bare tag rule (p{display:none}) hides every such element: honoured too.
      out.push(h);
    }
  }
  return out;
}

/** Text coloured like its own background, or transparent, in one rule. */
function colourHides(decls: Map<string, string>): boolean {
  const fg = parseColour(decls.get("color"));
  if (fg === undefined) return false;
  if (fg === -1) return true;
  const bg = parseColour(decls.get("background-color") ?? decls.get("background"));
  return bg !== undefined && bg >= 0 && sameColour(fg, bg);
}

/** Whether an element (tag name, lower-case attributes) matches a hiding selector. */
export function selectorMatches(
  sel: HidingSelector,
  tag: string,
  attrs: ReadonlyMap<string, string>,
): boolean {
  if (sel.tag && sel.tag !== tag) return false;
  if (sel.id && attrs.get("id")?.toLowerCase() !== sel.id) return false;
  if (sel.classes.length > 0) {
    const cls = attrs.get("class");
    if (!cls) return false;
    const have = cls.toLowerCase().split(/\s+/);
    for (const c of sel.classes) if (!have.includes(c)) return false;
  }
  for (const a of sel.attrs) {
    const v = attrs.get(a.name);
    if (v === undefined) return false;
    if (a.value !== undefined && !v.toLowerCase().includes(a.value)) return false;
  }
  return true;
}

/**
 * The `[selectors, body]` pairs `/([^{}]+)\{([^{}]*)\}/g` matches, in one pass: the regex
 * retries from every character of a run that has no "{…}" after it, which is quadratic.
 */
export function cssRules(css: string): [string, string][] {
  const out: [string, string][] = [];
  let p = 0;
  while (p < css.length) {
    // Every start in [p, b) reaches the same brace b, so they all match or none does.
    const b = nextBrace(css, p);
    if (b < 0) break;
    if (b > p && css.charCodeAt(b) === 123) {
      const c = nextBrace(css, b + 1);
      if (c >= 0 && css.charCodeAt(c) === 125) {
        out.push([css.slice(p, b), css.slice(b + 1, c)]);
        p = c + 1;
        continue;
      }
    }
    p = b + 1;
  }
  return out;
}

const BRACE = /[{}]/g;
function nextBrace(css: string, from: number): number {
  BRACE.lastIndex = from;
  return BRACE.exec(css)?.index ?? -1;
}
