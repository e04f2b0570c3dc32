/**
 * Where a regular expression can start matching, read from its source: every two-character start
 * (first and second code unit) a match can have, as a table a scan checks a position against in a
 * few array reads. It over-approximates, never under: assertions (`\b`, look-arounds, `^`, `$`) are
 * read as matching anywhere and `\p{…}` as any character, so a position the table rejects is one
 * where the expression cannot match. A source it cannot read (the `i` or `v` flag, a back-reference,
 * a surrogate in the source) gives `undefined`: the caller then tries every position.
 */

/** A set of UTF-16 code units as sorted, disjoint, inclusive ranges `[lo0, hi0, lo1, hi1, …]`. */
type Units = number[];
/** The first one or two characters of some match (an empty array: the empty match). */
type Start = Units[];

const ALL: Units = [0, 0xffff];
const DIGIT: Units = [0x30, 0x39];
const WORD: Units = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
const SPACE: Units = norm([
  9, 13, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f,
  0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff,
]);

function norm(r: number[]): Units {
  const pairs: [number, number][] = [];
  for (let i = 0; i < r.length; i += 2) pairs.push([r[i]!, r[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    const n = out.length;
    if (n > 0 && lo <= out[n - 1]! + 1) out[n - 1] = Math.max(out[n - 1]!, hi);
    else out.push(lo, hi);
  }
  return out;
}
function complement(a: Units): Units {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < a.length; i += 2) {
    if (a[i]! > next) out.push(next, a[i]! - 1);
    next = a[i + 1]! + 1;
  }
  if (next <= 0xffff) out.push(next, 0xffff);
  return out;
}

class Unreadable extends Error {}

/** How many characters of a match's start are read. */
const START_LEN = 3;

/** The ≤ START_LEN-character starts of the language of `source` (a regular-expression source). */
class Reader {
  private i = 0;
  /** Above 0 while reading past a part whose characters cannot change the starts. */
  private skip = 0;
  private readonly s: string;
  constructor(s: string) {
    this.s = s;
    for (let k = 0; k < s.length; k++) {
      const c = s.charCodeAt(k);
      if (c >= 0xd800 && c <= 0xdfff) throw new Unreadable("surrogate in source");
    }
  }

  read(): Start[] {
    const out = this.alternation();
    if (this.i !== this.s.length) throw new Unreadable(`stray ${this.s[this.i]} at ${this.i}`);
    return out;
  }

  private alternation(): Start[] {
    let out = this.sequence();
    while (this.s[this.i] === "|") {
      this.i++;
      out = [...out, ...this.sequence()];
    }
    return dedupe(out);
  }

  private sequence(): Start[] {
    let acc: Start[] = [[]];
    let full = false;
    while (this.i < this.s.length && this.s[this.i] !== "|" && this.s[this.i] !== ")") {
      if (full || this.skip > 0) {
        // Every start is complete: the rest of the sequence is only read past.
        this.skip++;
        this.item();
        this.skip--;
        continue;
      }
      acc = concat(acc, this.item());
      full = acc.every((x) => x.length >= START_LEN);
    }
    return acc;
  }

  private item(): Start[] {
    const atom = this.atom();
    const q = this.quantifier();
    if (!q || this.skip > 0) return atom;
    const [min, max] = q;
    // Up to START_LEN non-empty repetitions decide a start of START_LEN characters (more
    // repetitions than `min` are allowed for: a superset).
    let out: Start[] = min === 0 ? [[]] : [];
    let reps: Start[] = [[]];
    for (let r = 1; r <= Math.min(max, START_LEN); r++) {
      reps = concat(reps, atom);
      out = dedupe([...out, ...reps]);
    }
    return out;
  }

  private quantifier(): [number, number] | undefined {
    const c = this.s[this.i];
    let q: [number, number] | undefined;
    if (c === "?") q = [0, 1];
    else if (c === "*") q = [0, Number.POSITIVE_INFINITY];
    else if (c === "+") q = [1, Number.POSITIVE_INFINITY];
    else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.s.slice(this.i));
      if (!m) return undefined;
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === "" ? Number.POSITIVE_INFINITY : Number(m[3]);
      this.i += m[0].length - 1;
      q = [min, max];
    }
    if (!q) return undefined;
    this.i++;
    if (this.s[this.i] === "?") this.i++;
    return q;
  }

  private atom(): Start[] {
    const c = this.s[this.i++]!;
    if (c === "(") {
      let zeroWidth = false;
      if (this.s.startsWith("?:", this.i)) this.i += 2;
      else if (/^\?(=|!|<=|<!)/.test(this.s.slice(this.i, this.i + 3))) {
        zeroWidth = true;
        this.i += this.s[this.i + 1] === "<" ? 3 : 2;
      } else if (this.s.startsWith("?<", this.i)) this.i = this.s.indexOf(">", this.i) + 1;
      else if (this.s[this.i] === "?") throw new Unreadable("unknown group");
      const inner = this.alternation();
      if (this.s[this.i++] !== ")") throw new Unreadable("unclosed group");
      // A look-around consumes nothing: read as matching anywhere.
      return zeroWidth ? [[]] : inner;
    }
    if (c === "[") return [[this.charClass()]];
    if (c === "^" || c === "$") return [[]];
    if (c === ".") return [[ALL]];
    if (c === "\\") {
      const e = this.s[this.i++]!;
      if (e === "b" || e === "B") return [[]];
      if (/[1-9k]/.test(e)) throw new Unreadable("back-reference");
      return [[this.escape(e)]];
    }
    if (c === ")" || c === "*" || c === "+" || c === "?") throw new Unreadable(`unexpected ${c}`);
    return [[[c.charCodeAt(0), c.charCodeAt(0)]]];
  }

  /** One escaped character or class after the backslash (`e` is already read). */
  private escape(e: string): Units {
    switch (e) {
      case "d":
        return DIGIT;
      case "D":
        return complement(DIGIT);
      case "w":
        return WORD;
      case "W":
        return complement(WORD);
      case "s":
        return SPACE;
      case "S":
        return complement(SPACE);
      case "p":
      case "P": {
        // A property: any character (a superset).
        if (this.s[this.i] === "{") this.i = this.s.indexOf("}", this.i) + 1;
        return ALL;
      }
      case "n":
        return [10, 10];
      case "r":
        return [13, 13];
      case "t":
        return [9, 9];
      case "f":
        return [12, 12];
      case "v":
        return [11, 11];
      case "0":
        return [0, 0];
      case "u": {
        const m = /^[0-9a-fA-F]{4}/.exec(this.s.slice(this.i));
        if (!m) throw new Unreadable("\\u escape");
        this.i += 4;
        const u = Number.parseInt(m[0], 16);
        return [u, u];
      }
      case "x": {
        const m = /^[0-9a-fA-F]{2}/.exec(this.s.slice(this.i));
        if (!m) throw new Unreadable("\\x escape");
        this.i += 2;
        const u = Number.parseInt(m[0], 16);
        return [u, u];
      }
      case "c":
        throw new Unreadable("control escape");
      default:
        return [e.charCodeAt(0), e.charCodeAt(0)];
    }
  }

  private charClass(): Units {
    const negated = this.s[this.i] === "^";
    if (negated) this.i++;
    let set: number[] = [];
    while (this.s[this.i] !== "]") {
      if (this.i >= this.s.length) throw new Unreadable("unclosed class");
      const lo = this.classAtom();
      if (this.s[this.i] === "-" && this.s[this.i + 1] !== "]" && lo.length === 2 && lo[0] === lo[1]) {
        this.i++;
        const hi = this.classAtom();
        if (hi.length !== 2 || hi[0] !== hi[1]) throw new Unreadable("class range to a class");
        set.push(lo[0]!, hi[0]!);
      } else set = set.concat(lo);
    }
    this.i++;
    const units = norm(set);
    return negated ? complement(units) : units;
  }

  private classAtom(): Units {
    const c = this.s[this.i++]!;
    if (c !== "\\") return [c.charCodeAt(0), c.charCodeAt(0)];
    const e = this.s[this.i++]!;
    return e === "b" ? [8, 8] : this.escape(e);
  }
}

