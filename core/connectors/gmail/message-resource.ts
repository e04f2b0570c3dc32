import { decodeWords } from "postal-mime";
import type { ItemMetadata } from "../source-connector.ts";

/** The parts of Gmail's Message resource the connector reads. */
export interface GmailMessage {
  id: string;
  threadId?: string;
  labelIds?: string[];
  snippet?: string;
  internalDate?: string;
  raw?: string;
  payload?: { mimeType?: string; headers?: Array<{ name: string; value: string }> };
}

export const METADATA_HEADERS = ["From", "Subject", "List-Id", "Date", "To", "Cc"];

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
    ...recipients(header(msg, "To"), header(msg, "Cc")),
    ...(msg.payload?.mimeType ? { hasAttachment: isMixed(msg.payload.mimeType) } : {}),
  };
}

/** Mail with attachments is multipart/mixed (RFC 2046 §5.1.3); Gmail's metadata has no part list. */
export function isMixed(contentType: string): boolean {
  return /^\s*multipart\/mixed\b/i.test(contentType);
}

/** To and Cc for the proposal (capped; absent headers stay absent so "unknown" is not "none"). */
export function recipients(to: string | undefined, cc: string | undefined): { to?: string; cc?: string } {
  return {
    ...(to !== undefined ? { to: to.slice(0, 10_000) } : {}),
    ...(cc !== undefined ? { cc: cc.slice(0, 10_000) } : {}),
  };
}

/** A header block larger than this is hostile; display headers are read from its start only. */
const maxHeaderScan = 64 * 1024;

/**
 * The first value of each named header in an RFC 822 text, unfolded and with RFC 2047 words
 * decoded (as Gmail's format=metadata reports them). Names are lower-case.
 * @example rawHeaders("Subject: =?utf-8?q?Caf=C3=A9?=\r\n\r\nbody", ["subject"]).get("subject") // "Café"
 */
export function rawHeaders(raw: string, names: string[]): Map<string, string> {
  const head = raw.slice(0, maxHeaderScan);
  const crlf = head.indexOf("\r\n\r\n");
  const lf = head.indexOf("\n\n");
  const end = [crlf, lf].filter((i) => i >= 0).reduce((a, b) => Math.min(a, b), head.length);
  const out = new Map<string, string>();
  for (const line of head
    .slice(0, end)
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!names.includes(name) || out.has(name)) continue;
    out.set(name, decodeWords(line.slice(colon + 1).trim()));
  }
  return out;
}
