import { describe, expect, it } from "vitest";
import { scanMime } from "./mime-scan.ts";

const caps = { maxHeaderChars: 1000, maxParts: 3 };
const count = (headers: string, body: string) => scanMime(`${headers}\n\n${body}`, caps).delimiterLines;

describe("scanMime", () => {
  it("counts delimiter lines of declared boundaries, not terminators or other dash lines", () => {
    const body = "--b\nx\n--b \t\r\n--b--\n-- \n--bx\n---b\n";
    expect(count('Content-Type: multipart/mixed; boundary="b"', body)).toBe(2);
    expect(count("Content-Type: multipart/mixed; BOUNDARY = b ; x=y", body)).toBe(2);
    expect(count("Content-Type: multipart/mixed;\r\n boundary=b", body)).toBe(2);
    expect(count("Content-Type: text/plain", body)).toBe(0);
  });

  it("counts every dash line when a boundary is written in a form it does not read exactly", () => {
    const body = "--abc\n--x\n-- sig\n";
    for (const decl of [
      'boundary*0="a"; boundary*1="bc"', // RFC 2231 sections
      'boundary="a\\"bc"', // escape inside quotes
      'boundary="ab\r\n c"', // fold inside quotes
      "boundary=ab cd", // blanks inside a token
      "boundary= (note) abc", // comment
      "boundary=abc\rdef", // bare CR, which the parser turns into a space
      "boundary=abc\n def", // token folded onto the next line
      'boundary="ab\uFFFDc"', // compared as UTF-8 bytes by the parser
    ])
      expect(count(`Content-Type: multipart/mixed; ${decl}`, body), decl).toBe(3);
  });

  it("refuses before parsing: too many delimiters, or top-level headers over the cap", () => {
    const parts = "--b\n\nx\n".repeat(4);
    expect(scanMime(`Content-Type: multipart/mixed; boundary=b\n\n${parts}`, caps).reason).toBe(
      "too_many_parts",
    );
    expect(scanMime(`X: ${"a".repeat(1000)}\n\nbody`, caps).reason).toBe("headers_too_large");
    // Header lines end at the first line that is empty once its CRs are dropped.
    expect(scanMime(`X: ${"a".repeat(990)}\r\r\n\r\n${"b".repeat(5000)}`, caps).reason).toBeUndefined();
  });
});
