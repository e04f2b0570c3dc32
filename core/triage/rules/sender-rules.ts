import type { Rule, RuleHit } from "./types.ts";

const AUTOMATED_LOCAL =
  /^(no-?reply|do-?not-?reply|donotreply|notifications?|notify|alerts?|billing|receipts?|orders?|invoices?|accounts?|auto-?confirm|confirm(ation)?|shipping|shipment|updates?|mailer-daemon|postmaster|bounce[s]?)([+._-].*)?$/i;
const TRANSACTIONAL_SUBJECT =
  /\b(receipt|invoice|order|shipped|shipping|delivery|tracking|payment (received|confirmation)|your (account|password|statement|booking|reservation)|confirm(ation)?|verification code|security code|password reset)\b/i;
const SOCIAL_DOMAINS =
  /(^|\.)(facebookmail\.com|facebook\.com|linkedin\.com|twitter\.com|x\.com|instagram\.com|pinterest\.com|meetup\.com|reddit(mail)?\.com|tiktok\.com|youtube\.com|quora\.com|mastodon\.social|discord\.com|myspace\.com|friendster\.com|classmates\.com|evite\.com)$/i;

/** Automated transactional senders, social networks, reply-to swaps and undisclosed recipients. */
export const senderRules: Rule = (p, ctx) => {
  const hits: RuleHit[] = [];
  const local = p.from.address.split("@")[0] ?? "";
  if (
    (AUTOMATED_LOCAL.test(local) || p.headers.has("auto-submitted")) &&
    (TRANSACTIONAL_SUBJECT.test(p.subject) || AUTOMATED_LOCAL.test(local))
  ) {
    hits.push({ id: "transactional_sender", words: "comes from an automated transactional sender" });
  }
  if (SOCIAL_DOMAINS.test(p.from.domain))
    hits.push({ id: "social_sender", words: "comes from a social network" });
  const replyDomain = p.replyTo.split("@")[1] ?? "";
  if (replyDomain && p.from.domain && !sameOrg(replyDomain, p.from.domain)) {
    hits.push({ id: "reply_to_mismatch", words: "replies would go to a different domain than the sender's" });
  }
  if (
    p.kind === "email" &&
    !ctx.recipientsUnknown &&
    // A note with no head at all (pasted text) lists nobody because it has no fields, not to hide
    // them; nor does a head without the Date every sent message carries (RFC 5322 3.6: a draft or a
    // hand-written .eml, never delivered mail).
    p.headers.size > 0 &&
    p.headers.has("date") &&
    (p.to.length === 0 || /undisclosed|recipient list suppressed/i.test(p.headers.get("to") ?? ""))
  ) {
    hits.push({ id: "undisclosed_recipients", words: "you are not listed as a recipient" });
  }
  return hits;
};

/** Two domains belong to one organisation when their last two labels match. */
export function sameOrg(a: string, b: string): boolean {
  return registrable(a) === registrable(b);
}

/**
 * The host an href names, as the signals compare it: the authority after `scheme://`, without
 * userinfo (`user:pw@`) or port, lower-cased; "" when the href has no authority (`mailto:`, a bare
 * path or domain). An IPv6 literal keeps its brackets (`[::1]`). Which schemes count is each
 * caller's check.
 */
export function hrefHost(href: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(href.trim());
  if (!m) return "";
  const authority = m[1]!;
  return authority
    .slice(authority.lastIndexOf("@") + 1)
    .replace(/:\d+$/, "")
    .toLowerCase();
}

export function registrable(domain: string): string {
  const labels = domain.toLowerCase().split(".").filter(Boolean);
  const twoPart =
    /^(co|com|org|net|ac|gov|edu)$/.test(labels[labels.length - 2] ?? "") &&
    (labels[labels.length - 1]?.length ?? 0) === 2;
  return labels.slice(twoPart ? -3 : -2).join(".");
}
