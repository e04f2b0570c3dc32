import type { Preprocessed } from "../preprocess/preprocess.ts";
import { foldConfusables } from "../rules/lookalike-rules.ts";
import { hrefHost, registrable } from "../rules/sender-rules.ts";
import type { RuleContext } from "../rules/types.ts";
import { receivingServerResults } from "./authentication-results.ts";
import { brandOwns, brandsInLabel, brandsNamed } from "./brands.ts";
import {
  ACCOUNT_NOUNS,
  ACCOUNT_THREAT_WORDS,
  CREDENTIAL_WORDS,
  DEADLINE_THREAT,
  FEE_WORDS,
  LURE_WORDS,
  PAYMENT_WORDS,
  SMALL_FEE,
  VERIFY_VERBS,
} from "./pressure-words.ts";
import { leadTextLower } from "./signals.ts";

/** Phishing and scam signals, each a named stage-1 feature with the words "why" shows. */
export const PHISHING_FEATURES = [
  { name: "brand_name_unaligned", words: "the sender's name claims a brand its address does not belong to" },
  { name: "brand_subject_unaligned", words: "the subject names a brand the sender does not belong to" },
  { name: "brand_domain_lookalike", words: "the sender's domain dresses up a brand's name" },
  { name: "sender_domain_combo", words: "the sender's domain pads its own name with extra words" },
  { name: "domain_service_words", words: "a domain is named like a security or service page" },
  { name: "link_brand_lookalike", words: "a link goes to a domain dressed up as a brand" },
  { name: "freemail_org_name", words: "an organisation's name on a free mail address" },
  { name: "return_path_other_org", words: "bounces go to another organisation than the sender" },
  { name: "auth_dmarc_not_pass", words: "your mail server could not verify the sender's domain (DMARC)" },
  { name: "auth_spf_weak", words: "the sending server was not clearly authorised (SPF)" },
  { name: "auth_dkim_unaligned", words: "signed only by another domain than the sender's" },
  { name: "link_ip_or_userinfo", words: "a link hides its destination (IP address or user@host)" },
  { name: "link_shortener", words: "a link goes through a URL shortener" },
  { name: "link_abused_tld", words: "a link goes to a domain ending often used for abuse" },
  { name: "link_offsite_share", words: "share of links leading away from the sender's domain" },
  { name: "shown_domain_elsewhere", words: "the text shows one domain while its links go to another" },
  { name: "link_text_domain_mismatch", words: "a link shows one domain but goes to another" },
  {
    name: "link_text_signin_elsewhere",
    words: "a sign-in or brand link goes to a domain neither the sender nor the brand owns",
  },
  { name: "risky_attachment", words: "has an attachment type used to deliver malware or fake logins" },
  { name: "credential_words", words: "asks you to sign in or confirm account details" },
  { name: "account_threat_words", words: "says your account will be suspended or closed" },
  { name: "payment_words", words: "asks for a payment, a fee or changed bank details" },
  { name: "lure_words", words: "promises a prize, refund, inheritance or crypto" },
  { name: "deadline_threat", words: "threatens a consequence after a short deadline" },
  { name: "small_fee", words: "asks for a small fee to release something" },
  {
    name: "credential_ask_unverified",
    words: "asks for account details from a sender not verified as who it claims to be",
  },
  {
    name: "payment_ask_unverified",
    words: "asks for money from a sender not verified as who it claims to be",
  },
  {
    name: "freemail_stranger_money",
    words: "a free mail address you never wrote to asks for money or promises some",
  },
  {
    name: "known_org_lookalike",
    words: "the sender or a link imitates your own organisation or one you write to",
  },
] as const;
export type PhishingFeature = (typeof PHISHING_FEATURES)[number]["name"];

const PUBLIC_MAIL =
  /^(gmail\.com|googlemail\.com|outlook\.(com|de|fr|es)|hotmail\.(com|de|fr|es|co\.uk)|live\.com|yahoo\.(com|de|fr|es|co\.jp|co\.uk)|ymail\.com|icloud\.com|me\.com|proton\.me|protonmail\.com|gmx\.(de|net|com)|web\.de|aol\.com|mail\.(com|ru)|yandex\.(com|ru)|zoho\.com|qq\.com|163\.com|naver\.com|libero\.it|orange\.fr|free\.fr|sfr\.fr|laposte\.net|t-online\.de|posteo\.de|mailbox\.org|fastmail\.com|docomo\.ne\.jp|ziggo\.nl|btinternet\.com|comcast\.net|att\.net|wp\.pl|o2\.pl|onet\.pl|interia\.pl|seznam\.cz)$/;
