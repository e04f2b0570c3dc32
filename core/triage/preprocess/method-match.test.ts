import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { canonicalSource, sameMethod } from "./method-match.ts";

// A method in postal-mime's style, and what bundlers and formatters make of it.
const KNOWN = `readLine() {
        let startPos = this.readPos; // where the line starts
        while (this.readPos < this.av.length) {
            const c = this.av[this.readPos++];
            if (c !== 0x0d && c !== 0x0a) { startPos = this.readPos; }
            if (c === 0x0a) {
                return { bytes: new Uint8Array(this.buf, startPos, 1), kind: 'line' };
            }
        }
        throw new Error('no \\'end\\'');
    }`;
const same = (a: string, b: string) => {
  const ca = canonicalSource(a);
  return ca !== undefined && ca === canonicalSource(b);
};

describe("sameMethod: a library method told apart from any other, through a bundler's reprinting", () => {
  it("sees through whitespace, comments, quotes, number notation, trailing commas and renamed locals", () => {
    const reprinted = `readLine() {
  let startPos = this.readPos;
  while (this.readPos < this.av.length) {
    const c = this.av[this.readPos++];
    if (c !== 13 && c !== 10) {
      startPos = this.readPos;
    };
    if (c === 10) {
      return { bytes: new Uint8Array(this.buf, startPos, 1), kind: "line", };
    }
  }
  throw new Error("no 'end'");
}`;
    const minified = `readLine(){let e=this.readPos;while(this.readPos<this.av.length){const t=this.av[this.readPos++];if(t!==13&&t!==10){e=this.readPos}if(t===10){return{bytes:new Uint8Array(this.buf,e,1),kind:"line"}}}throw new Error("no 'end'")}`;
    expect(same(KNOWN, KNOWN)).toBe(true);
    expect(same(KNOWN, reprinted)).toBe(true);
    expect(same(KNOWN, minified)).toBe(true);
  });

  it("reads a call of an import as Vite's module runner prints it as the plain call, and nothing else so", () => {
    const plain = "finalize() { this.flush(); return blobToArrayBuffer(new Blob(this.chunks)); }";
    const viaRunner =
      "finalize() { this.flush(); return (0, __vite_ssr_import_3__.blobToArrayBuffer)(new Blob(this.chunks)); }";
    expect(same(plain, viaRunner)).toBe(true);
    expect(same(plain, viaRunner.replace("__vite_ssr_import_3__", "helpers"))).toBe(false);
    expect(same(plain, viaRunner.replace("(0,", "(1,"))).toBe(false);
  });

  it("refuses every subtle edit of the body", () => {
    const edits: [string, string][] = [
      ["0x0d", "0x0c"],
      ["this.readPos < this.av.length", "this.readPos <= this.av.length"],
      ["this.readPos++", "++this.readPos"],
      ["kind: 'line'", "kind: 'line '"],
      ["kind: 'line'", "kinds: 'line'"],
      ["this.buf, startPos", "this.buf, c"],
      ["new Uint8Array", "new Int8Array"],
      ["av[this.readPos++]", "av[this.readPos++ ]?.x"],
      ["let startPos", "const startPos"],
      ["return {", "return\n{"],
      ["startPos = this.readPos; }", "startPos = this.readPos / 2; }"],
      ["this.buf, startPos, 1", "this.buf, startPos, 1.5"],
      ["no \\'end\\'", "no \\'end\\'\\n"],
    ];
    for (const [from, to] of edits) {
      const edited = KNOWN.replace(from, to);
      expect(edited, from).not.toBe(KNOWN);
      expect(same(KNOWN, edited), `${from} → ${to}`).toBe(false);
    }
    // A shorthand key is a key: renaming its local changes the object.
    expect(same("f() { const a = 1; return { a }; }", "f() { const b = 1; return { b }; }")).toBe(false);
    expect(same("f() { const a = 1; return { a }; }", "f() { const a = 2; return { a }; }")).toBe(false);
    expect(same("f() { const a = 1; return { a }; }", "f() { const a = 1; return { a, }; }")).toBe(true);
    // Locals swapped in use, though each is declared alike.
    const swapped = KNOWN.replace("let startPos = this.readPos", "let startPos = this.av").replace(
      "const c = this.av[",
      "const c = this.readPos[",
    );
    expect(same(KNOWN, swapped)).toBe(false);
  });

  it("fails closed on what it cannot compare safely", () => {
    for (const src of [
      "f() { return /a b/; }",
      "f() { return `x`; }",
      "f() { return 1n; }",
      "f() { return 017; }",
    ])
      expect(canonicalSource(src), src).toBeUndefined();
    expect(canonicalSource("f() { return '\\q'; }")).toBeUndefined();
    expect(sameMethod(undefined, () => 1)).toBe(false);
    expect(sameMethod("readLine() {}", "readLine() {}")).toBe(false);
  });

  it("knows postal-mime's own methods from each other", () => {
    const proto = PostalMime.prototype as unknown as Record<string, unknown>;
    expect(sameMethod(proto.readLine, proto.readLine)).toBe(true);
    expect(sameMethod(proto.readLine, proto.parse)).toBe(false);
    expect(sameMethod(proto.processLine, proto.parse)).toBe(false);
  });
});
