import { describe, expect, it } from "vitest";
import {
  messageWithAttachment,
  messageWithHugeText,
  messageWithManyParts,
} from "../../../tests/fakes/gmail/big-messages.ts";
import { parseEmail } from "../../triage/preprocess/parse.ts";
import { CONTENT_CAPS } from "./message-content.ts";
import { EMAIL, gmailHarness } from "./test-harness.ts";

async function fetchParsed(raw: string) {
  const h = gmailHarness();
  const { id } = h.gmail.addMessage(EMAIL, { raw });
  const content = await h.connector.fetchContent({ source: "gmail", id });
  if (content.kind !== "email") throw new Error("not an email");
  const parsed = await parseEmail(content.raw);
  if (!parsed.ok) throw new Error(`unparseable: ${parsed.reason}`);
  const gets = h.gmail.calls.filter((c) => c.call === "get");
  return { content, email: parsed.value.email, gets, h };
}

describe("Gmail connector: bounded content (format=full, attachments by name, type and size)", () => {
  it("keeps the text and names the attachment without its bytes", async () => {
    const { content, email, gets } = await fetchParsed(messageWithAttachment("Report Q3", 3 * 1024 * 1024));
    expect(content.kind === "email" && content.raw.length).toBeLessThan(4096);
    expect(email.subject).toBe("Report Q3");
    expect(email.text).toContain("The quarterly report is attached.");
    expect(email.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      ["report.pdf", "application/pdf"],
    ]);
    expect(content.kind === "email" && content.raw).toMatch(/X-Scouts-Attachment-Size: 3145\d{3}/);
    expect(gets).toHaveLength(1);
  });

  it("a text beyond the response cap falls back to headers and snippet, with one more call", async () => {
    const { content, email, gets } = await fetchParsed(
      messageWithHugeText("Minutes", CONTENT_CAPS.maxResponseBytes + 1024),
    );
    expect(email.subject).toBe("Minutes");
    expect(email.text).toContain("See the HTML part.");
    expect(content.metadata).toMatchObject({ subject: "Minutes", from: "Big Sender <big@example.org>" });
    expect(gets).toHaveLength(2);
  });

  it("rebuilds at most maxParts parts of a many-part message", async () => {
    const { email } = await fetchParsed(messageWithManyParts("Parts", 2000));
    expect(email.subject).toBe("Parts");
    expect(email.text).toContain("Many parts follow.");
    expect(email.text).not.toContain(`part ${CONTENT_CAPS.maxParts + 5}`);
  });

  it("sender header values cannot add header lines to the rebuilt text", async () => {
    const h = gmailHarness();
    const raw = messageWithAttachment("Inject", 10).replace(
      'filename="report.pdf"',
      'filename="a.pdf"\r\n\tX-Evil: 1',
    );
    const { id } = h.gmail.addMessage(EMAIL, { raw });
    const content = await h.connector.fetchContent({ source: "gmail", id });
    expect(content.kind === "email" && content.raw).not.toMatch(/^X-Evil/m);
  });
});
