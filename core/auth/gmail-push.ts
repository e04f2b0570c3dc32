import { z } from "zod";
import { parseHistoryId } from "../connectors/gmail/history-id.ts";
import { CoreError } from "../errors.ts";
import { parseInput } from "../validate.ts";
import { decodeBase64 } from "./base64.ts";

const PushEnvelope = z.object({
  message: z.object({
    data: z.string().min(1).max(4096),
    messageId: z.string().min(1).max(256).optional(),
    message_id: z.string().min(1).max(256).optional(),
    publishTime: z.string().max(64).optional(),
  }),
  subscription: z.string().max(512).optional(),
});

export interface GmailPushNotification {
  emailAddress: string;
  /** Decimal uint64 string, exactly as sent (compare with BigInt via `parseHistoryId`). */
  historyId: string;
  messageId: string | undefined;
}

const Notification = z.object({ emailAddress: z.email().max(320) });

/**
 * Decodes a Pub/Sub push body into the Gmail notification. Throws `bad_input` for anything
 * permanently malformed (the webhook acks and logs those so Pub/Sub stops redelivering).
 * @example decodeGmailPush({ message: { data: "eyJlbWFpbEFkZHJlc3Mi…" } }).historyId // "1234567890"
 */
export function decodeGmailPush(body: unknown): GmailPushNotification {
  const envelope = parseInput(PushEnvelope, body, "Pub/Sub push body");
  const bytes = decodeBase64(envelope.message.data);
  if (!bytes) throw new CoreError("bad_input", "message.data is not base64");
  let text: string;
  let json: unknown;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    json = JSON.parse(text);
  } catch {
    throw new CoreError("bad_input", "message.data is not UTF-8 JSON");
  }
  const { emailAddress } = parseInput(Notification, json, "Gmail notification");
  const raw = (json as { historyId?: unknown }).historyId;
  // A numeric historyId above 2^53 was already rounded by JSON.parse: read its digits from the text.
  const digits = typeof raw === "number" ? /"historyId"\s*:\s*(\d+)/.exec(text)?.[1] : raw;
  const historyId = parseHistoryId(digits, "notification historyId").toString();
  return {
    emailAddress: emailAddress.toLowerCase(),
    historyId,
    messageId: envelope.message.messageId ?? envelope.message.message_id,
  };
}
