import { CoreError } from "../../errors.ts";

export interface DraftInput {
  threadId: string;
  to: string;
  subject: string;
  body: string;
  /** The Message-ID being answered; also the last entry of References. */
  inReplyTo?: string;
  /** The original's References, so the thread chain stays whole. */
  references?: string;
}

// A CR or LF in a header value would start a new header (Bcc:, a second body): refuse, never strip.
function headerValue(name: string, value: string): string {
  if (/[\r\n\0]/.test(value)) throw new CoreError("bad_input", `${name} must not contain line breaks`);
  return value;
}

function bytesToBase64(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** RFC 2047 encoded-word for non-ASCII header text (Gmail shows it decoded). */
function encodeWord(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${bytesToBase64(new TextEncoder().encode(text))}?=`;
}

/** Unpadded base64url, what Gmail's `message.raw` takes. */
export function toBase64Url(text: string): string {
  return bytesToBase64(new TextEncoder().encode(text))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * The RFC 822 text of a plain-text reply draft: UTF-8 body in base64 (76-column lines), reply
 * headers so Gmail threads it. Throws bad_input on a line break in any header value.
 * @example draftMime({ threadId: "t1", to: "ann@example.com", subject: "Re: Hi", body: "Yes", inReplyTo: "<a@x>" })
 */
export function draftMime(d: DraftInput): string {
  const to = headerValue("to", d.to).trim();
  if (!/^[^\s@<>,;]+@[^\s@<>,;]+$|^[^<>]*<[^\s@<>,;]+@[^\s@<>,;]+>$/.test(to))
    throw new CoreError("bad_input", "to must be one email address");
  const named = /^\s*"?([^"<>]*?)"?\s*<([^<>]+)>$/.exec(to);
  // Only a non-ASCII display name is rewritten (as an encoded word); ASCII keeps its quoting.
  const toHeader =
    named?.[1] && encodeWord(named[1]) !== named[1] ? `${encodeWord(named[1])} <${named[2]}>` : to;
  const lines = [`To: ${toHeader}`, `Subject: ${encodeWord(headerValue("subject", d.subject))}`];
  if (d.inReplyTo) {
    const id = headerValue("inReplyTo", d.inReplyTo).trim();
    const refs = d.references ? headerValue("references", d.references).trim() : "";
    lines.push(`In-Reply-To: ${id}`, `References: ${refs.includes(id) ? refs : `${refs} ${id}`.trim()}`);
  }
  const body = bytesToBase64(new TextEncoder().encode(d.body.replace(/\r?\n/g, "\r\n")));
  lines.push(
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=UTF-8",
    "Content-Transfer-Encoding: base64",
  );
  return `${lines.join("\r\n")}\r\n\r\n${body.replace(/.{1,76}/g, "$&\r\n")}`;
}
