import PostalMime from "postal-mime";
import { sameMethod } from "./method-match.ts";

/**
 * postal-mime joins each MIME part's decoded chunks with `new Blob(chunks).arrayBuffer()`.
 * In Node that goes through a stream reader, one step per chunk (two per line for 7bit
 * bodies) and cost ~0.45 ms of its ~0.76 ms per corpus message. This replaces only that join
 * with a synchronous copy of the same bytes; parsing and decoding stay postal-mime's own.
 *
 * Each decoder's `finalize` is swapped only when it is one of postal-mime 4.0.0's three (a known
 * flush step, then the Blob join; compared by `sameMethod`, which sees through a bundler's
 * reprinting), so a release that changes it keeps its own code. `tests/triage/fast-join.test.ts` checks patched and stock output are equal.
 *
 * @example
 * installFastJoin(); // idempotent; returns how many decoder classes were patched (3 on 4.0.0)
 */
export function installFastJoin(): number {
  if (installed !== undefined) return installed;
  installed = 0;
  for (const encoding of ["7bit", "base64", "quoted-printable"]) {
    const proto = decoderPrototype(encoding);
    if (!proto || Object.hasOwn(proto, PATCHED)) continue;
    const flush = KNOWN_FINALIZE.find(([reference]) => sameMethod(proto.finalize, reference))?.[1];
    if (flush === undefined) continue;
    const original = proto.finalize;
    proto.finalize = function (this: Decoder) {
      if (flush) (this[flush] as () => void)();
      return Promise.resolve(joinChunks(this.chunks));
    };
    Object.defineProperty(proto, PATCHED, { value: original, configurable: true });
    installed++;
  }
  return installed;
}

/** Puts postal-mime's own `finalize` back (tests compare both). */
export function uninstallFastJoin(): void {
  for (const encoding of ["7bit", "base64", "quoted-printable"]) {
    const proto = decoderPrototype(encoding);
    const original = proto && Object.getOwnPropertyDescriptor(proto, PATCHED)?.value;
    if (!proto || !original) continue;
    proto.finalize = original;
    Reflect.deleteProperty(proto, PATCHED);
  }
  installed = undefined;
}

interface Decoder {
  chunks: unknown[];
  finalize(): Promise<ArrayBuffer>;
  [k: string]: unknown;
}

let installed: number | undefined;
const PATCHED = Symbol.for("scouts.triage.fastJoin");

/**
 * postal-mime 4.0.0's three `finalize` methods, verbatim, each with the flush it calls first.
 * Never called: a bundle reprints them as it reprints postal-mime (see method-match.ts).
 */
class PassThrough400 {
  declare chunks: unknown[];
  finalize() {
    // convert an array of arraybuffers into a blob and then back into a single arraybuffer
    return blobToArrayBuffer(new Blob(this.chunks as BlobPart[], { type: "application/octet-stream" }));
  }
}
class Base64400 {
  declare chunks: unknown[];
  declare flushRemainder: () => void;
  finalize() {
    this.flushRemainder();
    return blobToArrayBuffer(new Blob(this.chunks as BlobPart[], { type: "application/octet-stream" }));
  }
}
class Qp400 {
  declare chunks: unknown[];
  declare flushBuffer: () => void;
  finalize() {
    this.flushBuffer();
    // convert an array of arraybuffers into a blob and then back into a single arraybuffer
    return blobToArrayBuffer(new Blob(this.chunks as BlobPart[], { type: "application/octet-stream" }));
  }
}
/** Stands for postal-mime's own helper of that name in the copies above. */
function blobToArrayBuffer(blob: Blob): Promise<ArrayBuffer> {
  return blob.arrayBuffer();
}
const KNOWN_FINALIZE: [unknown, string][] = [
  [PassThrough400.prototype.finalize, ""],
  [Base64400.prototype.finalize, "flushRemainder"],
  [Qp400.prototype.finalize, "flushBuffer"],
];

/** The decoder class postal-mime picks for a transfer encoding, reached through a throwaway parser. */
function decoderPrototype(encoding: string): Decoder | undefined {
  const root = (new PostalMime() as unknown as { root?: Record<string, unknown> }).root;
  if (!root || typeof root.setupContentDecoder !== "function") return undefined;
  (root.setupContentDecoder as (e: string) => void)(encoding);
  const decoder = root.contentDecoder as object | undefined;
  return decoder ? (Object.getPrototypeOf(decoder) as Decoder) : undefined;
}

const utf8 = new TextEncoder();

/** The bytes `new Blob(chunks)` would hold: strings as UTF-8, buffers and views as their bytes. */
export function joinChunks(chunks: unknown[]): ArrayBuffer {
  const parts: Uint8Array[] = [];
  let total = 0;
  for (const c of chunks) {
    const bytes =
      typeof c === "string"
        ? c === "\n"
          ? NEWLINE
          : utf8.encode(c)
        : c instanceof ArrayBuffer
          ? new Uint8Array(c)
          : ArrayBuffer.isView(c)
            ? new Uint8Array(c.buffer, c.byteOffset, c.byteLength)
            : utf8.encode(String(c));
    parts.push(bytes);
    total += bytes.byteLength;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out.buffer;
}
const NEWLINE = new Uint8Array([0x0a]);
