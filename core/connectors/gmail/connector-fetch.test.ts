import { describe, expect, it } from "vitest";
import { rfc822 } from "../../../tests/fakes/gmail/index.ts";
import { CoreError } from "../../errors.ts";
import { proposalFrame } from "../../pipeline/deliver-proposals.ts";
import { parseEmail } from "../../triage/preprocess/parse.ts";
import { rawHeaders } from "./message-resource.ts";
import { EMAIL, gmailHarness } from "./test-harness.ts";

describe("Gmail connector: content, metadata and actions", () => {
  it("fetches metadata in batches of at most 50 and skips messages deleted since", async () => {
    const h = gmailHarness();
    const ids = Array.from({ length: 120 }, (_, i) => h.add(`subject ${i}`).id);
    h.gmail.deleteMessage(EMAIL, ids[7]!);
    const metas = await h.connector.fetchMetadata(ids.map((id) => ({ source: "gmail" as const, id })));
    expect(metas).toHaveLength(119);
    expect(metas[0]).toMatchObject({
      from: "Ada <ada@example.org>",
      subject: "subject 0",
      snippet: "body of subject 0",
    });
    expect(metas[0]!.date).toBe(h.clock.now());
    expect(h.gmail.batchRequests).toBe(3);
    expect(h.gmail.calls.filter((c) => c.call === "get")).toHaveLength(120);
  });

  it("reads labels for read state with format=minimal: no headers asked for, none answered", async () => {
    const h = gmailHarness();
    const unread = h.add("still unread").id;
    const read = h.add("read in Gmail", { labels: ["INBOX"] }).id;
    const ids = [...Array.from({ length: 60 }, (_, i) => h.add(`filler ${i}`).id), unread, read, "gone"];
    const labels = await h.connector.fetchLabels(ids.map((id) => ({ source: "gmail" as const, id })));
    expect(labels).toHaveLength(62);
    expect(labels.find((l) => l.ref.id === unread)?.labels).toEqual(["INBOX", "UNREAD"]);
    expect(labels.find((l) => l.ref.id === read)?.labels).toEqual(["INBOX"]);
    const gets = h.gmail.calls.filter((c) => c.call === "get");
    expect(gets).toHaveLength(63);
    for (const { query } of gets) {
      const q = new URLSearchParams(query);
      expect(q.get("format")).toBe("minimal");
      expect(q.get("fields")).toBe("id,labelIds");
      expect(q.getAll("metadataHeaders")).toEqual([]);
    }
    expect(h.gmail.batchRequests).toBe(2);
  });

  it("fetches content as an RFC 822 text triage parses to the same message, UTF-8 intact", async () => {
    const h = gmailHarness();
    const raw = rfc822({ from: "a@b.test", subject: "Grüße ✓", body: "naïve café — 日本" });
    const { id, threadId } = h.gmail.addMessage(EMAIL, { raw });
    const content = await h.connector.fetchContent({ source: "gmail", id });
    // The display data rides along and says what format=metadata says, without a second call.
    const [meta] = await h.connector.fetchMetadata([{ source: "gmail", id }]);
    expect(meta).toMatchObject({ from: "a@b.test", subject: "Grüße ✓" });
    expect(content).toEqual({
      kind: "email",
      ref: { source: "gmail", id, threadId },
      raw: expect.any(String),
      labels: ["INBOX", "UNREAD"],
      metadata: meta,
    });
    const parsed = await parseEmail(content.kind === "email" ? content.raw : "");
    expect(parsed.ok && parsed.value.email.subject).toBe("Grüße ✓");
    expect(parsed.ok && parsed.value.email.text?.trim()).toBe("naïve café — 日本");
  });

  it("says whether a message carries attachments (multipart/mixed), and the frame passes the flag on", async () => {
    const h = gmailHarness();
    const mixed = [
      "From: a@b.test",
      "To: me@example.com",
      "Subject: Contract",
      'Content-Type: multipart/mixed; boundary="x"',
      "",
      "--x",
      "Content-Type: text/plain",
      "",
      "attached",
      "--x",
      'Content-Type: application/pdf; name="c.pdf"',
      "Content-Disposition: attachment",
      "",
      "JVBERi0=",
      "--x--",
      "",
    ].join("\r\n");
    const withFile = h.gmail.addMessage(EMAIL, { raw: mixed });
    const plain = h.add("no attachment");
    const metas = await h.connector.fetchMetadata([
      { source: "gmail", id: withFile.id },
      { source: "gmail", id: plain.id },
    ]);
    expect(metas.map((m) => m.hasAttachment)).toEqual([true, false]);
    const content = await h.connector.fetchContent({ source: "gmail", id: withFile.id });
    expect(content.kind === "email" && content.metadata?.hasAttachment).toBe(true);
    const row = {
      id: "p1",
      scoutId: "s1",
      sourceType: "gmail" as const,
      sourceMsgRef: withFile.id,
      threadRef: null,
      verdict: "relevant" as const,
      reason: "r",
      confidence: 0.9,
      createdAt: 1,
    };
    expect(proposalFrame(row, metas[0])).toMatchObject({ hasAttachment: true });
    expect(proposalFrame(row, metas[1])).toMatchObject({ hasAttachment: false });
  });

  it("reads display headers from the raw text: unfolded, RFC 2047 decoded, first value wins", () => {
    const raw = [
      "Received: x",
      "From: =?UTF-8?B?SsO8cmdlbg==?= <j@example.org>",
      "Subject: =?utf-8?q?Caf=C3=A9?= and",
      "\tmore",
      "subject: second",
      "",
      "From: not a header, the body",
    ].join("\r\n");
    const h = rawHeaders(raw, ["from", "subject"]);
    expect(Object.fromEntries(h)).toEqual({ from: "Jürgen <j@example.org>", subject: "Café and more" });
    expect(rawHeaders("no headers at all", ["from"]).size).toBe(0);
  });

  it("archives, unarchives, trashes and untrashes through labels", async () => {
    const h = gmailHarness();
    const { id } = h.add("act");
    const ref = { source: "gmail" as const, id };
    const labels = () => [...h.gmail.mailbox(EMAIL).messages.get(id)!.labelIds].sort();
    await h.connector.archive(ref);
    expect(labels()).toEqual(["UNREAD"]);
    await h.connector.unarchive(ref);
    expect(labels()).toEqual(["INBOX", "UNREAD"]);
    await h.connector.trash(ref);
    expect(labels()).toEqual(["TRASH", "UNREAD"]);
    await h.connector.untrash(ref);
    expect(labels()).toEqual(["INBOX", "UNREAD"]);
    const receipts = h.gmail.addLabel(EMAIL, "Receipts");
    await h.connector.modifyLabels(ref, { add: [receipts], remove: ["UNREAD"] });
    expect(labels()).toEqual(["INBOX", receipts].sort());
    // Gmail takes ids only: a label name in modify is a 400.
    await expect(h.connector.modifyLabels(ref, { add: ["Receipts"] })).rejects.toMatchObject({
      code: "upstream_rejected",
      details: { httpStatus: 400 },
    });
    await expect(h.connector.trash({ source: "gmail", id: "ffff" })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(h.connector.archive({ source: "slack", id: "C1:1.2" })).rejects.toMatchObject({
      code: "bad_input",
    });
  });

  it("labels by name: one labels.list, create when missing, and a stale cached id is looked up again", async () => {
    const h = gmailHarness();
    const a = { source: "gmail" as const, id: h.add("a").id };
    const b = { source: "gmail" as const, id: h.add("b").id };
    const box = h.gmail.mailbox(EMAIL);
    const first = await h.connector.addLabelByName(a, "Receipts");
    expect(box.labels.get(first.labelId)?.name).toBe("Receipts");
    expect(h.gmail.labelNames(EMAIL, a.id)).toContain("Receipts");
    expect(h.gmail.calls.map((c) => c.call)).toEqual(["labelsList", "labelsCreate", "modify"]);
    // The person deletes the label in Gmail: the cached id is refused, so the connector looks again.
    box.labels.delete(first.labelId);
    const second = await h.connector.addLabelByName(b, "receipts");
    expect(second.labelId).not.toBe(first.labelId);
    expect(h.gmail.labelNames(EMAIL, b.id)).toContain("receipts");
    expect(h.gmail.calls.map((c) => c.call).slice(3)).toEqual([
      "modify",
      "labelsList",
      "labelsCreate",
      "modify",
    ]);
    expect(h.gmail.quota.total(EMAIL)).toBe(1 + 5 + 5 + 5 + 1 + 5 + 5);
  });

  it("surfaces invalid_grant from the token source as needs_reauth", async () => {
    const h = gmailHarness({
      getAccessToken: async () => {
        throw new Error('{"error":"invalid_grant","error_description":"Token has been expired or revoked."}');
      },
    });
    const err = await h.connector.listNew({ cursor: "1000" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CoreError);
    expect((err as CoreError).code).toBe("needs_reauth");
    expect(h.sleeps).toEqual([]);
  });

  it("refreshes the access token once on a 401 and goes on", async () => {
    const h = gmailHarness();
    h.gmail.revokeToken(h.token);
    await h.connector.listNew({ cursor: "1000" });
    expect(h.refreshes).toBe(1);
  });

  it("refreshes a lapsed token once inside batched metadata too", async () => {
    const h = gmailHarness();
    const ids = Array.from({ length: 3 }, (_, i) => h.add(`s${i}`).id);
    h.gmail.revokeToken(h.token);
    const metas = await h.connector.fetchMetadata(ids.map((id) => ({ source: "gmail" as const, id })));
    expect(metas).toHaveLength(3);
    expect(h.refreshes).toBe(1);
  });

  it("gives up with needs_reauth when even a fresh token is refused", async () => {
    const h = gmailHarness({
      getAccessToken: async () => "ya29.never-valid",
    });
    const id = h.add("x").id;
    await expect(h.connector.fetchMetadata([{ source: "gmail", id }])).rejects.toMatchObject({
      code: "needs_reauth",
    });
    await expect(h.connector.listNew({ cursor: "1000" })).rejects.toMatchObject({ code: "needs_reauth" });
  });

  it("does not retry a permanent 403", async () => {
    const h = gmailHarness();
    h.gmail.faults.failNext(1, "403-rate");
    await h.connector.listNew({ cursor: "1000" });
    expect(h.sleeps).toHaveLength(1);
    const { id } = h.add("x");
    await expect(
      h.connector.fetchContent({ source: "gmail", id: `${id}/../../profile` }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
