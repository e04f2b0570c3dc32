import { describe, expect, it } from "vitest";
import { signSlackRequest, verifySlackSignature } from "./slack-signature.ts";

const secret = "8f742231b10e8888abcd99yyyzzz85a5";
const timestamp = "1531420618";
const body =
  "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";
const expected = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";
const nowMs = 1531420618_000 + 10_000;

describe("Slack request signature", () => {
  it("passes the published test vector (string and bytes)", async () => {
    expect(await signSlackRequest({ signingSecret: secret, timestamp, rawBody: body })).toBe(expected);
    const base = { signingSecret: secret, timestamp, signature: expected, nowMs };
    expect(await verifySlackSignature({ ...base, rawBody: body })).toEqual({ ok: true });
    expect(await verifySlackSignature({ ...base, rawBody: new TextEncoder().encode(body) })).toEqual({
      ok: true,
    });
  });

  it.each([
    ["a changed body", { rawBody: `${body}&x=1` }, "bad_signature"],
    ["the wrong secret", { signingSecret: "another-secret" }, "bad_signature"],
    [
      "an uppercase-hex signature of another body",
      { signature: expected.replace("a2114", "b2114") },
      "bad_signature",
    ],
    ["a v1 signature", { signature: expected.replace("v0=", "v1=") }, "bad_signature"],
    ["a truncated signature", { signature: expected.slice(0, 40) }, "bad_signature"],
    ["non-hex", { signature: `v0=${"zz".repeat(32)}` }, "bad_signature"],
    ["a replay 301 s later", { nowMs: 1531420618_000 + 301_000 }, "stale_timestamp"],
    ["a timestamp from the future", { nowMs: 1531420618_000 - 301_000 }, "stale_timestamp"],
    ["a non-numeric timestamp", { timestamp: "1531420618abc" }, "stale_timestamp"],
    ["a re-signed body with a moved timestamp", { timestamp: "1531420619" }, "bad_signature"],
    ["no signature", { signature: null }, "missing_header"],
    ["no timestamp", { timestamp: undefined }, "missing_header"],
  ])("refuses %s", async (_, over, reason) => {
    const input = { signingSecret: secret, timestamp, signature: expected, rawBody: body, nowMs, ...over };
    expect(await verifySlackSignature(input)).toEqual({ ok: false, reason });
  });
});
