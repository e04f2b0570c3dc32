import PostalMime from "postal-mime";
import { sameMethod } from "./method-match.ts";
import { chargeLines, PARSE_BUDGET, type ParseBudget } from "./parse-budget.ts";

/**
 * Two swaps in postal-mime's line loop, the largest cost of a parse here:
 * - `readLine` found each line end with a JavaScript loop over every byte; this finds it with
 *   the native `Uint8Array.prototype.indexOf` (same bytes: up to the LF, trailing CRs dropped).
 * - `parse` awaited the async `processLine` for every line (a promise and a microtask each);
 *   a line that cannot be a boundary (no open multipart, or not starting with "--") and is not
 *   the last one goes straight to `currentNode.feed`, which is all `processLine` does with it.
 *
 * Each swap happens only when the method is postal-mime 4.0.0's code (`PostalMime400` below, compared
 * by `sameMethod`, which sees through a bundler's reprinting and minifying), so another release
 * keeps its own; `fast-lines.test.ts` checks patched and stock output are equal.
 * The patched `parse` counts the lines it feeds directly toward a `ParseBudget` (parse-budget.ts).
 *
 * @example
 * installFastLines(); // idempotent; how many of the two methods were replaced (2 on 4.0.0)
 */
export function installFastLines(): number {
  const proto = PostalMime.prototype as unknown as Record<string, unknown>;
  let n = 0;
  for (const [name, known, fast] of SWAPS) {
    const key = Symbol.for(`scouts.triage.fastLines.${name}`);
    if (Object.hasOwn(proto, key)) {
      n++;
      continue;
    }
    if (!sameMethod(proto[name], known)) continue;
    Object.defineProperty(proto, key, { value: proto[name], configurable: true });
    proto[name] = fast;
    n++;
  }
  return n;
}

/** Puts postal-mime's own methods back (tests compare both). */
export function uninstallFastLines(): void {
  const proto = PostalMime.prototype as unknown as Record<string | symbol, unknown>;
  for (const [name] of SWAPS) {
    const key = Symbol.for(`scouts.triage.fastLines.${name}`);
    const original = Object.getOwnPropertyDescriptor(proto, key)?.value;
    if (!original) continue;
    proto[name] = original;
    Reflect.deleteProperty(proto, key);
  }
}

interface Parser {
  started: boolean;
  options: { forceRfc822Attachments?: boolean; [PARSE_BUDGET]?: ParseBudget };
  buf: ArrayBuffer;
  av: Uint8Array;
  readPos: number;
  boundaries: unknown[];
  currentNode: { feed(line: Uint8Array): void };
  forceRfc822Attachments: boolean;
  root: unknown;
  resolveInput(buf: unknown): Promise<ArrayBuffer>;
  readLine(): { bytes: Uint8Array; done: boolean };
  processLine(line: Uint8Array, isFinal: boolean): Promise<void>;
  hasReportParts(): boolean;
  collectNode(node: unknown, alternative: boolean, related: boolean): Promise<void>;
  renderTextContent(): void;
  buildMessage(): unknown;
  encodeAttachments(): void;
}

function readLine(this: Parser): { bytes: Uint8Array; done: boolean } {
  const av = this.av;
  const start = this.readPos;
  const lf = av.indexOf(0x0a, start);
  let last = lf < 0 ? av.length : lf;
  this.readPos = lf < 0 ? av.length : lf + 1;
  // Only CRs can sit between the last kept byte and the LF (or the end of input). The step
  // back runs on every line, so V8 has seen it before a line that ends in CRs arrives.
  do last--;
  while (last >= start && av[last] === 0x0d);
  const end = last + 1;
  return { bytes: new Uint8Array(this.buf, start, end - start), done: this.readPos >= av.length };
}

