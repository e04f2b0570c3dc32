import { describe, expect, it } from "vitest";
import { reauthLink } from "./notices.tsx";

describe("re-authorization links", () => {
  it("start each provider's OAuth and come back to Scouts; others have none", () => {
    expect(reauthLink("google")).toEqual({
      label: "Re-authorize Gmail",
      href: "/oauth/google/start?returnTo=%2Fscouts",
    });
    expect(reauthLink("gmail")).toEqual(reauthLink("google"));
    expect(reauthLink("slack")).toEqual({
      label: "Re-authorize Slack",
      href: "/oauth/slack/start?returnTo=%2Fscouts",
    });
    expect(reauthLink("demo")).toBeNull();
    expect(reauthLink(null)).toBeNull();
  });
});
