import { describe, expect, it } from "vitest";
import { parseEmail } from "./parse.ts";

describe("parseEmail on a note with no head", () => {
  it("reads a text whose first line is no header field as all body", async () => {
    const r = await parseEmail("hey! dinner on sunday? 8pm at the ramen place\nsee you, Jo\n");
    expect(r.ok && r.value.email.text).toContain("dinner on sunday");
    expect(r.ok && r.value.email.text).toContain("see you, Jo");
  });
  it("still reads a head when the first line is a header field", async () => {
    const r = await parseEmail("Subject: hi there\r\n\r\nbody text");
    expect(r.ok && r.value.email.subject).toBe("hi there");
    expect(r.ok && r.value.email.text).toContain("body text");
  });
});