async function parse(this: Parser, buf: unknown): Promise<unknown> {
  if (this.started) {
    throw new Error("Can not reuse parser, create a new PostalMime object");
  }
  this.started = true;
  const budget = this.options[PARSE_BUDGET];
  this.buf = await this.resolveInput(buf);
  this.av = new Uint8Array(this.buf);
  this.readPos = 0;
  const boundaries = this.boundaries;
  // Every node is a MimeNode; their shapes vary (fields added as headers turn up), so
  // `this.currentNode.feed` looked up per line went megamorphic. Same method, found once.
  const feed = (Object.getPrototypeOf(this.root) as { feed(this: unknown, line: Uint8Array): void }).feed;
  presetFields(this.root);
  while (this.readPos < this.av.length) {
    const line = this.readLine();
    const b = line.bytes;
    if (!line.done && !(boundaries.length > 0 && b.length > 2 && b[0] === 0x2d && b[1] === 0x2d)) {
      // Lines that skip processLine are counted here (parse-budget.ts counts the others).
      if (budget) chargeLines(budget, 1);
      feed.call(this.currentNode, b);
      continue;
    }
    const node = this.currentNode;
    await this.processLine(b, line.done);
    if (this.currentNode !== node) presetFields(this.currentNode);
  }
  this.forceRfc822Attachments = Boolean(this.options.forceRfc822Attachments) || this.hasReportParts();
  await this.collectNode(this.root, false, false);
  this.renderTextContent();
  const message = this.buildMessage();
  this.encodeAttachments();
  return message;
}

/**
 * postal-mime adds `contentId` and `contentDescription` to a node only when the part has those
 * headers (and `subMessage` when it holds a message), so nodes came in several shapes and V8
 * recompiled the node methods each time one showed up. Present from the start (undefined,
 * which postal-mime treats like absent: it only tests them for truth), every node has one shape.
 */
function presetFields(node: unknown): void {
  const n = node as Record<string, unknown>;
  if (!("contentId" in n)) {
    n.contentId = undefined;
    n.contentDescription = undefined;
    n.subMessage = undefined;
  }
}

/**
 * postal-mime 4.0.0's two methods, verbatim. Never called: a bundle reprints this copy as it
 * reprints postal-mime, so `sameMethod` tells the release's code from any other (method-match.ts).
 */
class PostalMime400 {
  declare readPos: number;
  declare av: Uint8Array;
  declare buf: ArrayBuffer;
  declare started: boolean;
  declare options: { forceRfc822Attachments?: boolean };
  declare forceRfc822Attachments: boolean;
  declare root: unknown;
  declare resolveInput: Parser["resolveInput"];
  declare processLine: Parser["processLine"];
  declare hasReportParts: Parser["hasReportParts"];
  declare collectNode: Parser["collectNode"];
  declare renderTextContent: Parser["renderTextContent"];
  declare buildMessage: Parser["buildMessage"];
  declare encodeAttachments: Parser["encodeAttachments"];

  readLine() {
    // biome-ignore lint/style/useConst: postal-mime's own text, compared token for token
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
          done: this.readPos >= this.av.length,
        };
      }
    }
    return {
      bytes: new Uint8Array(this.buf, startPos, endPos - startPos),
      done: this.readPos >= this.av.length,
    };
  }

  async parse(buf: unknown) {
    if (this.started) {
      throw new Error("Can not reuse parser, create a new PostalMime object");
    }
    this.started = true;
    this.buf = await this.resolveInput(buf);
    this.av = new Uint8Array(this.buf);
    this.readPos = 0;
    while (this.readPos < this.av.length) {
      const line = this.readLine();
      await this.processLine(line.bytes, line.done);
    }
    this.forceRfc822Attachments = Boolean(this.options.forceRfc822Attachments) || this.hasReportParts();
    await this.collectNode(this.root, false, false);
    this.renderTextContent();
    const message = this.buildMessage();
    this.encodeAttachments();
    return message;
  }
}

const SWAPS: [string, unknown, unknown][] = [
  ["readLine", PostalMime400.prototype.readLine, readLine],
  ["parse", PostalMime400.prototype.parse, parse],
];
