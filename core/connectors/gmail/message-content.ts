import { CoreError } from "../../errors.ts";
import type { ItemContent, MessageRef } from "../source-connector.ts";
import { type GmailMessage, isMixed, rawHeaders, recipients } from "./message-resource.ts";

/** One node of Gmail's `format=full` payload tree. */
export interface GmailPart {
  partId?: string;
  mimeType?: string;
  filename?: string;
  headers?: Array<{ name: string; value: string }>;
  body?: { size?: number; data?: string; attachmentId?: string };
  parts?: GmailPart[];
}

export type GmailFullMessage = Omit<GmailMessage, "payload"> & { payload?: GmailPart };

/**
 * What triage may hold of one message. Gmail's `format=full` carries text part bodies inline
 * and attachments as an id and a size only; the caps below bound what is kept of the rest.
 */
export const CONTENT_CAPS = {
  /** Largest `format=full` answer read (bytes); a longer one gives headers and snippet only. */
  maxResponseBytes: 8 * 1024 * 1024,
  /** base64 characters kept of one text part (~750 KB of text). */
  maxPartData: 1_000_000,
  /** base64 characters kept of all text parts together (stays under triage's 4 MB raw cap). */
  maxTextData: 3_000_000,
  /** Parts (containers included) rebuilt; the rest are left out. */
  maxParts: 500,
  maxDepth: 24,
  /** Characters of header lines kept, all parts together. */
  maxHeaderChars: 64 * 1024,
} as const;

/** Kept part kinds: inline text and calendar invites; everything else is named, typed and sized only. */
const keptText = /^text\/(plain|html|calendar)$/i;

function headerOf(part: GmailPart, name: string): string | undefined {
  const lower = name.toLowerCase();
  return part.headers?.find((h) => h.name.toLowerCase() === lower)?.value;
}

/** A header line with any CR/LF flattened: values come from the sender and must not add lines. */
function line(name: string, value: string): string {
  return `${name.replace(/[^!-9;-~]/g, "")}: ${value.replace(/[\r\n]+/g, " ")}\r\n`;
}

function param(value: string, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, "i").exec(value);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** base64url bytes (the first `max` characters) in `charset` as text; null for an unknown charset. */
function decodeText(b64url: string, max: number, charset: string): string | null {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset.trim().toLowerCase());
  } catch {
    return null;
  }
  let b64 = b64url.slice(0, max).replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  b64 = b64.slice(0, b64.length - (b64.length % 4 === 1 ? 1 : 0));
  let bin: string;
  try {
    bin = atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, "="));
  } catch {
    return null;
  }
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return decoder.decode(bytes);
}

function quoted(v: string): string {
  return `"${v.replace(/["\\\r\n]/g, "_")}"`;
}

function wrapBase64(b64url: string, max: number): string {
  let b64 = b64url.slice(0, max).replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  b64 = b64.slice(0, b64.length - (b64.length % 4 === 1 ? 1 : 0));
  b64 = b64.padEnd(Math.ceil(b64.length / 4) * 4, "=");
  return b64.replace(/.{1,76}/g, "$&\r\n");
}

/**
 * Rebuilds an RFC 822 text triage can parse from a `format=full` payload: the headers, the
 * multipart structure, text parts up to the caps, and each attachment as an empty part that keeps
 * its name and type (size in `X-Scouts-Attachment-Size`). Attachment bytes are never fetched.
 */
