import { registrable } from "./sender-rules.ts";
import type { Rule, RuleHit } from "./types.ts";

/** Brands commonly impersonated; a domain that folds to one of these but is not it is a look-alike. */
export const BRANDS = [
  "paypal",
  "apple",
  "microsoft",
  "google",
  "amazon",
  "netflix",
  "facebook",
  "instagram",
  "linkedin",
  "chase",
  "wellsfargo",
  "bankofamerica",
  "citibank",
  "hsbc",
  "barclays",
  "dropbox",
  "docusign",
  "outlook",
  "office365",
  "icloud",
  "ebay",
  "fedex",
  "dhl",
  "ups",
  "usps",
  "irs",
  "coinbase",
  "binance",
];
const BRAND_SET = new Set(BRANDS);

// Confusables folded to ASCII: digits, Cyrillic and Greek letters that look Latin.
const FOLD: Record<string, string> = {
  "0": "o",
  "1": "l",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "|": "l",
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ԁ: "d",
  ո: "n",
  ѕ: "s",
  ӏ: "l",
  һ: "h",
  ԛ: "q",
  ԝ: "w",
  α: "a",
  ο: "o",
  ρ: "p",
  ν: "v",
  τ: "t",
  ι: "i",
  κ: "k",
};

/** Folds look-alike characters and sequences ("rn" → "m", "vv" → "w") to plain ASCII. */
export function foldConfusables(s: string): string {
  let out = "";
  for (const ch of s.normalize("NFKC").toLowerCase()) out += FOLD[ch] ?? ch;
  return out.replace(/rn/g, "m").replace(/vv/g, "w").replace(/cl/g, "d");
}

/** Punycode and homoglyph look-alike sender domains. */
export const lookalikeRules: Rule = (p) => {
  const hits: RuleHit[] = [];
  const domain = p.from.domain;
  if (!domain) return hits;
  if (/(^|\.)xn--/.test(domain) || /[^ -~]/.test(domain)) {
    hits.push({
      id: "punycode_domain",
      words: "the sender's domain uses international look-alike characters",
    });
  }
  const org = registrable(domain).split(".")[0] ?? "";
  const folded = foldConfusables(org).replace(/[-_.]/g, "");
  if (!BRAND_SET.has(org)) {
    for (const brand of BRANDS) {
      if (brand.length < 4) continue;
      if (folded === brand || (folded.includes(brand) && folded !== org) || editDistance1(folded, brand)) {
        hits.push({ id: "homoglyph_domain", words: `the sender's domain imitates ${brand}` });
        break;
      }
    }
  }
  return hits;
};

function editDistance1(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1 || b.length < 6) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (a.length < b.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) === 1;
}