// Names reserved for documentation and testing (RFC 2606, RFC 6761): never anyone's organisation,
// so a reader at example.com does not make every *.example.org sender a look-alike of it.
const RESERVED_NAME = /(^|\.)example\.(com|net|org)$|\.(test|example|invalid|localhost)$/;
// Words that name an organisation rather than a person.
const ORG_NAME =
  /(?<![\p{L}])(support|security|service|services|team|billing|account|accounts|helpdesk|help desk|admin|administrator|department|customer|bank|payroll|hr|it desk|notification|verification|kundenservice|sicherheit|équipe|servicio|soporte|equipo|suporte|equipe|assistenza|klantenservice|obsługa|kundtjänst|поддержка|サポート|事務局|カスタマー)(?![\p{L}])/iu;
const SHORTENERS =
  /^(bit\.ly|tinyurl\.com|t\.co|goo\.gl|ow\.ly|is\.gd|buff\.ly|rebrand\.ly|cutt\.ly|shorturl\.at|rb\.gy|t\.ly|tiny\.cc|s\.id|v\.gd|shorte\.st|adf\.ly|bl\.ink|short\.io|lnkd\.in|qrco\.de|urlz\.fr|tinyurl\.hu)$/;
// Top-level domains the abuse trackers (Spamhaus, Interisle) list as most abused, relative to size.
const ABUSED_TLD =
  /\.(top|xyz|click|link|zip|mov|icu|cfd|sbs|rest|buzz|monster|quest|cyou|bond|lol|online|site|website|live|shop|store|fun|cam|tk|ml|ga|cf|gq|ru|su)$/;
const RISKY_EXT =
  /\.(html?|shtml|svg|iso|img|vhdx?|exe|scr|com|pif|js|jse|vbs|vbe|wsf|hta|lnk|one|xll|jar|bat|cmd|ps1|msi|docm|xlsm|pptm|cab|ace|r\d\d|7z|uue|gz)$/i;
const DOUBLE_EXT = /\.(pdf|docx?|xlsx?|pptx?|jpe?g|png|txt|zip)\.[a-z0-9]{2,4}$/i;
const IP_HOST = /^(\d{1,3}\.){3}\d{1,3}$|^\[[0-9a-f:.]+\]$|^0x[0-9a-f]+$|^\d{8,10}$/i;
// A bare domain shown in the text ("www.paypal.com", "paypal.com/login").
const SHOWN_DOMAIN =
  /(?<![@\w.-])((?:[a-z0-9-]+\.)+(?:com|net|org|de|fr|es|pt|it|nl|pl|se|jp|co\.uk|io|gov))(?![\w-])/gi;

// Words that name a page or a department rather than an organisation, found inside domain names.
const SERVICE_WORDS =
  /secur|verif|login|signin|logon|account|konto|compte|conta|cuenta|support|service|servicio|update|alert|center|centre|helpdesk|billing|refund|reembolso|erstattung|rembours|notice|notif|confirm|auth|wallet|reward|claim|bonus|gift|tracking|track|delivery|parcel|colis|paket|pakket|douane|zoll|seguimiento|livraison|redeliver|appeal|unlock|recover/;

/**
 * "postnl-pakket-volgen" from "PostNL": a hyphenated domain that pads a brand's name (one `org`
 * does not belong to) with extra words. A small business naming its domain after itself
 * ("stb-brandt-kreuzberg.de" from "Kanzlei Brandt") names no brand, so it never fires; words of
 * the display name are not counted as padding.
 */
function comboDomain(label: string, displayName: string, org: string): boolean {
  const parts = label.split("-").filter(Boolean);
  if (parts.length < 2) return false;
  const nameWords = new Set(
    foldConfusables(displayName)
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3),
  );
  let brand = false;
  let padding = false;
  for (const x of parts) {
    const brands = brandsInLabel(x);
    if (brands.some((b) => !brandOwns(b, org))) brand = true;
    else if (brands.length === 0 && !nameWords.has(x)) padding = true;
  }
  return brand && padding;
}