export function rebuildRaw(payload: GmailPart): string {
  const budget = { parts: 0, text: CONTENT_CAPS.maxTextData, headers: CONTENT_CAPS.maxHeaderChars };
  let boundaries = 0;
  const nonce = crypto.randomUUID().replace(/-/g, "");
  const out: string[] = [];

  function emit(part: GmailPart, depth: number, top: boolean): void {
    budget.parts++;
    const mimeType = (part.mimeType ?? "text/plain").toLowerCase().slice(0, 200);
    if (top) {
      for (const h of part.headers ?? []) {
        if (/^(content-type|content-transfer-encoding|mime-version)$/i.test(h.name)) continue;
        const l = line(h.name, h.value);
        if (l.length > budget.headers) break;
        budget.headers -= l.length;
        out.push(l);
      }
      out.push("MIME-Version: 1.0\r\n");
    }
    if (mimeType.startsWith("multipart/") && part.parts?.length && depth < CONTENT_CAPS.maxDepth) {
      // Unguessable, so a line in the sender's text cannot close a part early.
      const boundary = `=_scouts_${nonce}_${boundaries++}`;
      out.push(line("Content-Type", `${mimeType}; boundary=${quoted(boundary)}`), "\r\n");
      for (const child of part.parts) {
        if (budget.parts >= CONTENT_CAPS.maxParts) break;
        out.push(`--${boundary}\r\n`);
        emit(child, depth + 1, false);
      }
      out.push(`--${boundary}--\r\n`);
      return;
    }
    const contentType = (headerOf(part, "Content-Type") ?? mimeType).slice(0, 1000);
    const disposition = headerOf(part, "Content-Disposition")?.slice(0, 1000);
    const isAttachment =
      Boolean(part.filename) || Boolean(part.body?.attachmentId) || /^\s*attachment/i.test(disposition ?? "");
    if (!isAttachment && keptText.test(mimeType) && part.body?.data && budget.text > 0) {
      const kept = Math.min(CONTENT_CAPS.maxPartData, budget.text);
      budget.text -= Math.min(kept, part.body.data.length);
      const text = decodeText(part.body.data, kept, param(contentType, "charset") ?? "utf-8");
      // Decoded to UTF-8 text (as format=raw gave it); a charset this runtime lacks stays base64.
      if (text !== null)
        out.push(
          line("Content-Type", `${mimeType}; charset=utf-8`),
          "Content-Transfer-Encoding: 8bit\r\n\r\n",
          text,
          "\r\n",
        );
      else
        out.push(
          line("Content-Type", contentType),
          "Content-Transfer-Encoding: base64\r\n\r\n",
          wrapBase64(part.body.data, kept),
        );
      return;
    }
    out.push(line("Content-Type", contentType));
    if (isAttachment) {
      out.push(
        line(
          "Content-Disposition",
          disposition ?? `attachment; filename=${quoted((part.filename ?? "").slice(0, 500))}`,
        ),
        line("X-Scouts-Attachment-Size", String(Number(part.body?.size ?? 0) || 0)),
      );
    }
    out.push("\r\n");
  }

  emit(payload, 0, true);
  return out.join("");
}

/** A message triage may hold: rebuilt from `format=full` (`rebuildRaw`). */
export function toBoundedContent(msg: GmailFullMessage, ref: MessageRef): ItemContent {
  if (!msg.payload) throw new CoreError("upstream_rejected", "messages.get returned no payload");
  return contentFromRaw(msg, ref, rebuildRaw(msg.payload));
}

/**
 * A message too large to read whole (its text alone beyond the caps, or a part tree beyond
 * `maxResponseBytes`): its headers (`format=metadata`) and Gmail's snippet as the body.
 */
export function toHeadersOnlyContent(msg: GmailFullMessage, ref: MessageRef): ItemContent {
  const head = msg.payload?.headers ?? [];
  const lines = head
    .filter((h) => !/^(content-type|content-transfer-encoding|mime-version)$/i.test(h.name))
    .map((h) => line(h.name, h.value));
  const kept: string[] = [];
  let size = 0;
  for (const l of lines) {
    size += l.length;
    if (size > CONTENT_CAPS.maxHeaderChars) break;
    kept.push(l);
  }
  const raw =
    `${kept.join("")}MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n` +
    `X-Scouts-Truncated: too_large\r\n\r\n${(msg.snippet ?? "").slice(0, 1000)}\r\n`;
  return contentFromRaw(msg, ref, raw);
}

function contentFromRaw(msg: GmailFullMessage, ref: MessageRef, raw: string): ItemContent {
  const fullRef = { ...ref, ...(msg.threadId ? { threadId: msg.threadId } : {}) };
  const headers = rawHeaders(raw, ["from", "subject", "to", "cc", "content-type"]);
  const date = Number(msg.internalDate ?? 0);
  return {
    kind: "email",
    ref: fullRef,
    raw,
    labels: msg.labelIds ?? [],
    // What format=metadata would have said, from the same response: no second request at delivery.
    metadata: {
      ref: fullRef,
      from: headers.get("from") ?? "",
      subject: headers.get("subject") ?? "",
      snippet: msg.snippet ?? "",
      date: Number.isFinite(date) ? date : 0,
      labels: msg.labelIds ?? [],
      ...recipients(headers.get("to"), headers.get("cc")),
      hasAttachment: isMixed(msg.payload?.mimeType ?? headers.get("content-type") ?? ""),
    },
  };
}
