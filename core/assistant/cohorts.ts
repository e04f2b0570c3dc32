import type { Cohort, CohortRule } from "../protocol/local-api.ts";
import { domainWithin, senderAddress, senderDomain } from "./sender.ts";

export interface CohortInput {
  from: string;
  subject: string;
  /** Lower-case header names → values, when the device has them (local mail, read_item). */
  headers?: Record<string, string>;
  /** True when the device has seen mail from this sender before. */
  knownSender: boolean;
  contentCategory?: string | null;
}

export interface CohortSettings {
  vipSenders: string[];
  orgDomains: string[];
  rules: CohortRule[];
}

const socialDomains = [
  "facebookmail.com",
  "linkedin.com",
  "twitter.com",
  "x.com",
  "instagram.com",
  "pinterest.com",
  "reddit.com",
  "mastodon.social",
  "tiktok.com",
  "discord.com",
];
const transactionalLocal =
  /^(no-?reply|donotreply|do-not-reply|receipts?|billing|invoice|orders?|notifications?|alerts?|security|account)[+.@-]/;
const transactionalSubject =
  /\b(receipt|invoice|order (?:#|confirm\w*)|your order|payment|password reset|verification code|verify your|shipped|delivery|booking confirm\w*|statement)\b/i;
const newsletterLocal = /^(news|newsletter|digest|updates?|marketing|hello|info)[+.@-]/;

function ruleMatches(rule: CohortRule, input: CohortInput): boolean {
  const value = rule.value.toLowerCase();
  const subject =
    rule.field === "from"
      ? senderAddress(input.from)
      : rule.field === "domain"
        ? senderDomain(input.from)
        : rule.field === "subject"
          ? input.subject.toLowerCase()
          : rule.field === "category"
            ? (input.contentCategory ?? undefined)
            : input.headers?.[(rule.header ?? "").toLowerCase()]?.toLowerCase();
  if (rule.op === "exists") return subject !== undefined && subject !== "";
  if (subject === undefined) return false;
  if (rule.op === "equals") return subject === value;
  if (rule.op === "contains") return subject.includes(value);
  return rule.field === "domain" ? domainWithin(subject, value) : subject.endsWith(value);
}

/**
 * Picks the sender cohort by rules, first match wins: the person's rules, VIPs, newsletters,
 * transactional, social, first contact, intra-org, cross-org, default.
 *
 * @example matchCohort({ input: { from: "news@shop.com", subject: "Deals", knownSender: true }, settings })
 *   // { cohort: "newsletters", why: "sender looks like a newsletter" }
 */
export function matchCohort(args: { input: CohortInput; settings: CohortSettings }): {
  cohort: Cohort;
  why: string;
} {
  const { input, settings } = args;
  for (const rule of settings.rules) {
    if (ruleMatches(rule, input)) return { cohort: rule.cohort, why: `your rule on ${rule.field}` };
  }
  const address = senderAddress(input.from);
  const domain = senderDomain(input.from);
  const local = address.split("@")[0] ?? "";
  if (
    settings.vipSenders.some((v) => (v.includes("@") ? v.toLowerCase() === address : domainWithin(domain, v)))
  )
    return { cohort: "vips", why: "sender is on your VIP list" };
  const headers = input.headers ?? {};
  if (
    headers["list-unsubscribe"] ||
    headers["list-id"] ||
    input.contentCategory === "newsletter" ||
    newsletterLocal.test(`${local}@`)
  )
    return { cohort: "newsletters", why: "sender looks like a newsletter" };
  if (
    transactionalLocal.test(`${local}@`) ||
    transactionalSubject.test(input.subject) ||
    input.contentCategory === "transactional"
  )
    return { cohort: "transactional", why: "automated transactional mail" };
  if (socialDomains.some((d) => domainWithin(domain, d)) || input.contentCategory === "social")
    return { cohort: "social", why: "social network notification" };
  if (!input.knownSender) return { cohort: "first_contact", why: "first message from this sender" };
  if (settings.orgDomains.some((d) => domainWithin(domain, d)))
    return { cohort: "intra_org", why: "sender is in your organisation" };
  if (settings.orgDomains.length > 0)
    return { cohort: "cross_org", why: "sender is outside your organisation" };
  return { cohort: "default", why: "no cohort rule matched" };
}