// Click-tracking and link-protection services: their hrefs hide a link's target, legitimately.
const LINK_WRAPPERS =
  /^(list-manage\.com|mailchi\.mp|sendgrid\.net|mandrillapp\.com|sparkpostmail\.com|exct\.net|rs6\.net|createsend\d*\.com|cmail\d+\.com|klclick\d*\.com|awstrack\.me|hubspotlinks\.com|hubspotemail\.net|mjt\.lu|sendibt\d*\.com|sendinblue\.com|mailgun\.org|pstmrk\.it|customeriomail\.com|iterable\.com|urldefense\.com|proofpoint\.com|mimecast\.com|mailjet\.com|substack\.com|beehiiv\.com|convertkit-mail\d*\.com|ck\.page|campaign-archive\.com)$/;
const WRAPPER_HOST = /(^|\.)safelinks\.protection\.outlook\.com$|^(www\.)?google\.[a-z.]+$/;
// A domain or URL as a link's text shows it ("www.paypal.com", "https://login.bank.de/…").
const TEXT_DOMAIN =
  /(?<![@\p{L}\p{N}.-])(?:https?:\/\/)?((?:[a-z0-9-]+\.)+(?:com|net|org|info|biz|io|co|app|dev|me|ai|de|fr|es|pt|it|nl|pl|se|jp|uk|us|ca|au|ch|at|be|dk|no|fi|ie|cz|ru|br|mx|in|gov|edu|eu))(?![\p{L}\p{N}-])/u;
// Link text that asks the reader to sign in or act on an account.
const SIGNIN_TEXT =
  /(?:^|[^\p{L}])(?:sign[ -]?in|log[ -]?in|verify|confirm|unlock|restore|reactivate|update (?:your )?(?:account|payment|billing)|anmelden|einloggen|bestätigen|se connecter|connexion|vérifier|iniciar sesión|verificar|entrar|accedi|verifica|inloggen|zaloguj|logga in|войти|подтвердить)(?![\p{L}])|ログイン|登录|로그인/u;

