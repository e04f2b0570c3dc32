import { CoreError } from "../../errors.ts";
import type { MessageRef } from "../source-connector.ts";
import type { GmailClient } from "./client.ts";
import { type DraftInput, draftMime, toBase64Url } from "./draft-mime.ts";
import { type GmailMessage, header } from "./message-resource.ts";

/** What a reply needs from the original message (read transiently, never stored). */
export interface ReplyContext {
  threadId: string;
  to: string;
  subject: string;
  messageId?: string;
  references?: string;
}

const REPLY_HEADERS = ["From", "Reply-To", "Subject", "Message-ID", "References"];

/**
 * users.drafts.create with the reply in `message.raw` and `threadId`, so it lands in the thread.
 * Drafts only: nothing here can send.
 */
export async function createDraft(client: GmailClient, d: DraftInput): Promise<{ draftId: string }> {
  const raw = toBase64Url(draftMime(d));
  const res = await client.json<{ id?: string }>({
    method: "drafts.create",
    httpMethod: "POST",
    path: "/drafts",
    body: { message: { raw, threadId: d.threadId } },
  });
  if (!res.id) throw new CoreError("upstream_rejected", "drafts.create returned no id");
  return { draftId: res.id };
}

/** users.drafts.delete; a draft the person already deleted counts as deleted. */
export async function deleteDraft(client: GmailClient, draftId: string): Promise<void> {
  try {
    await client.json({
      method: "drafts.delete",
      httpMethod: "DELETE",
      path: `/drafts/${encodeURIComponent(draftId)}`,
    });
  } catch (e) {
    if (e instanceof CoreError && e.code === "not_found") return;
    throw e;
  }
}

/** Reads the original's reply headers (format=metadata): Reply-To or From, "Re:" subject, ids. */
export async function replyContext(client: GmailClient, ref: MessageRef): Promise<ReplyContext> {
  const query = new URLSearchParams({ format: "metadata" });
  for (const h of REPLY_HEADERS) query.append("metadataHeaders", h);
  const msg = await client.json<GmailMessage>({
    method: "messages.get",
    path: `/messages/${encodeURIComponent(ref.id)}`,
    query,
  });
  const subject = header(msg, "Subject") ?? "";
  return {
    threadId: msg.threadId ?? ref.threadId ?? msg.id,
    to: header(msg, "Reply-To") ?? header(msg, "From") ?? "",
    subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`.trim(),
    messageId: header(msg, "Message-ID"),
    references: header(msg, "References"),
  };
}
