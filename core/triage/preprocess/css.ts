/** Small CSS helpers for deciding whether an element's text is visible. Not a CSS engine. */

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
};

/** Parses a CSS/HTML colour to 0xRRGGBB; -1 for transparent; undefined when unknown. */
export function parseColour(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const v = value
    .trim()
    .toLowerCase()
    .replace(/\s*!important$/, "");
  if (v === "transparent") return -1;
  const named = NAMED[v];
  if (named !== undefined) return named;
  let m = /^#?([0-9a-f]{6})$/.exec(v);
  if (m) return Number.parseInt(m[1]!, 16);
  m = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  if (m) return Number.parseInt(m[1]! + m[1] + m[2] + m[2] + m[3] + m[3], 16);
  m = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(v);
  if (m) {
    if (m[4] !== undefined && Number(m[4]) === 0) return -1;
    return (clamp(m[1]!) << 16) | (clamp(m[2]!) << 8) | clamp(m[3]!);
  }
  return undefined;
}

function clamp(s: string): number {
  return Math.min(255, Number(s));
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

/** Whether declarations hide text: display/visibility/opacity, zero size, off-screen, clipping. */
export function styleHides(decls: Map<string, string>): "css_hidden" | "tiny_or_offscreen" | undefined {
  const display = decls.get("display");
  if (display?.startsWith("none")) return "css_hidden";
  if (decls.get("visibility")?.startsWith("hidden")) return "css_hidden";
  if (decls.get("opacity") !== undefined && Number.parseFloat(decls.get("opacity")!) === 0)
    return "css_hidden";
  if (isZero(decls.get("font-size"))) return "tiny_or_offscreen";
  if (isZero(decls.get("max-height")) || isZero(decls.get("height"))) {
    if (decls.get("overflow")?.startsWith("hidden") || isZero(decls.get("line-height")))
      return "tiny_or_offscreen";
    if (decls.get("overflow") === undefined) return "tiny_or_offscreen";
  }
  if (isZero(decls.get("max-width")) || isZero(decls.get("width"))) {
    if (decls.get("overflow")?.startsWith("hidden")) return "tiny_or_offscreen";
  }
  for (const side of ["left", "top", "text-indent", "margin-left", "margin-top", "right"]) {
    const v = decls.get(side);
    if (v && FAR_NEGATIVE.test(v)) return "tiny_or_offscreen";
  }
  const clip = decls.get("clip") ?? decls.get("clip-path");
  if (clip && /rect\(\s*0|inset\(\s*(50|100)%/.test(clip)) return "tiny_or_offscreen";
  if (decls.get("transform")?.includes("scale(0")) return "tiny_or_offscreen";
  return undefined;
}

function isZero(v: string | undefined): boolean {
  return v !== undefined && ZERO.test(v);
}

/** Class names that a `<style>` block hides (`.x{display:none}`), so `class="x"` can be honoured. */
export function hiddenClassesFromStylesheet(css: string): Set<string> {
  const out = new Set<string>();
  for (const [selectors, body] of cssRules(css)) {
    if (!styleHides(parseStyle(body))) continue;
    for (const sel of selectors.split(",")) {
      const cls = /\.([A-Za-z0-9_-]+)\s*$/.exec(sel.trim());
      if (cls) out.add(cls[1]!.toLowerCase());
    }
  }
  return out;
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
