import { BRANDS, foldConfusables } from "./lookalike-rules.ts";
import { registrable } from "./sender-rules.ts";
import type { Rule, RuleHit } from "./types.ts";

const URGENCY =
  /\b(urgent(ly)?|immediately|asap|right away|within (24|48|72) hours|today only|act now|final (notice|warning|reminder)|expires? (today|soon)|last chance|suspend(ed)?|deactivat(ed|ion)|locked|overdue|time[- ]sensitive)\b/i;
// Urgency a sender takes back ("nothing urgent", "no rush", "nicht dringend"), in the languages the
// urgency words cover: these say the opposite of pressure and must not count as it.
const NEGATED_URGENCY =
  /\b(?:(?:nothing|not|isn['’]t|non|no)[- ](?:(?:so|that|very|too|super|really)\s+)?urgent|no (?:rush|hurry|urgency)|nicht (?:so )?(?:dringend|eilig)|nichts dringendes|keine? (?:stress|eile)|no es urgente|nada urgente|sin prisa|pas (?:si |tr[èe]s )?urgent|rien d['’]urgent|sans urgence|n[ãa]o [ée] urgente|sem pressa|non [èe] urgente|niente di urgente|nessuna fretta|nic pilnego|nie jest pilne|niepilne|bez po[śs]piechu|inte br[åa]dskande|ingen br[åa]dska)\b/gi;

/**
 * Whether `words` match `text` once the urgency the sender negates is set aside; the plain test
 * first, so text with no urgency word pays nothing more.
 *
 * @example saysUrgent(/\burgent\b/i, "call me when you can, nothing urgent") // false
 */
export function saysUrgent(words: RegExp, text: string): boolean {
  return words.test(text) && words.test(text.replace(NEGATED_URGENCY, " "));
}
// A payment *asked for*: "payment" alone is not one ("the payment service is failing" is an
// incident report; stop 29 found a colleague's outage mail called spam through this rule), so the
// word counts only as something to make, send or update, or as due, required or outstanding.
const PAYMENT =
  /\b(wire (transfer|the)|bank (transfer|details|account)|(make|send|complete|submit|remit|process|authori[sz]e|confirm|update|settle|arrange) (a |the |your |this |that |my |our )?payment|payments? (is |are |was |were )?(due|required|needed|pending|overdue|outstanding|details|information|info|link|method|deadline|to be made)|pay (now|the|this)|invoice|gift ?cards?|bitcoin|btc|western union|money ?gram|credit card|routing number|overdue balance|outstanding balance)\b/i;
const CREDENTIALS =
  /\b(verify your (account|identity|password|information)|confirm your (account|identity|password|details)|log ?in (to|here|now)|sign ?in (to|here|now)|update your (account|billing|payment) (info|information|details)|password|social security|ssn|pin (number|code)|security questions?)\b/i;

/** Display names that claim a brand or another address than the one actually sending. */
export const displayNameRule: Rule = (p) => {
  const name = p.from.name.toLowerCase();
  if (!name || !p.from.domain) return undefined;
  const embedded = /[\w.+-]+@([\w-]+(\.[\w-]+)+)/.exec(name);
  if (embedded && registrable(embedded[1]!) !== registrable(p.from.domain)) {
    return {
      id: "display_name_mismatch",
      words: "the display name shows a different address than the real sender",
    };
  }
  const foldedName = ` ${foldConfusables(name).replace(/[^a-z]+/g, " ")} `;
  const org = registrable(p.from.domain);
  for (const brand of BRANDS) {
    if (
      brand.length >= 5 &&
      foldedName.includes(` ${brand} `) &&
      !org.replace(/[^a-z0-9]/g, "").includes(brand)
    ) {
      return {
        id: "display_name_mismatch",
        words: `the display name claims ${brand} but the address is elsewhere`,
      };
    }
  }
  return undefined;
};

/** Pressure to pay or hand over credentials: the pattern behind phishing and invoice fraud. */
export const urgencyRule: Rule = (p) => {
  const text = `${p.subject}\n${p.body.slice(0, 20_000)}`;
  if (!saysUrgent(URGENCY, text)) return undefined;
  const hits: RuleHit[] = [];
  if (PAYMENT.test(text))
    hits.push({ id: "urgency_payment", words: "urgent wording together with a payment request" });
  if (CREDENTIALS.test(text))
    hits.push({ id: "urgency_credentials", words: "urgent wording together with a request for credentials" });
  return hits;
};

/** First message from an address the user has never corresponded with. */
export const firstContactRule: Rule = (p, ctx) => {
  if (!ctx.knownSenders || !p.from.address || ctx.knownSenders.has(p.from.address)) return undefined;
  return { id: "first_contact", words: "first message from this sender" };
};

/** Hidden content and injection attempts, surfaced as rules so they show in "why". */
export const safetyRules: Rule = (p) => {
  const hits: RuleHit[] = [];
  if (p.injection.length > 0)
    hits.push({ id: "injection_attempt", words: "contains text that tries to instruct an assistant" });
  if (p.hiddenContentRemoved)
    hits.push({ id: "hidden_content", words: "contained hidden text, which was removed" });
  return hits;
};
