import { foldConfusables } from "../rules/lookalike-rules.ts";

/**
 * Brands that phishing commonly impersonates, with the registrable domains they really send
 * from. A message naming a brand from a domain not in its list is unaligned (a signal the model
 * weighs, never a verdict: a shop's receipt may say "paid with PayPal").
 */
export const BRAND_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  paypal: [
    "paypal.com",
    "paypal.de",
    "paypal.co.uk",
    "paypal.fr",
    "paypal.es",
    "paypal.it",
    "paypal-community.com",
  ],
  apple: ["apple.com", "icloud.com", "me.com", "itunes.com", "apple.news"],
  icloud: ["apple.com", "icloud.com", "me.com"],
  microsoft: [
    "microsoft.com",
    "office.com",
    "office365.com",
    "outlook.com",
    "live.com",
    "microsoftonline.com",
    "sharepoint.com",
    "onmicrosoft.com",
    "azure.com",
    "xbox.com",
    "skype.com",
    "github.com",
    "linkedin.com",
  ],
  office365: ["microsoft.com", "office.com", "office365.com", "microsoftonline.com"],
  outlook: ["microsoft.com", "outlook.com", "live.com", "office.com", "hotmail.com"],
  onedrive: ["microsoft.com", "live.com", "onedrive.com", "sharepoint.com"],
  sharepoint: ["microsoft.com", "sharepoint.com"],
  google: [
    "google.com",
    "gmail.com",
    "googlemail.com",
    "youtube.com",
    "google.de",
    "google.co.jp",
    "withgoogle.com",
    "googleusercontent.com",
  ],
  amazon: [
    "amazon.com",
    "amazon.de",
    "amazon.co.uk",
    "amazon.fr",
    "amazon.es",
    "amazon.it",
    "amazon.co.jp",
    "amazon.nl",
    "amazon.pl",
    "amazon.com.br",
    "amazonaws.com",
    "aws.com",
    "amazon.se",
  ],
  aws: ["amazon.com", "amazonaws.com", "aws.com"],
  netflix: ["netflix.com"],
  facebook: ["facebook.com", "facebookmail.com", "meta.com", "fb.com"],
  instagram: ["instagram.com", "facebookmail.com", "meta.com"],
  whatsapp: ["whatsapp.com", "meta.com"],
  linkedin: ["linkedin.com"],
  dropbox: ["dropbox.com", "dropboxmail.com"],
  docusign: ["docusign.com", "docusign.net"],
  adobe: ["adobe.com", "adobesign.com", "echosign.com", "acrobat.com"],
  wetransfer: ["wetransfer.com"],
  ebay: ["ebay.com", "ebay.de", "ebay.co.uk", "ebay.fr", "ebay.es", "ebay.it"],
  dhl: ["dhl.com", "dhl.de", "dhl.fr", "dhl.es", "dhl.nl", "dhl.pl", "deutschepost.de", "dhlparcel.nl"],
  fedex: ["fedex.com"],
  ups: ["ups.com"],
  usps: ["usps.com", "usps.gov"],
  correos: ["correos.es"],
  coinbase: ["coinbase.com"],
  binance: ["binance.com"],
  metamask: ["metamask.io", "consensys.io"],
  chase: ["chase.com", "jpmorgan.com"],
  "wells fargo": ["wellsfargo.com"],
  "bank of america": ["bankofamerica.com", "bofa.com"],
  hsbc: ["hsbc.com", "hsbc.co.uk"],
  barclays: ["barclays.com", "barclays.co.uk"],
  santander: ["santander.com", "santander.es", "santander.co.uk", "santander.pt", "santander.de"],
  "deutsche bank": ["db.com", "deutsche-bank.de"],
  sparkasse: ["sparkasse.de"],
  ing: ["ing.com", "ing.de", "ing.nl", "ing.es"],
  revolut: ["revolut.com"],
  stripe: ["stripe.com"],
  visa: ["visa.com"],
  mastercard: ["mastercard.com"],
  "american express": ["americanexpress.com", "aexp.com"],
  steam: ["steampowered.com", "steamcommunity.com"],
  discord: ["discord.com", "discordapp.com"],
  spotify: ["spotify.com"],
  airbnb: ["airbnb.com", "airbnb.de", "airbnb.es", "airbnb.fr", "airbnb.pt"],
  booking: ["booking.com"],
  "app store": ["apple.com"],
  docomo: ["docomo.ne.jp", "nttdocomo.co.jp"],
  rakuten: ["rakuten.co.jp", "rakuten.com"],
  irs: ["irs.gov"],
  hmrc: ["hmrc.gov.uk", "gov.uk"],
  "agencia tributaria": ["agenciatributaria.es", "agenciatributaria.gob.es"],
  elster: ["elster.de"],
  zoom: ["zoom.us", "zoom.com"],
  slack: ["slack.com"],
  github: ["github.com", "githubusercontent.com"],
  norton: ["norton.com", "nortonlifelock.com"],
  // National posts, tax offices, banks, transport and telecoms of the languages the product reads.
  "la poste": ["laposte.fr", "laposte.net", "colissimo.fr"],
  colissimo: ["laposte.fr", "colissimo.fr"],
  chronopost: ["chronopost.fr"],
  "deutsche post": ["deutschepost.de", "dhl.de"],
  postnl: ["postnl.nl"],
  "poste italiane": ["poste.it", "posteitaliane.it"],
  ctt: ["ctt.pt"],
  inpost: ["inpost.pl", "inpost.eu"],
  postnord: ["postnord.se", "postnord.dk", "postnord.com"],
  "royal mail": ["royalmail.com"],
  "japan post": ["japanpost.jp", "post.japanpost.jp"],
  yamato: ["kuronekoyamato.co.jp"],
  sagawa: ["sagawa-exp.co.jp"],
  impots: ["impots.gouv.fr", "dgfip.finances.gouv.fr"],
  ameli: ["ameli.fr", "assurance-maladie.fr"],
  antai: ["antai.gouv.fr"],
  finanzamt: ["elster.de", "bzst.de"],
  "agenzia entrate": ["agenziaentrate.gov.it", "agenziaentrate.it"],
  "portal das finanças": ["portaldasfinancas.gov.pt", "at.gov.pt"],
  belastingdienst: ["belastingdienst.nl"],
  skatteverket: ["skatteverket.se"],
  caixabank: ["caixabank.es", "caixabank.com"],
  bbva: ["bbva.es", "bbva.com"],
  "caixa geral": ["cgd.pt"],
  caixadirecta: ["cgd.pt"],
  millennium: ["millenniumbcp.pt"],
  "crédit agricole": ["credit-agricole.fr", "ca-paris.fr"],
  "société générale": ["societegenerale.fr", "sg.fr"],
  bnp: ["bnpparibas.com", "mabanque.bnpparibas", "bnpparibas.fr"],
  "intesa sanpaolo": ["intesasanpaolo.com"],
  unicredit: ["unicredit.it", "unicredit.eu"],
  "abn amro": ["abnamro.nl", "abnamro.com"],
  rabobank: ["rabobank.nl", "rabobank.com"],
  pko: ["pkobp.pl", "pko.pl"],
  mbank: ["mbank.pl"],
  swedbank: ["swedbank.se", "swedbank.com"],
  nordea: ["nordea.se", "nordea.com"],
  "deutsche bahn": ["bahn.de", "deutschebahn.com"],
  sncf: ["sncf.com", "sncf-connect.com", "oui.sncf"],
  renfe: ["renfe.com", "renfe.es"],
  smbc: ["smbc-card.com", "smbc.co.jp", "vpass.ne.jp"],
  mufg: ["mufg.jp", "bk.mufg.jp"],
  mizuho: ["mizuhobank.co.jp"],
  aeon: ["aeon.co.jp", "aeonbank.co.jp"],
  mercari: ["mercari.com", "mercari.jp"],
  "jr east": ["jreast.co.jp", "eki-net.com"],
  "eki-net": ["jreast.co.jp", "eki-net.com"],
  uber: ["uber.com"],
  nta: ["nta.go.jp"],
  paypay: ["paypay.ne.jp", "paypay-card.co.jp"],
  mcafee: ["mcafee.com"],
  "geek squad": ["bestbuy.com", "geeksquad.com"],
};

