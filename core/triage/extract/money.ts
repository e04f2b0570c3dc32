import type { Entity } from "./types.ts";

const SYMBOL: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR" };
const CODE: Record<string, string> = {
  usd: "USD",
  eur: "EUR",
  gbp: "GBP",
  jpy: "JPY",
  chf: "CHF",
  cad: "CAD",
  aud: "AUD",
  dollars: "USD",
  euros: "EUR",
  pounds: "GBP",
};
const NUM = "(\\d{1,3}(?:[,.\\s]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?)";
const BEFORE = new RegExp(`(US\\$|[$€£¥₹])\\s?${NUM}\\s?(k|m|million|bn|billion)?\\b`, "gi");
const AFTER = new RegExp(
  `\\b${NUM}\\s?(k|m|million|bn|billion)?\\s?(usd|eur|gbp|jpy|chf|cad|aud|dollars|euros|pounds)\\b|\\b(usd|eur|gbp|chf|cad|aud)\\s?${NUM}\\b`,
  "gi",
);

/**
 * Money amounts with their currency ("$1,250.00", "€40", "300 EUR", "2.5 million dollars").
 *
 * @example
 * extractMoney("Total: €1.234,50")[0] // { kind: "money", amount: 1234.5, currency: "EUR", … }
 */
export function extractMoney(text: string): Entity[] {
  const out: Entity[] = [];
  // exec loops, not matchAll: matchAll constructs a copy of the RegExp on every call.
  BEFORE.lastIndex = 0;
  for (let m = BEFORE.exec(text); m; m = BEFORE.exec(text)) {
    const cur = m[1]!.toUpperCase() === "US$" ? "USD" : SYMBOL[m[1]!]!;
    push(out, m[0], m[2]!, m[3], cur);
  }
  AFTER.lastIndex = 0;
  for (let m = AFTER.exec(text); m; m = AFTER.exec(text)) {
    if (m[1] !== undefined) push(out, m[0], m[1], m[2], CODE[m[3]!.toLowerCase()]!);
    else push(out, m[0], m[5]!, undefined, CODE[m[4]!.toLowerCase()]!);
  }
  return out.slice(0, 20);
}

function push(out: Entity[], text: string, num: string, scale: string | undefined, currency: string): void {
  const amount = parseAmount(num) * multiplier(scale);
  if (Number.isFinite(amount)) out.push({ kind: "money", text: text.trim(), amount, currency });
}

/** "1,234.50" and "1.234,50" both mean 1234.5; a lone separator followed by 3 digits is thousands. */
export function parseAmount(s: string): number {
  const t = s.replace(/\s/g, "");
  const lastSep = Math.max(t.lastIndexOf(","), t.lastIndexOf("."));
  if (lastSep < 0) return Number(t);
  const decimals = t.length - lastSep - 1;
  if (decimals === 3) return Number(t.replace(/[.,]/g, ""));
  return Number(`${t.slice(0, lastSep).replace(/[.,]/g, "")}.${t.slice(lastSep + 1)}`);
}

function multiplier(s: string | undefined): number {
  const k = s?.toLowerCase();
  if (k === "k") return 1e3;
  if (k === "m" || k === "million") return 1e6;
  if (k === "bn" || k === "billion") return 1e9;
  return 1;
}
