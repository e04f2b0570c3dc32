import { describe, expect, it } from "vitest";
import { rfc822 } from "../../tests/fakes/gmail/mime.ts";
import { EMAIL, gmailHarness } from "../connectors/gmail/test-harness.ts";
import { firstLine, readableMessage } from "./read-message.ts";

const html = (body: string) =>
  "From: Ana <ana@example.org>\r\nTo: me@example.com\r\nSubject: Plan\r\n" +
  "Date: Sun, 22 Nov 2026 04:00:00 +0000\r\nMIME-Version: 1.0\r\n" +
  'Content-Type: multipart/alternative; boundary="b"\r\n\r\n' +
  `--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nPlain version\r\n` +
  `--b\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${body}\r\n--b--\r\n`;

describe("readableMessage: a message for the reading view", () => {
  it("gives headers, both bodies and the thread without this message", async () => {
    const m = await readableMessage({
      input: {
        raw: html("<p>Hello <b>there</b></p>"),
        date: 1,
        id: "m2",
        thread: [
          { id: "m1", from: "Bo <bo@example.org>", date: 5, firstLine: "First" },
          { id: "m2", from: "Ana <ana@example.org>", date: 6, firstLine: "Self" },
        ],
      },
    });
    expect(m).toMatchObject({ from: "Ana <ana@example.org>", to: "me@example.com", subject: "Plan" });
    expect(m.date).toBe(Date.parse("2026-11-22T04:00:00Z"));
    expect(m.html).toContain("<b>there</b>");
    expect(m.text).toContain("Plain version");
    expect(m.thread.map((t) => t.id)).toEqual(["m1"]);
    expect(m.truncated).toBe(false);
  });

  it("says when the provider gave only headers and snippet", async () => {
    const raw = rfc822({
      from: "a@b.test",
      subject: "Big",
      body: "snippet",
      headers: { "X-Scouts-Truncated": "too_large" },
    });
    expect((await readableMessage({ input: { raw, date: 1 } })).truncated).toBe(true);
  });

  it("refuses what cannot be parsed, saying why", async () => {
    await expect(readableMessage({ input: { raw: "   ", date: 1 } })).rejects.toThrow(
      /could not be read \(empty\)/,
    );
  });

  it("first line skips blank lines and caps the length", () => {
    expect(firstLine("\n\n  Hi   there \nsecond")).toBe("Hi there");
    expect(firstLine("x".repeat(500))).toHaveLength(200);
  });
});

describe("Gmail connector: fetchThread (threads.get format=metadata)", () => {
  it("lists the thread's messages oldest first with sender, date and first line", async () => {
    const h = gmailHarness();
    const a = h.gmail.addMessage(EMAIL, {
      raw: rfc822({ from: "Ana <ana@example.org>", subject: "Q", body: "Can we meet?" }),
      internalDate: 1000,
    });
    h.gmail.addMessage(EMAIL, {
      raw: rfc822({ from: "Bo <bo@example.org>", subject: "Re: Q", body: "Yes, Tuesday." }),
      threadId: a.threadId,
      internalDate: 2000,
    });
    h.gmail.addMessage(EMAIL, { raw: rfc822({ from: "c@x.test", subject: "Other", body: "no" }) });
    const thread = await h.connector.fetchThread?.({ source: "gmail", id: a.id, threadId: a.threadId }, 50);
    expect(thread?.map((t) => [t.from, t.date, t.firstLine])).toEqual([
      ["Ana <ana@example.org>", 1000, "Can we meet?"],
      ["Bo <bo@example.org>", 2000, "Yes, Tuesday."],
    ]);
    expect(h.gmail.calls.filter((c) => c.call === "threadGet")).toHaveLength(1);
  });

  it("a message without a thread id costs no call", async () => {
    const h = gmailHarness();
    expect(await h.connector.fetchThread?.({ source: "gmail", id: "x" }, 50)).toEqual([]);
    expect(h.gmail.calls).toHaveLength(0);
  });
});
