import { describe, expect, it } from "vitest";
import { EMAIL, gmailHarness } from "./test-harness.ts";

// The connector's multipart batch codec and base64url decoding, on workerd's fetch primitives.
describe("Gmail connector inside workerd", () => {
  it("lists, batches metadata, reads raw content and survives faults", async () => {
    const h = gmailHarness({ startHistoryId: "9007199254740993" });
    const ids = Array.from({ length: 60 }, (_, i) => h.add(`s${i}`, { body: `naïve ${i}` }).id);
    h.gmail.faults.failNext(1, "429");
    h.gmail.faults.failNext(1, "503");
    const list = await h.connector.listNew({ cursor: "9007199254740993" });
    expect(list.refs.map((r) => r.id)).toEqual(ids);
    expect(list.cursor).toBe(h.gmail.historyId(EMAIL));
    const metas = await h.connector.fetchMetadata(list.refs);
    expect(metas.map((m) => m.subject)).toEqual(ids.map((_, i) => `s${i}`));
    expect(h.gmail.batchRequests).toBe(2);
    const content = await h.connector.fetchContent(list.refs[3]!);
    expect(content.kind === "email" && content.raw.includes("naïve 3")).toBe(true);
  });
});
