import { describe, expect, it } from "vitest";
import { demoMessage, demoRaw } from "./catalog.ts";
import { createDemoConnector } from "./demo-connector.ts";

describe("demo connector", () => {
  it("lists items after the cursor up to the head, bounded by the page limit, cursor forward only", async () => {
    let head = 3;
    const c = createDemoConnector({ head: async () => head, pageLimit: 2 });
    expect(await c.listNew({ cursor: null })).toEqual({
      refs: [
        { source: "demo", id: "demo-1" },
        { source: "demo", id: "demo-2" },
      ],
      cursor: "2",
      fullResync: false,
    });
    expect((await c.listNew({ cursor: "2" })).refs.map((r) => r.id)).toEqual(["demo-3"]);
    expect(await c.listNew({ cursor: "3" })).toMatchObject({ refs: [], cursor: "3" });
    head = 5;
    expect((await c.listNew({ cursor: "3" })).refs.map((r) => r.id)).toEqual(["demo-4", "demo-5"]);
  });

  it("is deterministic by sequence number and covers the advertised kinds", () => {
    expect(demoRaw(demoMessage(42))).toBe(demoRaw(demoMessage(42)));
    const subjects = Array.from({ length: 8 }, (_, i) => demoMessage(i + 1).subject).join("\n");
    expect(subjects).toMatch(/bill/);
    expect(subjects).toMatch(/meet/);
    expect(subjects).toMatch(/WON/);
    expect(subjects).toMatch(/\[Slack\]/);
    expect(subjects).toMatch(/Issue #/);
    expect(demoRaw(demoMessage(8))).toContain("List-Unsubscribe: <https://weeklybyte.example/u>");
  });

  it("serves metadata and raw RFC 822 for its own refs and refuses others", async () => {
    const c = createDemoConnector({ head: async () => 9 });
    const [meta] = await c.fetchMetadata([{ source: "demo", id: "demo-2" }]);
    expect(meta).toMatchObject({ subject: demoMessage(2).subject, from: expect.stringContaining("@") });
    const content = await c.fetchContent({ source: "demo", id: "demo-2" });
    expect(content.kind === "email" && content.raw).toMatch(/^From: .*\r\nTo: /);
    await expect(c.fetchContent({ source: "gmail", id: "demo-2" })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