/** Names written without spaces between words (Japanese, Chinese), matched as substrings. */
const CJK_ALIASES: Readonly<Record<string, string>> = {
  アマゾン: "amazon",
  アップル: "apple",
  マイクロソフト: "microsoft",
  ドコモ: "docomo",
  楽天: "rakuten",
  三井住友: "smbc",
  三菱UFJ: "mufg",
  みずほ: "mizuho",
  イオン: "aeon",
  メルカリ: "mercari",
  えきねっと: "jr east",
  日本郵便: "japan post",
  ヤマト運輸: "yamato",
  佐川急便: "sagawa",
  国税庁: "nta",
  ペイペイ: "paypay",
  PayPay: "paypay",
};

/** Brand names matched as whole words (lower case; multi-word names matched with single spaces). */
export const BRAND_NAMES = Object.keys(BRAND_DOMAINS);
/** Brands whose name is also a common word or too short to find inside another word. */
const WORD_ONLY = new Set([
  "apple",
  "chase",
  "ing",
  "ups",
  "visa",
  "booking",
  "steam",
  "zoom",
  "slack",
  "irs",
  "aws",
  "dhl",
  "ameli",
  "aeon",
  "uber",
  "ctt",
  "bnp",
  "pko",
  "nta",
  "millennium",
  "yamato",
]);