const KEYS = new WeakMap<Start, string>();
function key(s: Start): string {
  let k = KEYS.get(s);
  if (k === undefined) {
    k = s.map((u) => u.join(",")).join(";");
    KEYS.set(s, k);
  }
  return k;
}
function dedupe(starts: Start[]): Start[] {
  const seen = new Map<string, Start>();
  for (const s of starts) seen.set(key(s), s);
  return [...seen.values()];
}
function concat(a: Start[], b: Start[]): Start[] {
  const out: Start[] = [];
  for (const x of a) {
    if (x.length >= START_LEN) out.push(x);
    else for (const y of b) out.push([...x, ...y].slice(0, START_LEN));
  }
  return dedupe(out);
}

/** A position filter: `at(s, i)` is false only where no match of the expressions can start. */
export interface StartFilter {
  at(s: string, i: number): boolean;
  /** The first position ≥ `from` where a match could start, or -1. */
  next(s: string, from: number): number;
  /** The starts (up to three characters each) it was built from (for tests). */
  readonly starts: readonly (readonly Units[])[];
}

/** The starts of one expression, or undefined where the source cannot be read (or can match empty). */
export function regexStarts(re: RegExp): Start[] | undefined {
  if (/[iv]/.test(re.flags)) return undefined;
  try {
    const starts = new Reader(re.source).read();
    return starts.some((s) => s.length === 0) ? undefined : starts;
  } catch (e) {
    if (e instanceof Unreadable) return undefined;
    throw e;
  }
}

