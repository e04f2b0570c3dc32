import type { Preprocessed } from "../preprocess/preprocess.ts";
import { registrable } from "../rules/sender-rules.ts";
import type { ReaderContext, RuleContext } from "../rules/types.ts";
import { receivingServerResults } from "./authentication-results.ts";

/**
 * The wording the content signals read: the subject and the body's first 5,000 characters,
 * lower-cased. The feature bag builds it once and hands it to each signal family.
 */
export function leadTextLower(p: Preprocessed): string {
  return `${p.subject}\n${p.body.slice(0, 5000)}`.toLowerCase();
}

/** What the features see beyond the message itself: provider labels and the reader (device only). */
export interface SignalContext {
  /** Gmail's labelIds when the source is Gmail (e.g. `CATEGORY_PROMOTIONS`, `IMPORTANT`). */
  labels?: readonly string[];
  rules?: RuleContext;
}

export type ReaderRole = "to" | "cc" | "not_addressed";

const ADDRESS = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
const PUBLIC_MAIL =
  /^(gmail\.com|googlemail\.com|outlook\.com|hotmail\.com|live\.com|yahoo\.com|icloud\.com|me\.com|proton\.me|protonmail\.com|gmx\.(de|net)|web\.de|aol\.com|mail\.com)$/;

/** Addresses in a raw header value, lower-cased. */
export function addressesIn(header: string | undefined): string[] {
  return (header?.slice(0, 20_000).match(ADDRESS) ?? []).map((a) => a.toLowerCase());
}

/**
 * Where the reader stands on this message: in To, in Cc, or neither (a list or Bcc). Unknown
 * (undefined) when the reader's addresses or the recipients are not known.
 */
export function readerRole(p: Preprocessed, reader: ReaderContext | undefined): ReaderRole | undefined {
  if (!reader || reader.addresses.length === 0 || p.kind !== "email") return undefined;
  const mine = new Set(reader.addresses.map((a) => a.toLowerCase()));
  if (addressesIn(p.headers.get("to")).some((a) => mine.has(a))) return "to";
  if (addressesIn(p.headers.get("cc")).some((a) => mine.has(a))) return "cc";
  return "not_addressed";
}

/** The sender is at the reader's own organisation (same registrable domain, not a public mail provider). */
export function sameOrgAsReader(p: Preprocessed, reader: ReaderContext | undefined): boolean {
  if (!reader || !p.from.domain) return false;
  const org = registrable(p.from.domain);
  if (PUBLIC_MAIL.test(org)) return false;
  return reader.addresses.some((a) => registrable(a.split("@")[1] ?? "") === org);
}

/** DMARC passed, or a DKIM signature of the From domain's organisation passed, at the receiving server. */
export function authPassed(p: Preprocessed, rules: RuleContext | undefined): boolean {
  const ar = receivingServerResults(p.headers.get("authentication-results"), rules?.authservId);
  if (!ar || !p.from.domain) return false;
  const org = registrable(p.from.domain);
  return ar.results.some(
    (r) =>
      r.result === "pass" &&
      (r.method === "dmarc" ||
        (r.method === "dkim" &&
          registrable(r.props.get("header.d") ?? r.props.get("header.i")?.split("@").pop() ?? "") === org)),
  );
}

const ESP_HEADERS = [
  "feedback-id",
  "x-mailgun-sid",
  "x-ses-outgoing",
  "x-sg-eid",
  "x-mc-user",
  "x-campaign",
  "x-campaignid",
  "x-mailchimp-campaign",
  "x-sfmc-stack",
  "x-mailer-sid",
  "x-csa-complaints",
  "x-marketo-id",
  "x-hs-cta",
];

/** Headers bulk-sending services stamp (Gmail's Feedback-ID, Mailgun, SES, SendGrid, Mailchimp, …). */
export function bulkSenderMarkers(p: Preprocessed): boolean {
  for (const h of ESP_HEADERS) if (p.headers.has(h)) return true;
  return false;
}
