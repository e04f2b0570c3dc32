import { describe, expect, it } from "vitest";
import type { ReadItemAnswer } from "./hub-link.ts";
import { readCloudMessage } from "./read-message.ts";
import { suggestionFixture } from "./suggestion-fixture.ts";

const answer = (a: ReadItemAnswer) => ({ readItemAnswer: async () => a });
const raw = "From: Ann <ann@example.com>\r\nSubject: Hi\r\n\r\nHello there\r\n";

describe("readCloudMessage: a cloud suggestion's message through the hub", () => {
  it("parses the hub's answer and leaves this message out of its thread", async () => {
    const m = await readCloudMessage({
      ctx: answer({
        item: {
          from: "Ann",
          subject: "Hi",
          date: 5,
          raw,
          thread: [
            { id: "m-a", from: "Ann", date: 5, firstLine: "Hello there" },
            { id: "m-0", from: "Bo", date: 1, firstLine: "Earlier" },
          ],
        },
      }),
      input: { suggestion: suggestionFixture("a") },
    });
    expect(m).toMatchObject({ from: "Ann <ann@example.com>", subject: "Hi", html: null });
    expect(m.text).toContain("Hello there");
    expect(m.thread.map((t) => t.id)).toEqual(["m-0"]);
  });

  it("a Slack item is its text", async () => {
    const m = await readCloudMessage({
      ctx: answer({ item: { from: "U1", subject: "", date: 7, text: "ship it" } }),
      input: { suggestion: suggestionFixture("s", { source: "slack" }) },
    });
    expect(m).toMatchObject({ text: "ship it", html: null, date: 7 });
  });

  it.each([
    ["not_found", "not_found", /no such message for you/],
    ["offline", "upstream_unavailable", /offline/],
    ["needs_reauth", "needs_reauth", /connected again/],
    ["device_revoked", "forbidden", /signed out/],
    ["weird", "upstream_unavailable", /refused \(weird\)/],
  ])("the hub's %s refusal is said in words (%s)", async (error, code, message) => {
    const p = readCloudMessage({ ctx: answer({ error }), input: { suggestion: suggestionFixture("a") } });
    await expect(p).rejects.toMatchObject({ code });
    await expect(p).rejects.toThrow(message);
  });

  it("a local suggestion is not sent to the cloud", async () => {
    let asked = false;
    const p = readCloudMessage({
      ctx: {
        readItemAnswer: async () => {
          asked = true;
          return { error: "x" };
        },
      },
      input: { suggestion: suggestionFixture("l", { source: "local_mail" }) },
    });
    await expect(p).rejects.toMatchObject({ code: "bad_input" });
    expect(asked).toBe(false);
  });
});
