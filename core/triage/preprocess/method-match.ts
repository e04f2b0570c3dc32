/**
 * Whether a library method is the very code a swap was written for, even after a bundler
 * reprinted it. fast-lines.ts and fast-join.ts keep a copy of postal-mime 4.0.0's methods as code
 * (so a bundle reprints the copy exactly as it reprints postal-mime) and compare canonical token
 * streams: whitespace, comments and quote style dropped, numbers and strings by value, a `;`
 * before `}`, a `;` between `}` and a word, and a trailing comma dropped, and identifiers relabelled by first appearance, except property names,
 * keywords, globals, shorthand keys and anything before a `:`, which must match as written. A call of an import
 * as Vite's module runner prints it is read as the plain call.
 *
 * Fails closed: a regex or division, a template, a BigInt, an unknown escape, or a line break where
 * JavaScript inserts a semicolon (after `return`, `throw`…) make the source uncomparable (false).
 *
 * @example
 * sameMethod(PostalMime.prototype.readLine, Reference.prototype.readLine); // true on 4.0.0
 */
export function sameMethod(candidate: unknown, reference: unknown): boolean {
  if (typeof candidate !== "function" || typeof reference !== "function") return false;
  const a = canonicalSource(Function.prototype.toString.call(candidate));
  const b = canonicalSource(Function.prototype.toString.call(reference));
  return a !== undefined && a === b;
}

const KEYWORDS = new Set(
  (
    "async await break case catch class const continue debugger default delete do else export extends " +
    "false finally for function if import in instanceof let new null of return static super switch this " +
    "throw true try typeof var void while with yield get set"
  ).split(" "),
);
// Where a line break ends the statement (ASI); whitespace-free tokens would hide that.
const RESTRICTED = new Set(["return", "throw", "break", "continue", "yield", "async"]);
const PUNCTUATORS = [
  ">>>=",
  "...",
  "===",
  "!==",
  "**=",
  "<<=",
  ">>=",
  ">>>",
  "&&=",
  "||=",
  "??=",
  "=>",
  "==",
  "!=",
  "<=",
  ">=",
  "&&",
  "||",
  "??",
  "?.",
  "++",
  "--",
  "+=",
  "-=",
  "*=",
  "%=",
  "&=",
  "|=",
  "^=",
  "**",
  "<<",
  ">>",
];
const SINGLE = "{}()[];,<>+-*%&|^!~?:=.";
const VITE_IMPORT = /^__vite_ssr_import_\d+__$/;
const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f", v: "\v", "0": "\0" };

