import { CoreError } from "../../errors.ts";
import type { ItemContent, ItemMetadata, MessageRef } from "../source-connector.ts";

/** The parts of Gmail's Message resource the connector reads. */
export interface GmailMessage {
  id: string;
  threadId?: string;
  labelIds?: string[];
  snippet?: string;
  internalDate?: string;
  raw?: string;
  payload?: { headers?: Array<{ name: string; value: string }> };
}

export const METADATA_HEADERS = ["From", "Subject", "List-Id", "Date"];

export function header(msg: GmailMessage, name: string): string | undefined {
  const lower = name.toLowerCase();
  return msg.payload?.headers?.find((h) => h.name.toLowerCase() === lower)?.value;
}

/** Transient display data for one message (format=metadata). */
export function toMetadata(msg: GmailMessage): ItemMetadata {
  const date = Number(msg.internalDate ?? 0);
  return {
    ref: { source: "gmail", id: msg.id, ...(msg.threadId ? { threadId: msg.threadId } : {}) },
    from: header(msg, "From") ?? "",
    subject: header(msg, "Subject") ?? "",
    snippet: msg.snippet ?? "",
    date: Number.isFinite(date) ? date : 0,
    labels: msg.labelIds ?? [],
  };
}

/** Decodes format=raw (base64url RFC 822) into the message text for triage. */
export function toContent(msg: GmailMessage, ref: MessageRef): ItemContent {
  if (typeof msg.raw !== "string")
    throw new CoreError("upstream_rejected", "messages.get returned no raw body");
  const b64 = msg.raw.replace(/-/g, "+").replace(/_/g, "/");
  let bin: string;
  try {
    bin = atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, "="));
  } catch {
    throw new CoreError("upstream_rejected", "messages.get raw is not base64url");
  }
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return {
    kind: "email",
    ref: { ...ref, ...(msg.threadId ? { threadId: msg.threadId } : {}) },
    raw: new TextDecoder("utf-8").decode(bytes),
    labels: msg.labelIds ?? [],
  };
}
