import { describe, expect, it } from "vitest";
import { draftMime } from "./draft-mime.ts";

const to = (addr: string) => draftMime({ threadId: "t", to: addr, subject: "s", body: "b" }).split("\r\n")[0];

describe("draftMime", () => {
  it("keeps ASCII quoting and encodes non-ASCII display names", () => {
    expect(to('"Doe, John" <j@x.org>')).toBe('To: "Doe, John" <j@x.org>');
    expect(to("Jörg <j@x.de>")).toBe("To: =?UTF-8?B?SsO2cmc=?= <j@x.de>");
    expect(to("plain@x.org")).toBe("To: plain@x.org");
  });

  it("chains References to the answered Message-ID once, and wraps the base64 body at 76", () => {
    const mime = draftMime({
      threadId: "t",
      to: "a@b.test",
      subject: "Re: s",
      body: "x".repeat(200),
      inReplyTo: "<m2@x>",
      references: "<m1@x> <m2@x>",
    });
    expect(mime).toContain("In-Reply-To: <m2@x>\r\nReferences: <m1@x> <m2@x>\r\n");
    const body = mime.split("\r\n\r\n")[1]!;
    expect(body.split("\r\n").every((l) => l.length <= 76)).toBe(true);
  });
});
