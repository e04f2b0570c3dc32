import { BUCKETS, CATEGORIES, SPEECH_ACTS } from "../labels.ts";
import type { Preprocessed } from "../preprocess/preprocess.ts";
import { saysUrgent } from "../rules/content-rules.ts";
import { RULE_IDS, type RuleHit } from "../rules/types.ts";
import { ASK_FEATURES, askSignals } from "../signals/asks.ts";
import { PHISHING_FEATURES, phishingSignals } from "../signals/phishing.ts";
import {
  authPassed,
  bulkSenderMarkers,
  leadTextLower,
  readerRole,
  type SignalContext,
  sameOrgAsReader,
} from "../signals/signals.ts";
import { weakLabels } from "../weak-labels.ts";

/** Gmail's own labels used as signals (only present when the source is Gmail). */
export const GMAIL_LABELS = [
  "CATEGORY_PERSONAL",
  "CATEGORY_SOCIAL",
  "CATEGORY_PROMOTIONS",
  "CATEGORY_UPDATES",
  "CATEGORY_FORUMS",
  "IMPORTANT",
] as const;
const GMAIL_WORDS: Record<(typeof GMAIL_LABELS)[number], string> = {
  CATEGORY_PERSONAL: "Gmail filed it under Primary",
  CATEGORY_SOCIAL: "Gmail filed it under Social",
  CATEGORY_PROMOTIONS: "Gmail filed it under Promotions",
  CATEGORY_UPDATES: "Gmail filed it under Updates",
  CATEGORY_FORUMS: "Gmail filed it under Forums",
  IMPORTANT: "Gmail marked it important",
};
const RULE_WORDS = {
  urgent: "its wording asks for action today",
  actionable: "its wording asks something of you",
  informational: "its wording only informs",
  low_priority: "it reads as bulk mail",
  request: "it asks you to do or answer something",
  commit: "the sender promises to do something",
  deliver: "it hands something over (attached, here is…)",
  propose: "it suggests a plan or an offer",
  meet: "it is about a meeting or call",
  amend: "it corrects or changes something earlier",
  fyi: "it only informs",
  primary: "it reads like personal mail",
  newsletter: "it comes through a list without a discussion",
  notification: "it comes from an automated system",
  promotion: "it reads like marketing",
  receipt: "it has receipt or order wording",
  social: "it comes from a social network",
} as const;

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
  { name: "auth_pass", words: "your mail server verified the sender's domain" },
  { name: "bulk_esp", words: "sent through a bulk-mail service" },
  { name: "one_click_unsubscribe", words: "offers one-click unsubscribe (bulk mail)" },
  { name: "auto_submitted", words: "sent automatically by a system" },
  { name: "calendar_change", words: "updates or cancels a calendar event" },
  { name: "urgency_words", words: "says something is failing, due or needed now" },
  ...GMAIL_LABELS.map((l) => ({ name: `gmail:${l.toLowerCase()}`, words: GMAIL_WORDS[l] })),
  { name: "reader_to", words: "you are in To" },
  { name: "reader_cc", words: "you are only in Cc" },
  { name: "reader_not_addressed", words: "you got it through a list or Bcc, not by name" },
  { name: "sender_wrote_to", words: "you have written to this sender" },
  { name: "sender_replied_to", words: "you have replied to this sender" },
  { name: "sender_corrected", words: "you corrected this sender's mail before" },
  { name: "sender_same_org", words: "the sender is from your organisation" },
  ...BUCKETS.map((b) => ({ name: `rules_bucket:${b}`, words: RULE_WORDS[b] })),
  ...SPEECH_ACTS.map((a) => ({ name: `rules_speech:${a}`, words: RULE_WORDS[a] })),
  ...CATEGORIES.map((c) => ({ name: `rules_category:${c}`, words: RULE_WORDS[c] })),
  ...PHISHING_FEATURES,
  ...ASK_FEATURES,
  {
    name: "asks_only_a_reply",
    words: "asks nothing but an answer: no link, attachment, money, number or other channel",
  },
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
  authPass: slot("auth_pass"),
  bulkEsp: slot("bulk_esp"),
  oneClick: slot("one_click_unsubscribe"),
  autoSubmitted: slot("auto_submitted"),
  calendarChange: slot("calendar_change"),
  urgencyWords: slot("urgency_words"),
  gmail: slot("gmail:category_personal"),
  readerTo: slot("reader_to"),
  readerCc: slot("reader_cc"),
  readerNotAddressed: slot("reader_not_addressed"),
  wroteTo: slot("sender_wrote_to"),
  repliedTo: slot("sender_replied_to"),
  corrected: slot("sender_corrected"),
  sameOrg: slot("sender_same_org"),
  rulesBucket: slot("rules_bucket:urgent"),
  rulesSpeech: slot("rules_speech:request"),
  rulesCategory: slot("rules_category:primary"),
  phishing: slot(PHISHING_FEATURES[0].name),
  asks: slot(ASK_FEATURES[0].name),
  onlyAReply: slot("asks_only_a_reply"),
};
const CALENDAR_CHANGE = /^(METHOD:CANCEL|SEQUENCE:[1-9])/m;
// Time pressure and breakage in the languages the product reads; a signal, not a verdict (the
// models weigh it: "URGENT" marketing carries it too).
const URGENCY_WORDS =
  /\b(urgent|asap|immediately|right away|as soon as possible|today|tonight|this morning|within (the next )?\d+ (minutes|hours|mins)|is down|outage|incident|sev ?[12]|failing|failed|breach|leaked|exposed|compromised|cancell?ed|delayed|gate change|overdue|action required|deadline|dringend|sofort|heute|ausgefallen|urgente|hoy|inmediato|aujourd'hui|imm[ée]diatement|hoje|pilne|dzisiaj|brådskande|idag)\b|至急|緊急|本日|今日中/i;
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
export function namedValues(p: Preprocessed, hits: RuleHit[], ctx: SignalContext = {}): Float64Array {
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
  signalValues(v, p, hits, ctx);
  return v;
}

/** Modern signals: receiving-server authentication, bulk markers, Gmail labels, the reader, rule labels. */
function signalValues(v: Float64Array, p: Preprocessed, hits: RuleHit[], ctx: SignalContext): void {
  if (p.kind !== "email") return;
  v[S.authPass] = authPassed(p, ctx.rules) ? 1 : 0;
  v[S.bulkEsp] = bulkSenderMarkers(p) ? 1 : 0;
  v[S.oneClick] = p.headers.has("list-unsubscribe-post") ? 1 : 0;
  v[S.autoSubmitted] = /^\s*auto-/i.test(p.headers.get("auto-submitted") ?? "") ? 1 : 0;
  v[S.calendarChange] = p.calendars.some((c) => CALENDAR_CHANGE.test(c)) ? 1 : 0;
  v[S.urgencyWords] =
    saysUrgent(URGENCY_WORDS, p.subject) || saysUrgent(URGENCY_WORDS, p.body.slice(0, 2000)) ? 1 : 0;
  if (ctx.labels)
    for (let i = 0; i < GMAIL_LABELS.length; i++)
      v[S.gmail + i] = ctx.labels.includes(GMAIL_LABELS[i]!) ? 1 : 0;
  const reader = ctx.rules?.reader;
  const role = ctx.rules?.recipientsUnknown ? undefined : readerRole(p, reader);
  if (role === "to") v[S.readerTo] = 1;
  else if (role === "cc") v[S.readerCc] = 1;
  else if (role === "not_addressed") v[S.readerNotAddressed] = 1;
  const rel = reader?.contacts?.get(p.from.address.toLowerCase());
  v[S.wroteTo] = rel?.wroteTo ? 1 : 0;
  v[S.repliedTo] = rel?.repliedTo ? 1 : 0;
  v[S.corrected] = rel?.corrected ? 1 : 0;
  v[S.sameOrg] = sameOrgAsReader(p, reader) ? 1 : 0;
  const w = weakLabels(p, hits, false);
  v[S.rulesBucket + BUCKETS.indexOf(w.bucket)] = 1;
  v[S.rulesSpeech + SPEECH_ACTS.indexOf(w.speechAct)] = 1;
  v[S.rulesCategory + CATEGORIES.indexOf(w.category)] = 1;
  // Both signal families read the same lower-cased subject and body head: built once.
  const lower = leadTextLower(p);
  const phishing = phishingSignals(p, ctx.rules, lower);
  for (let i = 0; i < PHISHING_FEATURES.length; i++) v[S.phishing + i] = phishing[PHISHING_FEATURES[i]!.name];
  const asks = askSignals(p, ctx.rules, lower);
  let asked = false;
  for (let i = 0; i < ASK_FEATURES.length; i++) {
    const x = asks[ASK_FEATURES[i]!.name];
    v[S.asks + i] = x;
    if (x > 0) asked = true;
  }
  v[S.onlyAReply] = !asked && asksOnlyAReply(p, hits) ? 1 : 0;
}

/** Rule hits that ask the reader to act somewhere other than in a reply. */
const ACTING_RULES = new Set(["reply_to_mismatch", "urgency_payment", "urgency_credentials"]);
// A phone number (international, or three groups of digits), an address to write to, a bitcoin
// address: somewhere to go other than the reply.
const PHONE = /\+\d[\d ().-]{7,}\d|\b\d{2,4}[ .-]\d{3,4}[ .-]\d{3,5}\b/;
const ADDRESS = /[\w.+-]+@[\w-]+\.[\w.-]+/;
const BITCOIN = /\b(?:bc1[a-z0-9]{20,60}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})\b/;
// A link written without its scheme ("www.example.com", "example.com/login"): still a place to go.
const BARE_LINK = /\bwww\.[a-z0-9-]+\.[a-z]{2,}|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/[^\s]/i;