/** The members of `u` below 128. */
function asciiOf(u: Units): number[] {
  const out: number[] = [];
  for (let k = 0; k < u.length && u[k]! < 128; k += 2)
    for (let c = u[k]!; c <= Math.min(u[k + 1]!, 127); c++) out.push(c);
  return out;
}

/**
 * One filter for positions where any of `res` could start a match; undefined when one of them
 * cannot be read (try every position then). Three ASCII characters are looked up in a bit set of
 * every start's first three characters; elsewhere (a non-ASCII character among them, the text's
 * last two positions) the first character decides.
 */
export function startFilter(res: readonly RegExp[]): StartFilter | undefined {
  const starts: Start[] = [];
  for (const re of res) {
    const s = regexStarts(re);
    if (!s) return undefined;
    starts.push(...s);
  }
  // first[c] is 1 where some match can start with c.
  const first = new Uint8Array(0x10000);
  for (const s of starts)
    for (let k = 0; k < s[0]!.length; k += 2) first.fill(1, s[0]![k]!, s[0]![k + 1]! + 1);
  // Three ASCII characters: one bit each of 128³ (a shorter start continues with anything).
  const tri = new Uint32Array(1 << 16);
  const anyAscii = asciiOf(ALL);
  const covers = (u: Units | undefined) => u === undefined || (u[0] === 0 && u[1]! >= 127);
  for (const s of starts) {
    const a = asciiOf(s[0]!);
    // Any second and third character: 16,384 bits in a row; any third: 128 (whole words).
    if (covers(s[1]) && covers(s[2])) {
      for (const x of a) tri.fill(0xffffffff, x << 9, (x + 1) << 9);
      continue;
    }
    const b = s[1] ? asciiOf(s[1]) : anyAscii;
    if (covers(s[2])) {
      for (const x of a)
        for (const y of b)
          tri.fill(0xffffffff, ((x << 14) | (y << 7)) >>> 5, (((x << 14) | (y << 7)) >>> 5) + 4);
      continue;
    }
    const c = asciiOf(s[2]!);
    for (const x of a)
      for (const y of b)
        for (const z of c) {
          const bit = (x << 14) | (y << 7) | z;
          tri[bit >>> 5]! |= 1 << (bit & 31);
        }
  }
  const at = (s: string, i: number): boolean => {
    const c0 = s.charCodeAt(i);
    if (first[c0] === 0) return false;
    if (c0 >= 128 || i + 2 >= s.length) return true;
    const c1 = s.charCodeAt(i + 1);
    const c2 = s.charCodeAt(i + 2);
    if (c1 >= 128 || c2 >= 128) return true;
    const bit = (c0 << 14) | (c1 << 7) | c2;
    return (tri[bit >>> 5]! & (1 << (bit & 31))) !== 0;
  };
  return {
    starts,
    at,
    next(s: string, from: number): number {
      const n = s.length;
      for (let i = from; i < n; i++) if (first[s.charCodeAt(i)] !== 0 && at(s, i)) return i;
      return -1;
    },
  };
}
