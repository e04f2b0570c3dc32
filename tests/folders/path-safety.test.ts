import { describe, expect, it } from "vitest";
import { checkRelativePath, isInside } from "../../core/folders/path-safety.ts";
import { allowedDottedNames } from "./support/payloads.ts";

describe("checkRelativePath (string layer)", () => {
  it.each([
    ["../x", "climbs out"],
    ["%252e%252e%252fx", "climbs out"],
    ["%c0%ae%c0%ae/x", "overlong"],
    ["．．／x", "climbs out"],
    ["a\\b", "backslash"],
    ["/etc/passwd", "absolute"],
    ["C:x", "drive"],
    ["a\0b", "control"],
    ["a%00b", "NUL"],
    ["nul.txt", "device name"],
    ["COM1", "device name"],
    [`${"x".repeat(256)}`, "longer than 255"],
  ])("%j is refused (%s)", (p, why) => {
    const r = checkRelativePath(p);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(why);
  });

  it.each(allowedDottedNames)("%j is accepted", (p) => {
    expect(checkRelativePath(p)).toEqual({ ok: true, segments: p.split("/") });
  });

  it("accepts ordinary nested names, including non-ASCII and a literal percent", () => {
    expect(checkRelativePath("notes/café 100%.md").ok).toBe(true);
    expect(checkRelativePath("notes/caf%C3%A9.md").ok).toBe(true);
  });
});

describe("isInside", () => {
  it("needs the separator after the root, so a sibling with the same prefix is outside", () => {
    expect(isInside("/x/Linked", "/x/Linked2/a")).toBe(false);
    expect(isInside("/x/Linked", "/x/Linked")).toBe(false);
    expect(isInside("/x/Linked", "/x/Linked/a")).toBe(true);
    expect(isInside("/x/Linked/", "/x/Linked/a")).toBe(true);
  });
});
