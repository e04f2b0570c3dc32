import { describe, expect, it } from "vitest";
import { CoreError } from "../errors.ts";
import { decodeGmailPush } from "./gmail-push.ts";

const VECTOR = "eyJlbWFpbEFkZHJlc3MiOiAidXNlckBleGFtcGxlLmNvbSIsICJoaXN0b3J5SWQiOiAiMTIzNDU2Nzg5MCJ9";
const push = (data: string) => ({
  message: { data, messageId: "m-1", publishTime: "2026-01-01T00:00:00Z" },
  subscription: "projects/p/subscriptions/s",
});
const b64 = (s: string) => Buffer.from(s).toString("base64");

describe("decodeGmailPush", () => {
  it("decodes the REFERENCE test vector", () => {
    expect(decodeGmailPush(push(VECTOR))).toEqual({
      emailAddress: "user@example.com",
      historyId: "1234567890",
      messageId: "m-1",
    });
  });

  it("keeps historyIds above 2^53 exact, as string or as a JSON number", () => {
    const big = "18446744073709551615";
    expect(decodeGmailPush(push(b64(`{"emailAddress":"a@b.co","historyId":"${big}"}`))).historyId).toBe(big);
    expect(decodeGmailPush(push(b64(`{"emailAddress":"a@b.co","historyId":${big}}`))).historyId).toBe(big);
    expect(
      decodeGmailPush(push(b64(`{"emailAddress":"a@b.co","historyId":9007199254740993}`))).historyId,
    ).toBe("9007199254740993");
  });

  it.each([
    ["not base64", push("%%%")],
    ["not JSON", push(b64("hello"))],
    ["not UTF-8", push(Buffer.from([0xff, 0xfe, 0x7b]).toString("base64"))],
    ["historyId 0", push(b64('{"emailAddress":"a@b.co","historyId":"0"}'))],
    ["historyId above uint64", push(b64('{"emailAddress":"a@b.co","historyId":"18446744073709551616"}'))],
    ["negative historyId", push(b64('{"emailAddress":"a@b.co","historyId":"-5"}'))],
    ["missing email", push(b64('{"historyId":"5"}'))],
    ["no message", { subscription: "s" }],
    ["a string body", "hello"],
  ])("refuses %s as bad_input", (_, body) => {
    expect(() => decodeGmailPush(body)).toThrowError(CoreError);
    try {
      decodeGmailPush(body);
    } catch (e) {
      expect((e as CoreError).code).toBe("bad_input");
    }
  });
});
