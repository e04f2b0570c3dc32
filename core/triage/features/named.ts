import type { Preprocessed } from "../preprocess/preprocess.ts";
import { RULE_IDS, type RuleHit } from "../rules/types.ts";

/** Header and structure signals with fixed slots after the hashed block, and their plain words. */
export const NAMED_FEATURES: readonly { name: string; words: string }[] = [
  ...RULE_IDS.map((id) => ({ name: `rule:${id}`, words: `rule ${id.replace(/_/g, " ")}` })),
  { name: "has_html", words: "is formatted as HTML" },
  { name: "html_only", words: "has no plain-text version" },
  { name: "links", words: "number of links" },
  { name: "remote_images", words: "loads remote images" },
  { name: "attachments", words: "has attachments" },
  { name: "calendar", words: "contains a calendar invitation" },
  { name: "subject_caps", words: "subject written in capitals" },
  { name: "subject_exclaim", words: "subject with exclamation marks" },
  { name: "subject_reply", words: "is a reply (Re:)" },
  { name: "in_reply_to", words: "continues an existing thread" },
  { name: "quoted_text", words: "quotes an earlier message" },
  { name: "body_length", words: "length of the new text" },
  { name: "caps_ratio", words: "share of capital letters" },
  { name: "money", words: "mentions money amounts" },
  { name: "many_recipients", words: "sent to many recipients" },
  { name: "cc_present", words: "has people in copy" },
  { name: "question", words: "asks a question" },
  { name: "no_message_id", words: "has no Message-ID" },
  { name: "sender_digits", words: "sender address full of digits" },
  { name: "chat", words: "is a chat message" },
];
export const NAMED_INDEX: ReadonlyMap<string, number> = new Map(NAMED_FEATURES.map((f, i) => [f.name, i]));

const RULE_SLOT: ReadonlyMap<string, number> = new Map(
  RULE_IDS.map((id) => [id, NAMED_INDEX.get(`rule:${id}`)!]),
);
const slot = (name: string): number => NAMED_INDEX.get(name)!;
const S = {
  hasHtml: slot("has_html"),
  htmlOnly: slot("html_only"),
  links: slot("links"),
  remoteImages: slot("remote_images"),
  attachments: slot("attachments"),
  calendar: slot("calendar"),
  subjectCaps: slot("subject_caps"),
  subjectExclaim: slot("subject_exclaim"),
  subjectReply: slot("subject_reply"),
  inReplyTo: slot("in_reply_to"),
  quotedText: slot("quoted_text"),
  bodyLength: slot("body_length"),
  capsRatio: slot("caps_ratio"),
  money: slot("money"),
  manyRecipients: slot("many_recipients"),
  ccPresent: slot("cc_present"),
  question: slot("question"),
  noMessageId: slot("no_message_id"),
  senderDigits: slot("sender_digits"),
  chat: slot("chat"),
};
/** ASCII letters: 1 = lower case, 3 = upper case (bit 0 counts capitals, bit 1 letters). */
const LETTER = new Uint8Array(128);
for (let c = 65; c <= 90; c++) LETTER[c] = 3;
for (let c = 97; c <= 122; c++) LETTER[c] = 2;
// Called through the prototype: `body.charCodeAt` sees every string representation (flat, sliced,
// cons, one- or two-byte) and goes megamorphic, a generic call per character.
const charCodeAt = String.prototype.charCodeAt;
const MONEY = /[$€£]\s?\d|\b\d+(\.\d\d)?\s?(usd|eur|gbp|dollars)\b/i;
const QUESTION = /\?\s*(\n|$)/;
const REPLY_SUBJECT = /^\s*(re|aw|sv)\s*(\[\d+\])?:/i;

/** Fills the named slots (values in roughly [0, 1]). */
export function namedValues(p: Preprocessed, hits: RuleHit[]): Float64Array {
  const v = new Float64Array(NAMED_FEATURES.length);
  for (const h of hits) v[RULE_SLOT.get(h.id)!] = 1;
  const subjectLetters = p.subject.replace(/[^A-Za-z]/g, "");
  const body = p.body;
  let caps = 0;
  let letters = 0;
  const end = Math.min(body.length, 5000);
  for (let i = 0; i < end; i++) {
    const c = charCodeAt.call(body, i);
    if (c < 128) {
      const k = LETTER[c]!;
      caps += k & 1;
      letters += k >> 1;
    }
  }
  v[S.hasHtml] = p.hasHtml ? 1 : 0;
  v[S.htmlOnly] = p.htmlOnly ? 1 : 0;
  v[S.links] = Math.min(1, Math.log1p(p.links.length) / 4);
  v[S.remoteImages] = p.remoteImages > 0 ? 1 : 0;
  v[S.attachments] = p.attachments.length > 0 ? 1 : 0;
  v[S.calendar] = p.calendars.length > 0 ? 1 : 0;
  v[S.subjectCaps] = subjectLetters.length >= 6 && subjectLetters === subjectLetters.toUpperCase() ? 1 : 0;
  v[S.subjectExclaim] = p.subject.includes("!") ? 1 : 0;
  v[S.subjectReply] = REPLY_SUBJECT.test(p.subject) ? 1 : 0;
  v[S.inReplyTo] = p.headers.has("in-reply-to") || p.headers.has("references") ? 1 : 0;
  v[S.quotedText] = p.quoted.trim().length > 0 ? 1 : 0;
  v[S.bodyLength] = Math.min(1, Math.log1p(body.length) / 10);
  v[S.capsRatio] = letters > 20 ? caps / letters : 0;
  v[S.money] = MONEY.test(body) ? 1 : 0;
  v[S.manyRecipients] = p.to.length + p.ccCount > 5 ? 1 : 0;
  v[S.ccPresent] = p.ccCount > 0 ? 1 : 0;
  v[S.question] = body.includes("?") && QUESTION.test(body) ? 1 : 0;
  v[S.noMessageId] = p.kind === "email" && !p.headers.has("message-id") ? 1 : 0;
  v[S.senderDigits] = /\d{3,}/.test(localPart(p.from.address)) ? 1 : 0;
  v[S.chat] = p.kind === "chat" ? 1 : 0;
  return v;
}

/** `address.split("@")[0]` without the array (its shape varied and cost a recompile). */
function localPart(address: string): string {
  const at = address.indexOf("@");
  return at < 0 ? address : address.slice(0, at);
}