/** The canonical token stream of a function's source, or undefined when it cannot be told safely. */
export function canonicalSource(src: string): string | undefined {
  const out: string[] = [];
  const labels = new Map<string, number>();
  const open: string[] = [];
  let i = 0;
  let lineBreak = false;
  while (i < src.length) {
    const c = src[i] as string;
    if (c === "\n" || c === "\r" || c === "\u2028" || c === "\u2029") {
      lineBreak = true;
      i++;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (src.startsWith("//", i)) {
      const nl = src.slice(i).search(/[\n\r\u2028\u2029]/);
      i = nl < 0 ? src.length : i + nl;
      continue;
    }
    if (src.startsWith("/*", i)) {
      const end = src.indexOf("*/", i + 2);
      if (end < 0) return undefined;
      if (/[\n\r\u2028\u2029]/.test(src.slice(i, end))) lineBreak = true;
      i = end + 2;
      continue;
    }
    const prev = out[out.length - 1];
    if (lineBreak && prev !== undefined && RESTRICTED.has(prev)) return undefined;
    const brokeLine = lineBreak;
    lineBreak = false;
    const word = /^[A-Za-z_$][\w$]*/.exec(src.slice(i, i + 256))?.[0];
    if (word) {
      i += word.length;
      // An empty statement after a block (some transformers print `};`): a word after `}` cannot
      // continue an expression there, so `} ; word` and `} word` run alike (`in` aside).
      if (prev === ";" && out[out.length - 2] === "}" && word !== "in" && word !== "instanceof") out.pop();
      // Vite's module runner (vitest in workerd) calls an imported `f` as `(0, __vite_ssr_import_1__.f)`.
      const imported =
        VITE_IMPORT.test(word) &&
        out.slice(-3).join(" ") === "( #0 ," &&
        /^\.([A-Za-z_$][\w$]*)\)/.exec(src.slice(i));
      if (imported) {
        out.length -= 3;
        i += imported[0].length;
        out.push(identifier(imported[1] as string, "(", src, i, labels, false));
        continue;
      }
      out.push(identifier(word, prev, src, i, labels, open[open.length - 1] === "{"));
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      const num =
        /^(?:0[xX][\da-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*)?\.?[\d_]*(?:[eE][+-]?\d+)?)/.exec(
          src.slice(i),
        )?.[0];
      if (!num || /^0\d/.test(num) || /[nA-Za-z_$]/.test(src[i + num.length] ?? "")) return undefined;
      const value = Number(num.replaceAll("_", ""));
      if (!Number.isFinite(value)) return undefined;
      out.push(`#${value}`);
      i += num.length;
      continue;
    }
    if (c === "'" || c === '"') {
      const str = readString(src, i);
      if (!str) return undefined;
      out.push(JSON.stringify(str.value));
      i = str.end;
      continue;
    }
    // Regex literals, division and templates are not needed by the methods compared: refuse them.
    if (c === "/" || c === "`" || c === "\\") return undefined;
    const op = PUNCTUATORS.find((p) => src.startsWith(p, i)) ?? (SINGLE.includes(c) ? c : undefined);
    if (!op) return undefined;
    if (brokeLine && (op === "++" || op === "--")) return undefined;
    if ((op === "}" && prev === ";") || ("})]".includes(op) && prev === ",")) out.pop();
    if (op === "(" || op === "[" || op === "{") open.push(op);
    else if (op === ")" || op === "]" || op === "}") open.pop();
    out.push(op);
    i += op.length;
  }
  return out.join(" ");
}

/** Property names, keys and labels stay as written; bound names get their first-use number. */
function identifier(
  word: string,
  prev: string | undefined,
  src: string,
  end: number,
  labels: Map<string, number>,
  inBraces: boolean,
) {
  if (KEYWORDS.has(word) || prev === "." || prev === "?.") return word;
  if (/^\s*:/.test(src.slice(end, end + 64))) return word;
  // Shorthand `{ a }` names a key as well as a binding (a block's `{ a, b }` stays as written too).
  if (inBraces && (prev === "{" || prev === ",") && /^\s*[,}]/.test(src.slice(end, end + 64))) return word;
  if (word in globalThis) return word;
  let n = labels.get(word);
  if (n === undefined) {
    n = labels.size;
    labels.set(word, n);
  }
  return `$${n}`;
}

function readString(src: string, start: number): { value: string; end: number } | undefined {
  const quote = src[start];
  let value = "";
  let i = start + 1;
  while (i < src.length) {
    const c = src[i] as string;
    if (c === quote) return { value, end: i + 1 };
    if (c === "\n" || c === "\r") return undefined;
    if (c !== "\\") {
      value += c;
      i++;
      continue;
    }
    const e = src[i + 1] ?? "";
    const hex =
      e === "x"
        ? /^[\da-fA-F]{2}/.exec(src.slice(i + 2))
        : e === "u"
          ? /^[\da-fA-F]{4}/.exec(src.slice(i + 2))
          : null;
    if (hex) {
      value += String.fromCharCode(Number.parseInt(hex[0], 16));
      i += 2 + hex[0].length;
    } else if (e in ESCAPES && !(e === "0" && /\d/.test(src[i + 2] ?? ""))) {
      value += ESCAPES[e];
      i += 2;
    } else if ("'\"\\".includes(e) && e !== "") {
      value += e;
      i += 2;
    } else return undefined;
  }
  return undefined;
}
