import type { ItemContent } from "../../connectors/source-connector.ts";
import { type HiddenReason, stripHiddenChars } from "./hidden-chars.ts";
import { cleanHtml } from "./html-hidden.ts";
import { htmlToText, roughText } from "./html-text.ts";
import { detectInjection, type InjectionReason } from "./injection.ts";
import { MIME_LIMITS, type UnparseableReason } from "./limits.ts";
import { allAddresses, firstMailbox, parseEmail } from "./parse.ts";
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

const HTML_TAG_START = /<(html|body|div|span|p|table|td|font|style|a)\b/i;

/**
 * `/<(html|body|div|span|p|table|td|font|style|a)\b[^>]*>|<!--/i.test(text)` without its
 * rescan to the end from every tag start that has no ">" after it: the leftmost tag start
 * matches when a ">" follows it anywhere, and if it has none no later start has one.
 */
export function looksLikeHtml(text: string): boolean {
  if (text.includes("<!--")) return true;
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
  if (!parsed.ok) return parsed;
  const { email, headers, received } = parsed.value;
  const hiddenReasons = new Set<HiddenReason>();
  let hiddenText = "";
  let hrefs: string[] = [];
  let remoteImages = 0;
  let htmlText: string | undefined;
  const structure = structureOf(headers.get("content-type"));
  let plain = email.text?.slice(0, MIME_LIMITS.maxTextLength);
  if (email.html) {
    const cleaned = cleanHtml(email.html.slice(0, MIME_LIMITS.maxTextLength * 5));
    if (cleaned.tooDeep) return { ok: false, reason: "too_deep" };
    for (const r of cleaned.reasons) hiddenReasons.add(r);
    hiddenText = cleaned.hiddenText;
    hrefs = cleaned.hrefs;
    remoteImages = cleaned.remoteImages;
    for (const t of cleaned.tagNames) structure.push(`tag:${t}`);
    // With a usable text/plain part the HTML text only feeds the parts-disagree word overlap,
    // which needs its words, not html-to-text's layout (the converter is ~0.3 ms a message).
    htmlText = plain?.trim() ? roughText(cleaned.html) : htmlToText(cleaned.html);
  }
  // Markup in a text/plain part (broken MIME, lazy senders) gets the same hidden-content pass.
  if (plain && looksLikeHtml(plain)) {
    const cleaned = cleanHtml(plain);
    if (cleaned.tooDeep) return { ok: false, reason: "too_deep" };
    for (const r of cleaned.reasons) hiddenReasons.add(r);
    hiddenText = hiddenText ? `${hiddenText}\n${cleaned.hiddenText}` : cleaned.hiddenText;
    hrefs = [...hrefs, ...cleaned.hrefs];
    plain = htmlToText(cleaned.html);
  }
  const rawVisible = plain?.trim() ? plain : (htmlText ?? "");
  const chars = stripHiddenChars(rawVisible);
  for (const r of chars.reasons) hiddenReasons.add(r);
  const subjectChars = stripHiddenChars(email.subject ?? "");
  for (const r of subjectChars.reasons) hiddenReasons.add(r);
  const from = firstMailbox(email.from);
  const fromName = stripHiddenChars(from.name);
  for (const r of fromName.reasons) hiddenReasons.add(r);
  const parts = stripQuotesAndSignature(chars.text);
  const headerText = `${email.subject ?? ""}\n${from.name}\n${(email.to ?? []).map((a) => a.name).join("\n")}`;
  const injection = detectInjection({
    rawVisible,
    rawVisibleHidden: chars.reasons,
    visible: chars.text,
    hiddenText,
    headerText,
    ...(plain?.trim() && htmlText !== undefined ? { plain, htmlText: stripHiddenChars(htmlText).text } : {}),
  });
  const links = [
    ...new Set([...hrefs.filter((h) => /^https?:/i.test(h)), ...(chars.text.match(URL_RE) ?? [])]),
  ];
  const calendars: string[] = [];
  const attachments = (email.attachments ?? []).slice(0, 100).map((a) => {
    const content = typeof a.content === "string" ? a.content : "";
    if (a.mimeType === "text/calendar" || /\.ics$/i.test(a.filename ?? ""))
      calendars.push(content.slice(0, 100_000));
    return { filename: a.filename ?? "", mimeType: a.mimeType, size: content.length };
  });
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
    hasHtml: Boolean(email.html),
    htmlOnly: Boolean(email.html) && !plain?.trim(),
    remoteImages,
    attachments,
    calendars,
    hiddenContentRemoved: hiddenReasons.size > 0,
    hiddenReasons: [...hiddenReasons],
    injection,
    structure,
  };
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
