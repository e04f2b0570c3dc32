/** MIME building blocks: encoded words, body encodings, header folding, deterministic pseudo-random bits. */
import { createHash } from "node:crypto";
import { type Charset, encodeText } from "./charsets.ts";

export function hash(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("hex");
}

export function b64of(seed: string, length: number): string {
  let out = "";
  let i = 0;
  while (out.length < length)
    out += createHash("sha256").update(`${seed}:${i++}`).digest("base64").replace(/=+$/, "");
  return out.slice(0, length).replace(/[+/]/g, (c) => (c === "+" ? "x" : "Q"));
}

export function b64raw(seed: string, length: number): string {
  let out = "";
  let i = 0;
  while (out.length < length)
    out += createHash("sha256").update(`${seed}:${i++}`).digest("base64").replace(/=+$/, "");
  return out.slice(0, length);
}

export function num(seed: string, mod: number): number {
  return Number.parseInt(hash(seed).slice(0, 8), 16) % mod;
}

const isAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);

/** RFC 2047 encoded words, each self-contained (ISO-2022-JP words end back in ASCII). */
export function encodeWords(text: string, charset: Charset = "utf-8"): string {
  if (isAscii(text)) return text;
  const label = charset.toUpperCase();
  if (charset === "iso-8859-1") {
    const bytes = encodeText(text, charset);
    let q = "";
    for (const b of bytes) {
      const ch = String.fromCharCode(b);
      q += /[A-Za-z0-9!*+\-/]/.test(ch)
        ? ch
        : b === 0x20
          ? "_"
          : `=${b.toString(16).toUpperCase().padStart(2, "0")}`;
    }
    const words: string[] = [];
    for (let i = 0; i < q.length; ) {
      let end = Math.min(i + 60, q.length);
      while (end < q.length && q[end - 1] !== "=" && q[end - 2] === "=") end -= 2;
      while (end < q.length && q[end - 1] === "=") end -= 1;
      words.push(`=?${label}?Q?${q.slice(i, end)}?=`);
      i = end;
    }
    return words.join(" ");
  }
  const chars = [...text];
  const words: string[] = [];
  let chunk = "";
  for (const ch of chars) {
    if (encodeText(chunk + ch, charset).length > 42) {
      words.push(`=?${label}?B?${Buffer.from(encodeText(chunk, charset)).toString("base64")}?=`);
      chunk = "";
    }
    chunk += ch;
  }
  if (chunk) words.push(`=?${label}?B?${Buffer.from(encodeText(chunk, charset)).toString("base64")}?=`);
  return words.join(" ");
}

/** `Name <addr>` with the display name encoded or quoted as needed. */
export function encodeAddress(value: string, charset: Charset = "utf-8"): string {
  return value
    .split(/,\s*(?=[^,]*<|[^,<>]+@)/)
    .map((one) => {
      const m = one.match(/^\s*(.*?)\s*<([^>]+)>\s*$/);
      if (!m) return one.trim();
      const [, name, addr] = m;
      if (!name) return `<${addr}>`;
      if (!isAscii(name)) return `${encodeWords(name, charset)} <${addr}>`;
      return /[,.;:@()"[\]<>]/.test(name) ? `"${name.replace(/"/g, '\\"')}" <${addr}>` : `${name} <${addr}>`;
    })
    .join(", ");
}

/** Folds a header at spaces to lines of at most 78 characters where it can. */
export function fold(name: string, value: string): string {
  const words = value.split(" ");
  const lines: string[] = [];
  let line = `${name}:`;
  for (const word of words) {
    if (line.length + 1 + word.length > 78 && line.trim().length > name.length + 1) {
      lines.push(line);
      line = `\t${word}`;
    } else {
      line += ` ${word}`;
    }
  }
  lines.push(line);
  return lines.join("\n");
}

export function quotedPrintable(bytes: Uint8Array): string {
  const out: string[] = [];
  const text = Buffer.from(bytes).toString("latin1");
  for (const rawLine of text.split("\n")) {
    let line = "";
    const chars = [...rawLine];
    chars.forEach((ch, i) => {
      const code = ch.charCodeAt(0);
      const last = i === chars.length - 1;
      let piece: string;
      if ((code >= 33 && code <= 126 && ch !== "=") || (ch === " " && !last) || (ch === "\t" && !last))
        piece = ch;
      else piece = `=${code.toString(16).toUpperCase().padStart(2, "0")}`;
      if (line.length + piece.length > 75) {
        out.push(`${line}=`);
        line = "";
      }
      line += piece;
    });
    out.push(line);
  }
  return out.join("\n");
}

export function base64Lines(bytes: Uint8Array | string): string {
  const b64 = Buffer.from(bytes).toString("base64");
  return b64.match(/.{1,76}/g)?.join("\n") ?? "";
}

export interface Part {
  headers: [string, string][];
  body: string;
}

/** Encodes text for a leaf part; picks a transfer encoding when none is asked for. */
export function textPart(
  type: string,
  text: string,
  charset: Charset,
  cte?: string,
  extra: [string, string][] = [],
): Part {
  const bytes = encodeText(text, charset);
  const ascii = bytes.every((b) => b < 0x80);
  const longLines = text.split("\n").some((l) => l.length > 900);
  const encoding =
    cte ?? (charset === "iso-2022-jp" ? "7bit" : ascii && !longLines ? "7bit" : "quoted-printable");
  if (encoding === "8bit" && charset !== "utf-8")
    throw new Error(`8bit ${charset} would not survive a UTF-8 file`);
  let body: string;
  if (encoding === "base64") body = base64Lines(bytes);
  else if (encoding === "quoted-printable") body = quotedPrintable(bytes);
  else body = Buffer.from(bytes).toString(charset === "utf-8" ? "utf8" : "latin1");
  const label = charset === "utf-8" ? "UTF-8" : charset.toUpperCase();
  return {
    headers: [
      ["Content-Type", `${type}; charset="${label}"`],
      ["Content-Transfer-Encoding", encoding],
      ...extra,
    ],
    body,
  };
}

export function multipart(subtype: string, boundary: string, parts: Part[], extra = ""): Part {
  const body = `${parts
    .map((p) => `--${boundary}\n${p.headers.map(([k, v]) => fold(k, v)).join("\n")}\n\n${p.body}\n`)
    .join("")}--${boundary}--`;
  return { headers: [["Content-Type", `multipart/${subtype}; boundary="${boundary}"${extra}`]], body };
}
