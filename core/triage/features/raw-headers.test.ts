import { describe, expect, it } from "vitest";
import { collectedHeader, rawHeaderSlots, rawHeaderTokens, shapeOf } from "./raw-headers.ts";

const sender = new Map([
  ["from", "Li Wei <a.b12@x.cn>"],
  ["x-mailer", "Foxmail 7.2.19"],
  ["mime-version", "1.0"],
  ["content-type", 'multipart/alternative; boundary="----=_NextPart_000_0012_01D9"; charset="GB2312"'],
  ["message-id", "<202611261234.AB12@mail.example.co.uk>"],
]);

describe("rawHeaderTokens", () => {
  it("reads sender-set names, reduced values, MIME shape, Message-Id host and From shape", () => {
    expect(rawHeaderTokens(sender, "a.b12@x.cn")).toEqual([
      "n:from",
      "n:x-mailer",
      "n:mime-version",
      "n:content-type",
      "n:message-id",
      "v:x-mailer=foxmail 7",
      "m:9.9",
      "t:multipart/alternative",
      "b:----=_a_9_9_9a9",
      "c:gb2312",
      "i:co.uk",
      "l:9.a9",
      "f:a.a9",
    ]);
  });

  it("skips headers stamped where the mail was collected", () => {
    const stamped = new Map([
      ["received", "from relay.example by mx.example"],
      ["delivered-to", "me@example.org"],
      ["return-path", "<bounce@example.org>"],
      ["x-spam-status", "Yes, score=9"],
      ["x-virus-scanned", "clamav"],
      ["status", "RO"],
      ["x-uid", "42"],
      ["arc-seal", "i=1"],
    ]);
    const tokens = rawHeaderTokens(stamped, "");
    expect(tokens).toEqual(["i:none"]);
    for (const name of stamped.keys()) expect(collectedHeader(name)).toBe(true);
    expect(collectedHeader("x-mailer")).toBe(false);
  });

  it("marks a missing or malformed Message-Id", () => {
    expect(rawHeaderTokens(new Map([["message-id", "garbage"]]), "")).toContain("i:malformed");
    expect(rawHeaderTokens(new Map(), "")).toEqual(["i:none"]);
  });
});

describe("shapeOf", () => {
  it("collapses letters and digits in any script", () => {
    expect(shapeOf("john.smith42")).toBe("a.a9");
    expect(shapeOf("пётр_2024")).toBe("a_9");
    expect(shapeOf("田中")).toBe("a");
  });
});

describe("rawHeaderSlots", () => {
  it("gives distinct ascending slots inside the block, the same on every call", () => {
    const a = rawHeaderSlots(sender, "a.b12@x.cn", 12, 0x5c0075);
    expect(a).toEqual(rawHeaderSlots(sender, "a.b12@x.cn", 12, 0x5c0075));
    for (let i = 0; i < a.length; i++) {
      expect(a[i]).toBeGreaterThanOrEqual(0);
      expect(a[i]).toBeLessThan(4096);
      if (i > 0) expect(a[i]).toBeGreaterThan(a[i - 1]!);
    }
    expect(a.length).toBeGreaterThan(8);
  });

  it("does not change when only collection stamps differ", () => {
    const kept = new Map([...sender, ["received", "from a by b"], ["x-spam-flag", "YES"]]);
    expect(rawHeaderSlots(kept, "a.b12@x.cn", 12, 1)).toEqual(rawHeaderSlots(sender, "a.b12@x.cn", 12, 1));
  });
});