const BRAND_WORD = new RegExp(
  `(?:^|[^\\p{L}\\p{N}])(${BRAND_NAMES.map((b) => b.replace(/ /g, "[\\s-]?")).join("|")})(?=$|[^\\p{L}\\p{N}])`,
  "giu",
);

/** Brand names named in `text` (whole words, case-insensitive). */
export function brandsNamed(text: string): string[] {
  const out = new Set<string>();
  // An exec loop, not matchAll, which copies the RegExp on every call (matches are never empty).
  BRAND_WORD.lastIndex = 0;
  for (let m = BRAND_WORD.exec(text); m; m = BRAND_WORD.exec(text)) {
    const name = m[1]!.toLowerCase().replace(/[\s-]+/g, " ");
    // Capitalised words only for the ambiguous ones: "Apple ID" yes, "an apple" no.
    if (WORD_ONLY.has(name) && m[1]![0] === m[1]![0]!.toLowerCase()) continue;
    if (BRAND_DOMAINS[name]) out.add(name);
  }
  for (const alias in CJK_ALIASES) if (text.includes(alias)) out.add(CJK_ALIASES[alias]!);
  return [...out];
}

/** Whether registrable domain `org` is one the brand really sends from. */
export function brandOwns(brand: string, org: string): boolean {
  return (BRAND_DOMAINS[brand] ?? []).includes(org);
}

const COMPACT: readonly (readonly [string, string])[] = BRAND_NAMES.filter(
  (b) => !WORD_ONLY.has(b) && b.replace(/ /g, "").length >= 4,
).map((b) => [b.replace(/ /g, ""), b] as const);

/**
 * Brands embedded in a domain label, e.g. "paypal-secure-login" or "amaz0n-orders" (after
 * folding look-alike characters): whole hyphen-separated words for the ambiguous short names.
 */
export function brandsInLabel(label: string): readonly string[] {
  // The same few domains (the sender's, the trackers') come back in message after message.
  const known = LABEL_BRANDS.get(label);
  if (known !== undefined) return known;
  const out = labelBrands(label);
  if (LABEL_BRANDS.size >= 4096) LABEL_BRANDS.clear();
  LABEL_BRANDS.set(label, out);
  return out;
}
/** `labelBrands` of labels already seen (a pure function of the label), frozen: callers share them. */
const LABEL_BRANDS = new Map<string, readonly string[]>();

function labelBrands(label: string): readonly string[] {
  const out: string[] = [];
  const folded = foldConfusables(label);
  for (const form of folded === label ? [label] : [label, folded]) {
    for (const word of form.split(/[^a-z0-9]+/)) if (WORD_ONLY.has(word)) out.push(word);
    const compact = form.replace(/[^a-z0-9]/g, "");
    for (const [c, b] of COMPACT) if (compact.includes(c)) out.push(b);
  }
  return Object.freeze(out.length > 1 ? [...new Set(out)] : out);
}