/**
 * Nothing in the message to act on but an answer: no link (with or without its scheme), remote
 * image, attachment, calendar invitation, money amount, phone number, address or wallet, and no rule that sends the reader elsewhere
 * (a different Reply-To, a payment or credential demand). What a scam or a sale needs is a
 * payload; whether its absence says "relevant" is the model's to learn (cross-validated in
 * `npm run -s select:triage -- --ablate=asks_only_a_reply`).
 */
export function asksOnlyAReply(p: Preprocessed, hits: readonly RuleHit[]): boolean {
  // A remote image can be the payload itself (a QR code to scan) as well as a tracker.
  if (p.links.length > 0 || p.attachments.length > 0 || p.calendars.length > 0 || p.remoteImages > 0)
    return false;
  if (hits.some((h) => ACTING_RULES.has(h.id))) return false;
  const text = p.body.length > 5000 ? p.body.slice(0, 5000) : p.body;
  return !(
    MONEY.test(text) ||
    PHONE.test(text) ||
    ADDRESS.test(text) ||
    BITCOIN.test(text) ||
    BARE_LINK.test(text)
  );
}

/** `address.split("@")[0]` without the array (its shape varied and cost a recompile). */
function localPart(address: string): string {
  const at = address.indexOf("@");
  return at < 0 ? address : address.slice(0, at);
}
