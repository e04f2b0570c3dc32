/**
 * Encoders for the legacy charsets the corpus uses. Node ships decoders only, so each encoder is the
 * inverse of the WHATWG decoder, built by decoding every code the charset has.
 */
export type Charset = "utf-8" | "iso-8859-1" | "windows-1251" | "shift_jis" | "iso-2022-jp";

const tables = new Map<string, Map<string, number[]>>();

function inverse(label: string, codes: number[][]): Map<string, number[]> {
  const cached = tables.get(label);
  if (cached) return cached;
  const decoder = new TextDecoder(label, { fatal: true });
  const map = new Map<string, number[]>();
  for (const code of codes) {
    try {
      const ch = decoder.decode(new Uint8Array(code));
      if ([...ch].length === 1 && !map.has(ch)) map.set(ch, code);
    } catch {
      // not a valid code in this charset
    }
  }
  tables.set(label, map);
  return map;
}

function singleBytes(): number[][] {
  return Array.from({ length: 256 }, (_, i) => [i]);
}

function shiftJisCodes(): number[][] {
  const codes = singleBytes().filter(([b]) => b! < 0x80);
  const leads = [...range(0x81, 0x9f), ...range(0xe0, 0xef)];
  for (const lead of leads) {
    for (const trail of [...range(0x40, 0x7e), ...range(0x80, 0xfc)]) codes.push([lead, trail]);
  }
  return codes;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function encodeWith(text: string, label: string, codes: () => number[][]): Uint8Array {
  const map = inverse(label, codes());
  const out: number[] = [];
  for (const ch of text) {
    const code = map.get(ch);
    if (!code)
      throw new Error(`${label} cannot encode ${JSON.stringify(ch)} (U+${ch.codePointAt(0)?.toString(16)})`);
    out.push(...code);
  }
  return new Uint8Array(out);
}

/** Shift_JIS two-byte code to its JIS X 0208 row/cell bytes (the ISO-2022-JP payload). */
function sjisToJis(s1: number, s2: number): [number, number] {
  let j1 = (s1 - (s1 <= 0x9f ? 0x70 : 0xb0)) * 2;
  let j2: number;
  if (s2 >= 0x9f) {
    j2 = s2 - 0x7e;
  } else {
    j1 -= 1;
    j2 = s2 - (s2 >= 0x80 ? 0x20 : 0x1f);
  }
  return [j1, j2];
}

function encodeIso2022jp(text: string): Uint8Array {
  const sjis = inverse("shift_jis", shiftJisCodes());
  const out: number[] = [];
  let inKanji = false;
  for (const ch of text) {
    const code = sjis.get(ch);
    if (!code) throw new Error(`iso-2022-jp cannot encode ${JSON.stringify(ch)}`);
    if (code.length === 1) {
      if (code[0]! >= 0x80) throw new Error(`iso-2022-jp has no half-width katakana: ${ch}`);
      if (inKanji) out.push(0x1b, 0x28, 0x42);
      inKanji = false;
      out.push(code[0]!);
    } else {
      if (!inKanji) out.push(0x1b, 0x24, 0x42);
      inKanji = true;
      out.push(...sjisToJis(code[0]!, code[1]!));
    }
  }
  if (inKanji) out.push(0x1b, 0x28, 0x42);
  return new Uint8Array(out);
}

/** What Japanese mail software writes for characters JIS X 0208 lacks (¥ is 0x5C only in JIS X 0201). */
const JIS_SUBSTITUTES: Record<string, string> = {
  "¥": "￥",
  "•": "・",
  "·": "・",
  "—": "―",
  "–": "－",
  "〜": "～",
};

export function encodeText(text: string, charset: Charset): Uint8Array {
  if (charset === "shift_jis" || charset === "iso-2022-jp")
    text = text.replace(/[¥•·—–〜]/g, (c) => JIS_SUBSTITUTES[c] ?? c);
  switch (charset) {
    case "utf-8":
      return new TextEncoder().encode(text);
    case "iso-8859-1":
      return encodeWith(text, "iso-8859-1", singleBytes);
    case "windows-1251":
      return encodeWith(text, "windows-1251", singleBytes);
    case "shift_jis":
      return encodeWith(text, "shift_jis", shiftJisCodes);
    case "iso-2022-jp":
      return encodeIso2022jp(text);
  }
}
