import PostalMime from "postal-mime";

/**
 * postal-mime finds each line with a JavaScript loop over every byte of the message (the
 * largest single cost of a parse here). This swaps only that `readLine` for the same
 * contract found with the native `Uint8Array.prototype.indexOf`: the bytes up to the next
 * LF, without the trailing CRs, and whether the input is exhausted.
 *
 * The swap happens only when `readLine`'s source is exactly postal-mime 4.0.0's, so another
 * release keeps its own code; `fast-lines.test.ts` checks patched and stock output are equal.
 *
 * @example
 * installFastLines(); // idempotent; true when the 4.0.0 readLine was replaced
 */
export function installFastLines(): boolean {
  const proto = PostalMime.prototype as unknown as LineReader & { [PATCHED]?: unknown };
  if (Object.hasOwn(proto, PATCHED)) return true;
  if (normalize(String(proto.readLine)) !== KNOWN_READ_LINE) return false;
  const original = proto.readLine;
  proto.readLine = readLine;
  Object.defineProperty(proto, PATCHED, { value: original, configurable: true });
  return true;
}

/** Puts postal-mime's own `readLine` back (tests compare both). */
export function uninstallFastLines(): void {
  const proto = PostalMime.prototype as unknown as LineReader;
  const original = Object.getOwnPropertyDescriptor(proto, PATCHED)?.value;
  if (!original) return;
  proto.readLine = original;
  Reflect.deleteProperty(proto, PATCHED);
}

interface LineReader {
  buf: ArrayBuffer;
  av: Uint8Array;
  readPos: number;
  readLine(this: LineReader): { bytes: Uint8Array; done: boolean };
}

function readLine(this: LineReader): { bytes: Uint8Array; done: boolean } {
  const av = this.av;
  const start = this.readPos;
  const lf = av.indexOf(0x0a, start);
  let end = lf < 0 ? av.length : lf;
  this.readPos = lf < 0 ? av.length : lf + 1;
  // Only CRs can sit between the last kept byte and the LF (or the end of input).
  while (end > start && av[end - 1] === 0x0d) end--;
  return { bytes: new Uint8Array(this.buf, start, end - start), done: this.readPos >= av.length };
}

const PATCHED = Symbol.for("scouts.triage.fastLines");
const normalize = (src: string) => src.replace(/\/\/[^\n]*/g, "").replace(/\s+/g, "");
const KNOWN_READ_LINE = normalize(`readLine() {
        let startPos = this.readPos;
        let endPos = this.readPos;
        while (this.readPos < this.av.length) {
            const c = this.av[this.readPos++];
            if (c !== 0x0d && c !== 0x0a) {
                endPos = this.readPos;
            }
            if (c === 0x0a) {
                return {
                    bytes: new Uint8Array(this.buf, startPos, endPos - startPos),
                    done: this.readPos >= this.av.length
                };
            }
        }
        return {
            bytes: new Uint8Array(this.buf, startPos, endPos - startPos),
            done: this.readPos >= this.av.length
        };
    }`);
