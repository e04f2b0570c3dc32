import type { Address, Email } from "postal-mime";
import type { ItemContent } from "../../connectors/source-connector.ts";
import { type HiddenReason, stripHiddenChars } from "./hidden-chars.ts";
import { type Anchor, cleanHtml, MAX_ANCHORS } from "./html-hidden.ts";
import { htmlToText, roughText } from "./html-text.ts";
import { detectInjection, type InjectionReason } from "./injection.ts";
import { MIME_LIMITS, type UnparseableReason } from "./limits.ts";
import { allAddresses, firstMailbox, type ParsedEmail, parseEmail } from "./parse.ts";
import { squeeze, stripQuotesAndSignature } from "./quotes.ts";

/** What the rules, features and models see: visible text only, hidden content gone. */
export interface Preprocessed {
  ok: true;
  kind: "email" | "chat";
  from: { name: string; address: string; domain: string };
  replyTo: string;
  returnPath: string;
  to: string[];
  ccCount: number;
  subject: string;
  /** Epoch ms from the Date header (or chat timestamp); undefined when absent or invalid. */
  date: number | undefined;
  /** Minutes east of UTC from the Date header, e.g. -240 for "-0400". */
  zoneOffsetMinutes: number | undefined;
  /** Lower-case header name → first value. Empty for chat. */
  headers: Map<string, string>;
  receivedCount: number;
  /** New text of this message: hidden content, quoted history and signature removed. */
  body: string;
  signature: string;
  quoted: string;
  links: string[];
  /** Visible HTML links as (shown text, href), the first `MAX_ANCHORS`, capped; in memory only. */
  anchors: Anchor[];
  hasHtml: boolean;
  htmlOnly: boolean;
  remoteImages: number;
  attachments: { filename: string; mimeType: string; size: number }[];
  /** Text of text/calendar parts (ICS), for invitation extraction. */
  calendars: string[];
  hiddenContentRemoved: boolean;
  hiddenReasons: HiddenReason[];
  injection: InjectionReason[];
  /** Structural tokens (content type, charset, HTML tag names) for the models; no content. */
  structure: string[];
}

export type PreprocessResult = Preprocessed | { ok: false; reason: UnparseableReason };

const HTML_TAG_START = /<(html|body|div|span|p|table|td|font|style|a)\b/gi;

/**
 * `/<(html|body|div|span|p|table|td|font|style|a)\b[^>]*>|<!--/i.test(text)` without its
 * rescan to the end from every tag start that has no ">" after it: the leftmost tag start
 * matches when a ">" follows it anywhere, and if it has none no later start has one.
 */
