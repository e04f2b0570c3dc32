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

/** Fills the named slots (values in roughly [0, 1]). */
export function namedValues(p: Preprocessed, hits: RuleHit[]): Float64Array {
  const v = new Float64Array(NAMED_FEATURES.length);
  const set = (name: string, x: number) => {
    v[NAMED_INDEX.get(name)!] = x;
  };
  for (const h of hits) set(`rule:${h.id}`, 1);
  const subjectLetters = p.subject.replace(/[^A-Za-z]/g, "");
  const body = p.body;
  let caps = 0;
  let letters = 0;
  for (let i = 0; i < Math.min(body.length, 5000); i++) {
    const c = body.charCodeAt(i);
    if (c >= 65 && c <= 90) {
      caps++;
      letters++;
    } else if (c >= 97 && c <= 122) letters++;
  }
  set("has_html", p.hasHtml ? 1 : 0);
  set("html_only", p.htmlOnly ? 1 : 0);
  set("links", Math.min(1, Math.log1p(p.links.length) / 4));
  set("remote_images", p.remoteImages > 0 ? 1 : 0);
  set("attachments", p.attachments.length > 0 ? 1 : 0);
  set("calendar", p.calendars.length > 0 ? 1 : 0);
  set("subject_caps", subjectLetters.length >= 6 && subjectLetters === subjectLetters.toUpperCase() ? 1 : 0);
  set("subject_exclaim", /!/.test(p.subject) ? 1 : 0);
  set("subject_reply", /^\s*(re|aw|sv)\s*(\[\d+\])?:/i.test(p.subject) ? 1 : 0);
  set("in_reply_to", p.headers.has("in-reply-to") || p.headers.has("references") ? 1 : 0);
  set("quoted_text", p.quoted.trim().length > 0 ? 1 : 0);
  set("body_length", Math.min(1, Math.log1p(body.length) / 10));
  set("caps_ratio", letters > 20 ? caps / letters : 0);
  set("money", /[$€£]\s?\d|\b\d+(\.\d\d)?\s?(usd|eur|gbp|dollars)\b/i.test(body) ? 1 : 0);
  set("many_recipients", p.to.length + p.ccCount > 5 ? 1 : 0);
  set("cc_present", p.ccCount > 0 ? 1 : 0);
  set("question", /\?\s*(\n|$)/.test(body) ? 1 : 0);
  set("no_message_id", p.kind === "email" && !p.headers.has("message-id") ? 1 : 0);
  set("sender_digits", /\d{3,}/.test(p.from.address.split("@")[0] ?? "") ? 1 : 0);
  set("chat", p.kind === "chat" ? 1 : 0);
  return v;
}
