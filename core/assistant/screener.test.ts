import { describe, expect, it } from "vitest";
import { screenerRoute } from "./screener.ts";

const base = {
  enabled: true,
  answer: null,
  knownInAccount: false,
  waiting: false,
  from: "New Person <new@example.org>",
  vipSenders: [] as string[],
};

describe("screenerRoute", () => {
  it("holds a first-time sender and passes a known one", () => {
    expect(screenerRoute({ input: base })).toBe("hold");
    expect(screenerRoute({ input: { ...base, knownInAccount: true } })).toBe("pass");
  });
  it("keeps holding a sender that already waits, even once seen", () => {
    expect(screenerRoute({ input: { ...base, knownInAccount: true, waiting: true } })).toBe("hold");
  });
  it("follows the answer: yes passes, no screens out", () => {
    expect(screenerRoute({ input: { ...base, answer: "yes" } })).toBe("pass");
    expect(screenerRoute({ input: { ...base, answer: "no", knownInAccount: true } })).toBe("screen_out");
  });
  it("never holds a VIP (address or domain)", () => {
    expect(screenerRoute({ input: { ...base, vipSenders: ["new@example.org"] } })).toBe("pass");
    expect(screenerRoute({ input: { ...base, vipSenders: ["example.org"] } })).toBe("pass");
    expect(screenerRoute({ input: { ...base, vipSenders: ["other.org"] } })).toBe("hold");
  });
  it("does nothing while off", () => {
    expect(screenerRoute({ input: { ...base, enabled: false } })).toBe("pass");
    expect(screenerRoute({ input: { ...base, enabled: false, answer: "no" } })).toBe("pass");
  });
});
