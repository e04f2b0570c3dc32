import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mailMessages } from "./mailbox.cli.ts";

/** The whole-file reading the CLI did before mboxes were streamed: the reference. */
function wholeFile(p: string): [string, string][] {
  const text = readFileSync(p, "utf8");
  if (/^From [^\n]*\n[\x21-\x39\x3b-\x7e]+:/.test(text) && /\n\nFrom /.test(text)) {
    let n = 0;
    return text
      .split(/\n(?=From [^\n]*\n)/)
      .map((part) => [`${p}#${++n}`, part.replace(/^>(>*From )/gm, "$1")]);
  }
  return [[p, text]];
}

const dir = mkdtempSync(path.join(tmpdir(), "mailbox-"));
let files = 0;
const file = (bytes: Buffer | string) => {
  const p = path.join(dir, `${++files}.mbox`);
  writeFileSync(p, bytes);
  return p;
};

describe("mailMessages (large mboxes read in chunks)", () => {
  const msg = (subject: string, body: string) =>
    `From a@b.example Tue Mar  3 09:00:00 2026\nFrom: a@b.example\nSubject: ${subject}\n\n${body}\n`;

  it("splits, unescapes and decodes like reading the whole file, at every chunk size", () => {
    const cases = [
      msg("one", "plain") + msg("two", ">From the start\n>>From deeper\nFrom inside a line? no\n"),
      `${msg("ünïcödé", "日本語のテキスト 🎉")}${msg("crlf", "a\r\nb\r\n")}From x@y Tue\n\n`,
      `${msg("trailing from line", "x")}From no-newline-at-end`,
      `From one message only\nSubject: x\n\nno blank-line From here\n`,
      `Subject: not an mbox\n\nFrom a@b\n\nFrom c@d\n`,
      `From a@b\n bad header line\n\nFrom c@d\nX: y\n`,
    ];
    for (const text of cases) {
      const p = file(text);
      for (const size of [1, 2, 3, 5, 6, 7, 13, 64, 1 << 20])
        expect([...mailMessages(p, false, size, 0)], `${JSON.stringify(text.slice(0, 40))} @${size}`).toEqual(
          wholeFile(p),
        );
      // Below the streaming size the file is read whole: the same parts.
      expect([...mailMessages(p)]).toEqual(wholeFile(p));
    }
  });

  it("cuts no UTF-8 sequence and keeps invalid bytes as the whole-file decoder does", () => {
    const bytes = Buffer.concat([
      Buffer.from(msg("bytes", "é")),
      Buffer.from([0xe2, 0x82, 0x0a]), // a cut three-byte sequence before a newline
      Buffer.from(msg("after", "\u{1F600}")),
      Buffer.from([0xff, 0xfe, 0x0a, 0x0a]),
      Buffer.from(msg("last", "ok")),
    ]);
    const p = file(bytes);
    for (const size of [1, 2, 3, 4, 7, 4096])
      expect([...mailMessages(p, false, size, 0)]).toEqual(wholeFile(p));
  });

  it("matches the whole-file reading on generated mboxes (property)", () => {
    const piece = fc.constantFrom(
      "From ",
      "\n",
      ">From ",
      ">>From ",
      "From: x\n",
      "a",
      "é",
      "🎉",
      "\r\n",
      ":",
      " ",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.integer({ min: 1, max: 9 }), (parts, size) => {
        const p = file(`From a@b c\nX: y\n${parts.join("")}\n\nFrom q@r\nY: z\n${parts.join("")}`);
        expect([...mailMessages(p, false, size, 0)]).toEqual(wholeFile(p));
      }),
      { numRuns: 300 },
    );
  });
});
