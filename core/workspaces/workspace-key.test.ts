import { describe, expect, it } from "vitest";
import { CoreError } from "../errors.ts";
import { deriveWorkspaceKey, extractIdForScheme, parseWorkspaceKey } from "./workspace-key.ts";

describe("workspace keys", () => {
  it.each([
    ["slack://channel/C024BE91L", { scheme: "slack", kind: "channel", id: "C024BE91L" }],
    ["slack://channel/G024BE91L", { scheme: "slack", kind: "channel", id: "G024BE91L" }],
    ["slack://group/G0MPIM123", { scheme: "slack", kind: "group", id: "G0MPIM123" }],
    ["slack://im/U024BE7LH", { scheme: "slack", kind: "dm", id: "U024BE7LH" }],
    ["slack://im/W012A3CDE", { scheme: "slack", kind: "dm", id: "W012A3CDE" }],
    ["slack://im/D012A3CDE", { scheme: "slack", kind: "dm", id: "D012A3CDE" }],
    [
      "slack://team/T024BE7LD/channel/C024BE91L",
      { scheme: "slack", kind: "channel", id: "C024BE91L", teamId: "T024BE7LD" },
    ],
    [
      "slack://team/E0GRID123/im/U024BE7LH",
      { scheme: "slack", kind: "dm", id: "U024BE7LH", teamId: "E0GRID123" },
    ],
    ["gmail://list/announce.example.com", { scheme: "gmail", kind: "list", id: "announce.example.com" }],
    ["gmail://list/Python-Dev.Python.org", { scheme: "gmail", kind: "list", id: "python-dev.python.org" }],
    ["gmail://list/1234567.xt.local", { scheme: "gmail", kind: "list", id: "1234567.xt.local" }],
  ])("parses %s", (uri, expected) => {
    const parsed = parseWorkspaceKey(uri);
    expect(parsed).toMatchObject(expected);
    expect(parseWorkspaceKey(parsed.key)).toEqual(parsed);
  });

  it.each([
    ["", /scheme/],
    ["C024BE91L", /scheme/],
    ["slack:/channel/C1", /scheme/],
    ["http://channel/C024BE91L", /unknown scheme "http"/],
    ["SLACK://channel/C024BE91L", /scheme/],
    ["slack://channel/", /slack keys look like/],
    ["slack://channel/C024BE91L/extra", /slack keys look like/],
    ["slack://chan/C024BE91L", /slack keys look like/],
    ["slack://channel/U024BE7LH", /channel id must be/],
    ["slack://channel/c024be91l", /channel id must be/],
    ["slack://im/C024BE91L", /im id must be/],
    ["slack://im/G024BE91L", /im id must be/],
    ["slack://team//channel/C024BE91L", /team id/],
    ["slack://team/C1X/channel/C024BE91L", /team id/],
    ["slack://channel/C024BE91L?x=1", /channel id must be/],
    ["gmail://list/", /gmail keys look like/],
    ["gmail://list/nodot", /RFC 2919/],
    ["gmail://list/a..b", /RFC 2919/],
    ["gmail://list/a b.example.com", /RFC 2919/],
    ["gmail://list/<a.example.com>", /RFC 2919/],
    ["gmail://label/a.example.com", /gmail keys look like/],
    ["gmail://list/a.example.com/x", /gmail keys look like/],
    [`gmail://list/${"a".repeat(300)}.com`, /300/],
  ])("refuses %j with a clear error", (uri, message) => {
    expect(() => parseWorkspaceKey(uri)).toThrowError(message);
    try {
      parseWorkspaceKey(uri);
    } catch (e) {
      expect((e as CoreError).code).toBe("bad_input");
    }
  });

  it("derives canonical keys", () => {
    expect(deriveWorkspaceKey({ input: { scheme: "slack", kind: "channel", id: "C024BE91L" } })).toBe(
      "slack://channel/C024BE91L",
    );
    expect(deriveWorkspaceKey({ input: { scheme: "slack", kind: "dm", id: "D024BE7LH" } })).toBe(
      "slack://im/D024BE7LH",
    );
    // A DM is the conversation, never a person (the owner would become their own "DM").
    expect(() => deriveWorkspaceKey({ input: { scheme: "slack", kind: "dm", id: "U024BE7LH" } })).toThrow(
      /conversation id/,
    );
    expect(deriveWorkspaceKey({ input: { scheme: "gmail", kind: "list", id: "Announce.Example.COM" } })).toBe(
      "gmail://list/announce.example.com",
    );
    expect(() => deriveWorkspaceKey({ input: { scheme: "gmail", kind: "channel", id: "x.y" } })).toThrow(
      /lists/,
    );
    expect(() => deriveWorkspaceKey({ input: { scheme: "slack", kind: "list", id: "C1" } })).toThrow(
      /slack workspaces/,
    );
  });

  it("extracts ids from raw ids or full keys", () => {
    expect(extractIdForScheme("C024BE91L", "slack")).toBe("C024BE91L");
    expect(extractIdForScheme("slack://channel/C024BE91L", "slack")).toBe("C024BE91L");
    expect(extractIdForScheme(" slack://team/T024BE7LD/im/U024BE7LH ", "slack")).toBe("U024BE7LH");
    expect(extractIdForScheme("D024BE91L", "slack")).toBe("D024BE91L");
    expect(extractIdForScheme("gmail://list/announce.example.com", "gmail")).toBe("announce.example.com");
    expect(extractIdForScheme("<Announce.Example.com>", "gmail")).toBe("announce.example.com");
    expect(() => extractIdForScheme("gmail://list/announce.example.com", "slack")).toThrow(
      /expected a slack workspace/,
    );
    expect(() => extractIdForScheme("#general", "slack")).toThrow(/not a Slack channel/);
    expect(() => extractIdForScheme("", "slack")).toThrow(/empty/);
    expect(() => extractIdForScheme("slack://channel/nope", "slack")).toThrow(CoreError);
    expect(() => extractIdForScheme("not a list", "gmail")).toThrow(/mailing-list/);
  });
});
