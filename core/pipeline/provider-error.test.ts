import { describe, expect, it } from "vitest";
import { CoreError } from "../errors.ts";
import { providerErrorCode } from "./provider-error.ts";

describe("providerErrorCode", () => {
  it("names the HTTP status or the Slack code beside the error class", () => {
    expect(
      providerErrorCode(new CoreError("upstream_unavailable", "x", { details: { httpStatus: 503 } })),
    ).toBe("upstream_unavailable (HTTP 503)");
    expect(
      providerErrorCode(new CoreError("rate_limited", "x", { details: { slackError: "ratelimited" } })),
    ).toBe("rate_limited (Slack ratelimited)");
    expect(providerErrorCode(new CoreError("timeout", "x"))).toBe("timeout");
    expect(providerErrorCode(new Error("boom"))).toBe("internal");
  });

  it("never carries free text: a code that is not Slack's snake_case or a status out of range is left out", () => {
    const e = new CoreError("upstream_rejected", "Subject: secret", {
      details: { slackError: "Subject: quarterly numbers", httpStatus: 9999 },
    });
    expect(providerErrorCode(e)).toBe("upstream_rejected");
    expect(
      providerErrorCode(new CoreError("upstream_rejected", "x", { details: { slackError: "a".repeat(65) } })),
    ).toBe("upstream_rejected");
  });
});
