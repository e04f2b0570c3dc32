import { describe, expect, it } from "vitest";
import { rfc822 } from "../../../tests/fakes/gmail/index.ts";
import { splitMessage } from "../../../tests/fakes/gmail/mime.ts";
import { EMAIL, gmailHarness } from "./test-harness.ts";

function original(h: ReturnType<typeof gmailHarness>) {
  const raw = rfc822({
    from: "Ann <ann@example.org>",
    subject: "Quarterly numbers",
    body: "Could you send them?",
    headers: { "Message-ID": "<orig-1@example.org>", References: "<root@example.org>" },
  }).replace(/Message-ID: <[^>]+@fake\.test>\r\n/, "");
  return h.gmail.addMessage(EMAIL, { raw, threadId: "thread-1" });
}

function decodeBody(raw: string): string {
  const b64 = splitMessage(raw).body.replace(/\s+/g, "");
  return new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
}

describe("Gmail drafts", () => {
  it("creates a reply draft in the thread with reply headers, charges 10 units, and deletes it", async () => {
    const h = gmailHarness();
    const msg = original(h);
    const ctx = await h.connector.replyContext({ source: "gmail", id: msg.id });
    expect(ctx).toEqual({
      threadId: "thread-1",
      to: "Ann <ann@example.org>",
      subject: "Re: Quarterly numbers",
      messageId: "<orig-1@example.org>",
      references: "<root@example.org>",
    });
    const before = h.gmail.quota.total(EMAIL);
    const { draftId } = await h.connector.createDraft({
      threadId: ctx.threadId,
      to: ctx.to,
      subject: ctx.subject,
      body: "Yes — attached.\nThanks, Bo",
      inReplyTo: ctx.messageId,
      references: ctx.references,
    });
    expect(h.gmail.quota.total(EMAIL) - before).toBe(10);
    const draft = h.gmail.mailbox(EMAIL).drafts.get(draftId)!;
    expect(draft.threadId).toBe("thread-1");
    const headers = Object.fromEntries(splitMessage(draft.raw).headers.map((x) => [x.name, x.value]));
    expect(headers).toMatchObject({
      To: "Ann <ann@example.org>",
      Subject: "Re: Quarterly numbers",
      "In-Reply-To": "<orig-1@example.org>",
      References: "<root@example.org> <orig-1@example.org>",
    });
    expect(decodeBody(draft.raw)).toBe("Yes — attached.\r\nThanks, Bo");
    await h.connector.deleteDraft(draftId);
    expect(h.gmail.mailbox(EMAIL).drafts.size).toBe(0);
    // Deleting again (the person already removed it in Gmail) is not an error.
    await h.connector.deleteDraft(draftId);
    expect(h.gmail.calls.filter((c) => c.call === "draftDelete").map((c) => c.status)).toEqual([204, 404]);
    expect(h.gmail.calls.some((c) => c.call === "send" || c.call === "draftSend")).toBe(false);
  });

  it("refuses CR/LF in header values before calling Gmail", async () => {
    const h = gmailHarness();
    original(h);
    const base = { threadId: "thread-1", to: "ann@example.org", subject: "Re: x", body: "ok" };
    for (const bad of [
      { subject: "Re: x\r\nBcc: eve@evil.test" },
      { to: "ann@example.org\nBcc: eve@evil.test" },
      { inReplyTo: "<a@b>\r\n\r\nInjected body" },
      { to: "ann@example.org, eve@evil.test" },
    ]) {
      await expect(h.connector.createDraft({ ...base, ...bad })).rejects.toMatchObject({ code: "bad_input" });
    }
    expect(h.gmail.calls).toHaveLength(0);
    const { draftId } = await h.connector.createDraft({
      ...base,
      subject: "Re: Grüße",
      body: "line\nbreaks fine",
    });
    const raw = h.gmail.mailbox(EMAIL).drafts.get(draftId)!.raw;
    expect(raw).toContain("Subject: =?UTF-8?B?");
    expect(splitMessage(raw).headers.map((x) => x.name)).not.toContain("Bcc");
  });

  it("retries 429/5xx on drafts.create and maps an unknown thread to not_found", async () => {
    const h = gmailHarness();
    original(h);
    h.gmail.faults.failNext(1, "429");
    h.gmail.faults.failNext(1, "503");
    const { draftId } = await h.connector.createDraft({
      threadId: "thread-1",
      to: "ann@example.org",
      subject: "Re: x",
      body: "ok",
    });
    expect(h.gmail.mailbox(EMAIL).drafts.has(draftId)).toBe(true);
    expect(h.sleeps).toHaveLength(2);
    await expect(
      h.connector.createDraft({ threadId: "no-such-thread", to: "a@b.test", subject: "s", body: "b" }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(h.gmail.mailbox(EMAIL).drafts.size).toBe(1);
  });
});