export function looksLikeHtml(text: string): boolean {
  // Most plain text has no "<" at all, and the tag regex need not look before the first.
  const lt = text.indexOf("<");
  if (lt < 0) return false;
  if (text.includes("<!--", lt)) return true;
  HTML_TAG_START.lastIndex = lt;
  const m = HTML_TAG_START.exec(text);
  return m !== null && text.lastIndexOf(">") >= m.index + m[0].length;
}
const URL_RE = /\bhttps?:\/\/[^\s<>"')\]]{3,2000}/gi;

/**
 * Parses and cleans one item. Never throws: hostile input yields `{ ok: false, reason }`.
 *
 * @example
 * const p = await preprocess({ kind: "email", ref, raw });
 * if (p.ok) p.body; // visible new text
 */
export async function preprocess(item: ItemContent, now: () => number = Date.now): Promise<PreprocessResult> {
  if (item.kind === "chat") return preprocessChat(item);
  const parsed = await parseEmail(item.raw, now);
  return parsed.ok ? preprocessEmail(parsed.value) : parsed;
}

/** The fields of a parsed message used below, in one shape whatever postal-mime filled in. */
interface EmailFields {
  from: Address | undefined;
  to: Address[] | undefined;
  cc: Address[] | undefined;
  replyTo: Address[] | undefined;
  returnPath: string | undefined;
  subject: string | undefined;
  date: string | undefined;
  html: string | undefined;
  text: string | undefined;
  attachments: Email["attachments"];
}

// postal-mime adds each field only when the message has it, so its objects come in many shapes;
// code reading them all over saw a new shape now and then and was recompiled each time.
function emailFields(e: Email): EmailFields {
  return {
    from: e.from,
    to: e.to,
    cc: e.cc,
    replyTo: e.replyTo,
    returnPath: e.returnPath,
    subject: e.subject,
    date: e.date,
    html: e.html,
    text: e.text,
    attachments: e.attachments,
  };
}

/**
 * Everything after parsing, synchronous and in small functions: V8 compiles a large function
 * late (it needs more calls to count as hot) and at a high cost each time mail takes one of its
 * branches for the first time.
 */
function preprocessEmail(parsed: ParsedEmail): PreprocessResult {
  const { headers, received } = parsed;
  const email = emailFields(parsed.email);
  const hiddenReasons = new Set<HiddenReason>();
  const structure = structureOf(headers.get("content-type"));
  const visible = visibleParts(email, structure, hiddenReasons);
  if (!visible) return { ok: false, reason: "too_deep" };
  const { plain, htmlText, hiddenText } = visible;
  const rawVisible = plain?.trim() ? plain : (htmlText ?? "");
  const chars = stripHiddenChars(rawVisible);
  for (const r of chars.reasons) hiddenReasons.add(r);
  const subjectChars = stripHiddenChars(email.subject ?? "");
  for (const r of subjectChars.reasons) hiddenReasons.add(r);
  const from = firstMailbox(email.from);
  const fromName = stripHiddenChars(from.name);
  for (const r of fromName.reasons) hiddenReasons.add(r);
  const parts = stripQuotesAndSignature(chars.text);
  const { attachments, calendars, text: attachmentText } = attachmentsOf(email.attachments);
  // File names are shown like headers (and carry bidi tricks: "invoice_\u202Efdp.exe").
  const names = attachments.map((a) => a.filename).join("\n");
  const headerText = `${email.subject ?? ""}\n${from.name}\n${displayNames(email.to)}\n${names}`;
  const injection = detectInjection({
    rawVisible,
    rawVisibleHidden: chars.reasons,
    visible: chars.text,
    hiddenText,
    headerText,
    attachmentText,
    urls: [...visible.hrefs, ...visible.srcs],
    ...(plain?.trim() && htmlText !== undefined ? { plain, htmlText: stripHiddenChars(htmlText).text } : {}),
  });
  const links = [
    ...new Set([...visible.hrefs.filter((h) => /^https?:/i.test(h)), ...(chars.text.match(URL_RE) ?? [])]),
  ];
  const dateMs = email.date ? Date.parse(email.date) : Number.NaN;
  return {
    ok: true,
    kind: "email",
    from: { name: squeeze(fromName.text), address: from.address, domain: domainOf(from.address) },
    replyTo: firstMailbox(email.replyTo).address,
    returnPath: (email.returnPath ?? "").toLowerCase(),
    to: allAddresses(email.to).slice(0, 50),
    ccCount: allAddresses(email.cc).length,
    subject: squeeze(subjectChars.text).slice(0, 1000),
    date: Number.isFinite(dateMs) ? dateMs : undefined,
    zoneOffsetMinutes: zoneOffset(headers.get("date")),
    headers,
    receivedCount: received,
    body: parts.body,
    signature: parts.signature,
    quoted: parts.quoted,
    links: links.slice(0, 200),
    anchors: visible.anchors,
    hasHtml: Boolean(email.html),
    htmlOnly: Boolean(email.html) && !plain?.trim(),
    remoteImages: visible.remoteImages,
    attachments,
    calendars,
    hiddenContentRemoved: hiddenReasons.size > 0,
    hiddenReasons: [...hiddenReasons],
    injection,
    structure,
  };
}

/** `(to ?? []).map((a) => a.name).join("\n")` without the mapped array, whose shape varied. */
function displayNames(to: Address[] | undefined): string {
  let out = "";
  const list = to ?? [];
  for (let i = 0; i < list.length; i++) {
    const name = list[i]!.name;
    out += `${i > 0 ? "\n" : ""}${name == null ? "" : name}`;
  }
  return out;
}

interface VisibleParts {
  /** The text/plain part, converted when it held markup. */
  plain: string | undefined;
  /** The HTML part as text. */
  htmlText: string | undefined;
  hiddenText: string;
  hrefs: string[];
  anchors: Anchor[];
  srcs: string[];
  remoteImages: number;
}

/** Hidden content removed from the HTML part and from markup in the text part; undefined when nested too deep. */
function visibleParts(
  email: EmailFields,
  structure: string[],
  hiddenReasons: Set<HiddenReason>,
): VisibleParts | undefined {
  const out: VisibleParts = {
    plain: email.text?.slice(0, MIME_LIMITS.maxTextLength),
    htmlText: undefined,
    hiddenText: "",
    hrefs: [],
    anchors: [],
    srcs: [],
    remoteImages: 0,
  };
  if (email.html) {
    const cleaned = cleanHtml(email.html.slice(0, MIME_LIMITS.maxTextLength * 5));
    if (cleaned.tooDeep) return undefined;
    for (const r of cleaned.reasons) hiddenReasons.add(r);
    out.hiddenText = cleaned.hiddenText;
    out.hrefs = cleaned.hrefs;
    out.anchors = cleaned.anchors;
    out.srcs = cleaned.srcs;
    out.remoteImages = cleaned.remoteImages;
    for (const t of cleaned.tagNames) structure.push(`tag:${t}`);
    // With a usable text/plain part the HTML text only feeds the parts-disagree word overlap,
    // which needs its words, not html-to-text's layout (the converter is ~0.3 ms a message).
    out.htmlText = out.plain?.trim() ? roughText(cleaned.html) : htmlToText(cleaned.html);
  }
  // Markup in a text/plain part (broken MIME, lazy senders) gets the same hidden-content pass.
  if (out.plain && looksLikeHtml(out.plain)) {
    const cleaned = cleanHtml(out.plain);
    if (cleaned.tooDeep) return undefined;
    for (const r of cleaned.reasons) hiddenReasons.add(r);
    out.hiddenText = out.hiddenText ? `${out.hiddenText}\n${cleaned.hiddenText}` : cleaned.hiddenText;
    out.hrefs = [...out.hrefs, ...cleaned.hrefs];
    out.anchors = [...out.anchors, ...cleaned.anchors].slice(0, MAX_ANCHORS);
    out.srcs = [...out.srcs, ...cleaned.srcs];
    out.plain = htmlToText(cleaned.html);
  }
  return out;
}

/** Text attachment types a model (or a person) would read as text. */
const TEXT_ATTACHMENT = /^text\/(plain|markdown|html|csv|x-markdown)$|\.(txt|md|markdown|csv|html?)$/i;
const ATTACHMENT_TEXT_CAP = 100_000;

/**
 * Attachment names, types and sizes (content is dropped), the text of calendar parts, and the
 * text of text attachments (only scanned for injections, then dropped).
 */
function attachmentsOf(list: Email["attachments"] | undefined): {
  attachments: Preprocessed["attachments"];
  calendars: string[];
  text: string;
} {
  const calendars: string[] = [];
  let text = "";
  const attachments = (list ?? []).slice(0, 100).map((a) => {
    const content = typeof a.content === "string" ? a.content : "";
    const filename = a.filename ?? "";
    if (a.mimeType === "text/calendar" || /\.ics$/i.test(filename)) calendars.push(content.slice(0, 100_000));
    else if (
      text.length < ATTACHMENT_TEXT_CAP &&
      (TEXT_ATTACHMENT.test(a.mimeType) || TEXT_ATTACHMENT.test(filename))
    ) {
      const body = content || decodeBytes(a.content);
      text += `${body.slice(0, ATTACHMENT_TEXT_CAP - text.length)}\n`;
    }
    return { filename, mimeType: a.mimeType, size: content.length };
  });
  return { attachments, calendars, text };
}

function decodeBytes(content: unknown): string {
  if (content instanceof ArrayBuffer || ArrayBuffer.isView(content)) {
    const bytes =
      content instanceof ArrayBuffer
        ? new Uint8Array(content)
        : new Uint8Array(content.buffer, content.byteOffset, content.byteLength);
    return new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, ATTACHMENT_TEXT_CAP));
  }
  return "";
}

