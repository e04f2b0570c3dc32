import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import path from "node:path";

const NL = 0x0a;
const FROM = Buffer.from("From ");

/**
 * Yields [id, raw] for every message under `p`: a file, a folder of files (sorted, recursively),
 * a Maildir (`cur` then `new`) or an mbox (`<file>#<n>`, `>From ` unescaped). A file of
 * `streamFrom` bytes or more is read in chunks of `chunk` bytes, so a large mbox costs the memory
 * of its largest message, not of the file; smaller files are read whole (one read, no scan).
 *
 * @example
 * for (const [id, raw] of mailMessages("inbox.mbox")) console.log(id, raw.length);
 */
export function* mailMessages(
  p: string,
  dir = statSync(p).isDirectory(),
  chunk = 1 << 20,
  streamFrom = 16 << 20,
): Generator<[string, string]> {
  if (dir) {
    const entries = readdirSync(p, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    const names = entries.map((e) => e.name);
    const maildir = ["cur", "new"].filter((d) => names.includes(d));
    if (maildir.length > 0 && names.includes("tmp")) {
      for (const d of maildir)
        for (const f of readdirSync(path.join(p, d)).sort())
          yield* mailMessages(path.join(p, d, f), undefined, chunk, streamFrom);
      return;
    }
    for (const e of entries) {
      const full = path.join(p, e.name);
      // The entry's own type saves a stat per file; links are followed.
      const isDir = e.isSymbolicLink() ? statSync(full).isDirectory() : e.isDirectory();
      if (isDir || /\.(eml|msg|txt)$/i.test(e.name) || !e.name.includes("."))
        yield* mailMessages(full, isDir, chunk, streamFrom);
    }
    return;
  }
  const fd = openSync(p, "r");
  let text: string | undefined;
  try {
    if (fstatSync(fd).size < streamFrom) text = readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
  let n = 0;
  if (text !== undefined) {
    if (/^From [^\n]*\n[\x21-\x39\x3b-\x7e]+:/.test(text) && /\n\nFrom /.test(text))
      for (const part of text.split(/\n(?=From [^\n]*\n)/))
        yield [`${p}#${++n}`, part.replace(/^>(>*From )/gm, "$1")];
    else yield [p, text];
    return;
  }
  if (!isMbox(p, chunk)) {
    yield [p, readFileSync(p, "utf8")];
    return;
  }
  for (const part of mboxParts(p, chunk)) yield [`${p}#${++n}`, part.replace(/^>(>*From )/gm, "$1")];
}

/** Bytes of `p` in chunks of `size` (one buffer, reused: callers copy what they keep). */
function* chunks(p: string, size: number): Generator<Buffer> {
  const fd = openSync(p, "r");
  const buf = Buffer.allocUnsafe(size);
  try {
    for (;;) {
      const got = readSync(fd, buf, 0, size, null);
      if (got === 0) return;
      yield buf.subarray(0, got);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * An mbox starts with a `From ` line followed by a header line and has a `From ` line after a
 * blank line somewhere (so one message with a stray `From ` first line stays one message).
 */
function isMbox(p: string, size: number): boolean {
  let head = Buffer.alloc(0);
  let carry = Buffer.alloc(0);
  let first: boolean | undefined;
  for (const c of chunks(p, size)) {
    if (first === undefined) {
      head = Buffer.concat([head, c]);
      first = startsLikeMbox(head);
      if (first === false) return false;
    }
    const scan = Buffer.concat([carry, c]);
    if (first === true && scan.includes("\n\nFrom ")) return true;
    carry = scan.subarray(Math.max(0, scan.length - 6));
  }
  return false;
}

/** `/^From [^\n]*\n[\x21-\x39\x3b-\x7e]+:/` on the bytes read so far; undefined until it can tell. */
function startsLikeMbox(b: Buffer): boolean | undefined {
  for (let i = 0; i < FROM.length; i++) {
    if (i >= b.length) return undefined;
    if (b[i] !== FROM[i]) return false;
  }
  const eol = b.indexOf(NL, FROM.length);
  if (eol < 0) return undefined;
  let i = eol + 1;
  for (; i < b.length; i++) {
    const x = b[i]!;
    if (x === 0x3a) return i > eol + 1;
    if (x < 0x21 || x > 0x7e) return false;
  }
  return undefined;
}

/**
 * `text.split(/\n(?=From [^\n]*\n)/)` over the file's bytes: a part ends at a newline followed by
 * a whole `From ` line. Splitting at an ASCII newline never cuts a UTF-8 sequence, so each part
 * decodes exactly as the same span of the whole decoded file.
 */
function* mboxParts(p: string, size: number): Generator<string> {
  // Pending bytes live in buf[from, len); it grows by doubling, so a long message is copied
  // O(log) times, and scanning resumes where it stopped.
  let buf = Buffer.allocUnsafe(size * 2);
  let len = 0;
  let from = 0;
  let at = 0;
  for (const c of chunks(p, size)) {
    if (from > 0) {
      buf.copy(buf, 0, from, len);
      len -= from;
      at -= from;
      from = 0;
    }
    if (len + c.length > buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(buf.length * 2, len + c.length));
      buf.copy(grown, 0, 0, len);
      buf = grown;
    }
    c.copy(buf, len);
    len += c.length;
    const view = buf.subarray(0, len);
    for (;;) {
      const nl = view.indexOf("\nFrom ", at);
      if (nl < 0) {
        at = Math.max(from, len - 5);
        break;
      }
      const eol = view.indexOf(NL, nl + 1 + FROM.length);
      if (eol < 0) {
        at = nl; // the `From ` line is not whole yet: look again with more bytes
        break;
      }
      yield view.toString("utf8", from, nl);
      from = nl + 1;
      at = from;
    }
  }
  yield buf.toString("utf8", from, len);
}