/** The anchor text as shown: entities for spaces decoded, look-alike forms folded, lower case. */
function shownText(raw: string): string {
  return raw
    .replace(/&nbsp;|&#160;|&#xa0;/gi, " ")
    .replace(/&amp;/gi, "&")
    .normalize("NFKC")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Link text against its href: a domain shown in the text that is not where the link goes, or a
 * sign-in/brand link leading to an organisation that neither sent the mail nor owns the brand.
 * Tracking is not a mismatch: an href under the sender's own organisation, a known click-tracking
 * or link-protection service, or a redirect that carries the shown domain in its URL.
 */
function anchorValues(p: Preprocessed, org: string, v: Record<PhishingFeature, number>): void {
  for (const a of p.anchors) {
    const m = /^https?:\/\/[^/?#]*/i.exec(a.href.trim());
    if (!m) continue;
    const host = hrefHost(a.href);
    const hrefOrg = registrable(host);
    if (!hrefOrg || hrefOrg === org || LINK_WRAPPERS.test(hrefOrg) || WRAPPER_HOST.test(host)) continue;
    const text = shownText(a.text);
    if (!text) continue;
    const lower = text.toLowerCase();
    const rest = decodeURIComponentSafe(a.href.slice(m[0].length)).toLowerCase();
    const shown = TEXT_DOMAIN.exec(lower);
    if (shown) {
      const shownOrg = registrable(shown[1]!);
      if (shownOrg !== hrefOrg && !rest.includes(shownOrg)) v.link_text_domain_mismatch = 1;
    }
    if (
      text.length <= 60 &&
      (SIGNIN_TEXT.test(lower) || brandsNamed(text).some((b) => !brandOwns(b, hrefOrg)))
    )
      v.link_text_signin_elsewhere = 1;
    if (v.link_text_domain_mismatch && v.link_text_signin_elsewhere) return;
  }
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

interface LinkHost {
  host: string;
  org: string;
  userinfo: boolean;
}

function hostsOf(links: readonly string[]): LinkHost[] {
  const out: LinkHost[] = [];
  for (const link of links.slice(0, 100)) {
    const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(link);
    if (!m) continue;
    const authority = m[1]!;
    const at = authority.lastIndexOf("@");
    const host = (at >= 0 ? authority.slice(at + 1) : authority).replace(/:\d+$/, "").toLowerCase();
    if (!host) continue;
    out.push({ host, org: registrable(host), userinfo: at >= 0 });
  }
  return out;
}

/** Reads the receiving server's top-most header once; returns whether the sender was verified (as `authPassed`). */
function authValues(
  p: Preprocessed,
  rules: RuleContext | undefined,
  v: Record<PhishingFeature, number>,
): boolean {
  const ar = receivingServerResults(p.headers.get("authentication-results"), rules?.authservId);
  if (!ar || !p.from.domain) return false;
  const org = registrable(p.from.domain);
  const of = (method: string) => ar.results.filter((r) => r.method === method);
  const dmarcPass = of("dmarc").some((r) => r.result === "pass");
  if (!dmarcPass) v.auth_dmarc_not_pass = 1;
  if (of("spf").some((r) => /^(softfail|neutral|none|temperror|permerror)$/.test(r.result)))
    v.auth_spf_weak = 1;
  const dkimPass = of("dkim").filter((r) => r.result === "pass");
  const domainOf = (r: (typeof dkimPass)[number]) =>
    registrable(r.props.get("header.d") ?? r.props.get("header.i")?.split("@").pop() ?? "");
  const aligned = dkimPass.some((r) => domainOf(r) === org);
  if (dkimPass.length > 0 && !aligned) v.auth_dkim_unaligned = 1;
  return dmarcPass || aligned;
}

// Every feature at 0, in PHISHING_FEATURES order (each call starts from a copy).
const NO_PHISHING = Object.fromEntries(PHISHING_FEATURES.map((f) => [f.name, 0])) as Record<
  PhishingFeature,
  number
>;

/**
 * Sender/brand alignment, authentication at the receiving server, where links lead, risky
 * attachments and pressure wording, as values in [0, 1] (never message content).
 */
export function phishingSignals(
  p: Preprocessed,
  rules?: RuleContext,
  lower?: string,
): Record<PhishingFeature, number> {
  const v = { ...NO_PHISHING };
  if (p.kind !== "email") return v;
  const org = p.from.domain ? registrable(p.from.domain) : "";
  const unaligned = (brands: readonly string[]) => org !== "" && brands.some((b) => !brandOwns(b, org));
  const nameBrands = brandsNamed(p.from.name);
  if (unaligned(nameBrands)) v.brand_name_unaligned = 1;
  if (unaligned(brandsNamed(p.subject))) v.brand_subject_unaligned = 1;
  const orgLabel = org.split(".")[0] ?? "";
  if (org && unaligned(brandsInLabel(orgLabel))) v.brand_domain_lookalike = 1;
  if (comboDomain(orgLabel, p.from.name, org)) v.sender_domain_combo = 1;
  if (SERVICE_WORDS.test(orgLabel)) v.domain_service_words = 1;
  if (PUBLIC_MAIL.test(org) && (ORG_NAME.test(p.from.name) || nameBrands.length > 0)) v.freemail_org_name = 1;
  const rp = p.returnPath.replace(/[<>]/g, "").split("@")[1] ?? "";
  if (rp && org && registrable(rp) !== org) v.return_path_other_org = 1;
  const verified = authValues(p, rules, v);

  const hosts = hostsOf(p.links);
  let offsite = 0;
  const linkOrgs = new Set<string>();
  for (const h of hosts) {
    if (h.userinfo || IP_HOST.test(h.host)) v.link_ip_or_userinfo = 1;
    if (SHORTENERS.test(h.host)) v.link_shortener = 1;
    if (ABUSED_TLD.test(h.host)) v.link_abused_tld = 1;
    if (h.org !== org) offsite++;
    linkOrgs.add(h.org);
  }
  for (const o of linkOrgs) {
    const label = o.split(".")[0] ?? "";
    if (SERVICE_WORDS.test(label)) v.domain_service_words = 1;
    if (o !== org && !PUBLIC_MAIL.test(o) && unaligned(brandsInLabel(label))) v.link_brand_lookalike = 1;
  }
  if (hosts.length > 0) v.link_offsite_share = offsite / hosts.length;
  if (hosts.length > 0) {
    const text = p.body.slice(0, 10_000);
    for (const m of text.matchAll(SHOWN_DOMAIN)) {
      const shown = registrable(m[1]!);
      if (shown !== org && !linkOrgs.has(shown) && [...linkOrgs].some((o) => o !== org)) {
        v.shown_domain_elsewhere = 1;
        break;
      }
    }
  }
  anchorValues(p, org, v);
  for (const a of p.attachments) {
    const name = a.filename.normalize("NFKC").replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "");
    if (RISKY_EXT.test(name) || DOUBLE_EXT.test(name) || /svg|html/i.test(a.mimeType)) v.risky_attachment = 1;
  }

  const text = lower ?? leadTextLower(p);
  v.credential_words =
    CREDENTIAL_WORDS.test(text) || (ACCOUNT_NOUNS.test(text) && VERIFY_VERBS.test(text)) ? 1 : 0;
  v.deadline_threat = DEADLINE_THREAT.test(text) ? 1 : 0;
  v.small_fee = SMALL_FEE.test(text) && FEE_WORDS.test(text) ? 1 : 0;
  v.account_threat_words = ACCOUNT_THREAT_WORDS.test(text) ? 1 : 0;
  v.payment_words = PAYMENT_WORDS.test(text) ? 1 : 0;
  v.lure_words = LURE_WORDS.test(text) ? 1 : 0;
  // Trusted: the receiving server verified the sender, and nothing says it poses as someone else.
  const trusted =
    verified &&
    !v.brand_name_unaligned &&
    !v.brand_subject_unaligned &&
    !v.brand_domain_lookalike &&
    !v.link_brand_lookalike &&
    !v.freemail_org_name;
  if (!trusted && (v.credential_words || v.account_threat_words)) v.credential_ask_unverified = 1;
  if (!trusted && (v.payment_words || v.small_fee)) v.payment_ask_unverified = 1;
  if (imitatesKnownOrg(p, org, linkOrgs, rules)) v.known_org_lookalike = 1;
  // Advance-fee, task, overpayment and "friend in need" scams come from free mail; a contact's
  // own request (a friend splitting a bill) is not a stranger's.
  const known = rules?.reader?.contacts?.has(p.from.address.toLowerCase()) ?? false;
  if (PUBLIC_MAIL.test(org) && !known && (v.payment_words || v.small_fee || v.lure_words))
    v.freemail_stranger_money = 1;
  return v;
}

/**
 * Business-email compromise and targeted phishing pose as the reader's own organisation or one
 * they write to: a near-miss of its domain (`nordlicht-logistlk.de`, `ferrow.co` for
 * `ferrow.io`), its name padded into another domain (`ferrow-voip.net`) or in a free-mail
 * address (`hr.ferrow.payroll@outlook.com`). Only organisations the device knows count (the
 * reader's addresses and contacts, never free-mail domains); the real domain itself never fires.
 */
function imitatesKnownOrg(
  p: Preprocessed,
  org: string,
  linkOrgs: ReadonlySet<string>,
  rules: RuleContext | undefined,
): boolean {
  const reader = rules?.reader;
  if (!reader || !org) return false;
  const { known, labels } = knownOrgsOf(reader);
  if (known.size === 0) return false;
  const imitates = (domain: string) => {
    if (known.has(domain)) return false;
    const label = foldConfusables(domain.split(".")[0] ?? "");
    const parts = label.split("-");
    return labels.some(
      (k) =>
        label === k || parts.includes(k) || withinEdits(label, k, k.length >= 12 ? 2 : k.length >= 6 ? 1 : 0),
    );
  };
  if (!PUBLIC_MAIL.test(org) && imitates(org)) return true;
  if (PUBLIC_MAIL.test(org)) {
    const local = foldConfusables(p.from.address.split("@")[0] ?? "").split(/[._+-]/);
    if (labels.some((k) => k.length >= 5 && local.includes(k))) return true;
  }
  for (const o of linkOrgs) if (!PUBLIC_MAIL.test(o) && imitates(o)) return true;
  return false;
}

// One reader context serves a whole batch: its organisations are worked out once.
const KNOWN_ORGS = new WeakMap<object, { known: Set<string>; labels: string[] }>();

function knownOrgsOf(reader: NonNullable<RuleContext["reader"]>): { known: Set<string>; labels: string[] } {
  const cached = KNOWN_ORGS.get(reader);
  if (cached) return cached;
  const known = new Set<string>();
  for (const a of [...reader.addresses, ...(reader.contacts?.keys() ?? [])]) {
    const at = a.lastIndexOf("@");
    if (at < 1) continue;
    const d = registrable(a.slice(at + 1).toLowerCase());
    if (d && !PUBLIC_MAIL.test(d) && !RESERVED_NAME.test(d)) known.add(d);
  }
  const labels = [...new Set([...known].map((d) => foldConfusables(d.split(".")[0] ?? "")))].filter(
    (l) => l.length >= 4,
  );
  const out = { known, labels };
  KNOWN_ORGS.set(reader, out);
  return out;
}

/** Whether the edit distance (insert, delete, substitute, swap neighbours) of a and b is at most `max`. */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const sub = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + sub);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2]! + 1);
      cur.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return false;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]! <= max;
}