function structureOf(contentType: string | undefined): string[] {
  const ct = (contentType ?? "text/plain").toLowerCase();
  const type = /^\s*([a-z0-9.+-]+\/[a-z0-9.+-]+)/.exec(ct)?.[1] ?? "invalid";
  const charset = /charset\s*=\s*"?([a-z0-9_.:-]+)/.exec(ct)?.[1] ?? "none";
  return [`ct:${type}`, `cs:${charset}`];
}

function preprocessChat(item: Extract<ItemContent, { kind: "chat" }>): Preprocessed {
  const rawVisible = item.text.slice(0, MIME_LIMITS.maxTextLength);
  const chars = stripHiddenChars(rawVisible);
  const parts = stripQuotesAndSignature(chars.text);
  const injection = detectInjection({
    rawVisible,
    rawVisibleHidden: chars.reasons,
    visible: chars.text,
    hiddenText: "",
    headerText: item.user,
  });
  return {
    ok: true,
    kind: "chat",
    from: { name: item.user, address: "", domain: "" },
    replyTo: "",
    returnPath: "",
    to: [],
    ccCount: 0,
    subject: "",
    date: item.date,
    zoneOffsetMinutes: undefined,
    headers: new Map(),
    receivedCount: 0,
    body: parts.body,
    signature: parts.signature,
    quoted: parts.quoted,
    links: [...new Set(chars.text.match(URL_RE) ?? [])].slice(0, 200),
    anchors: [],
    hasHtml: false,
    htmlOnly: false,
    remoteImages: 0,
    attachments: [],
    calendars: [],
    hiddenContentRemoved: chars.reasons.length > 0,
    hiddenReasons: chars.reasons,
    injection,
    structure: ["ct:chat"],
  };
}

export function domainOf(address: string): string {
  const at = address.lastIndexOf("@");
  return at < 0 ? "" : address.slice(at + 1).toLowerCase();
}

function zoneOffset(dateHeader: string | undefined): number | undefined {
  const m = dateHeader ? /([+-])(\d{2})(\d{2})\s*(\([^)]*\))?\s*$/.exec(dateHeader.trim()) : null;
  if (!m) return undefined;
  const mins = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === "-" ? -mins : mins;
}
