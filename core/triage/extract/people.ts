import type { Preprocessed } from "../preprocess/preprocess.ts";
import type { Entity } from "./types.ts";

const FREE_MAIL =
  /(^|\.)(gmail|googlemail|yahoo|hotmail|outlook|live|msn|aol|icloud|me|mac|gmx|web|proton|protonmail|mail|yandex|zoho|fastmail)\.[a-z.]+$/i;
const ORG_SUFFIX =
  /\b[\p{Lu}][\p{L}&.\- ]{1,60}\b(?:Inc\.?|Ltd\.?|LLC|GmbH|AG|S\.A\.|SARL|Corp\.?|Corporation|Company|Co\.|PLC|LLP|University|Institute|Foundation|Labs?)(?=$|[\s,.;)])/gu;
const ORG_WORD =
  /Inc|Ltd|LLC|GmbH|AG|S\.A\.|SARL|Corp|Company|Co\.|PLC|LLP|University|Institute|Foundation|Lab/;
const NAME_LINE = /^[\p{Lu}][\p{Ll}'’-]+(?:\s+[\p{Lu}]\.?)?(?:\s+[\p{Lu}][\p{Ll}'’-]+){1,2}$/u;

/**
 * People and organisations from headers (sender, recipients) and the signature block.
 *
 * @example
 * extractPeople(p) // [{ kind: "person", role: "sender", name: "Ann Lee", email: "ann@acme.com" }, …]
 */
export function extractPeople(p: Preprocessed): Entity[] {
  const out: Entity[] = [];
  if (p.from.address || p.from.name) {
    const name = p.from.name || p.from.address.split("@")[0]!;
    out.push({
      kind: "person",
      text: p.from.name ? `${p.from.name} <${p.from.address}>` : p.from.address,
      name,
      ...(p.from.address ? { email: p.from.address } : {}),
      role: "sender",
    });
  }
  for (const to of p.to.slice(0, 10))
    out.push({ kind: "person", text: to, name: to.split("@")[0]!, email: to, role: "recipient" });
  const orgs = new Set<string>();
  if (p.from.domain && !FREE_MAIL.test(p.from.domain)) {
    const labels = p.from.domain.split(".");
    const org = labels.length >= 2 ? labels[labels.length - 2]! : labels[0]!;
    const name = org.charAt(0).toUpperCase() + org.slice(1);
    orgs.add(name.toLowerCase());
    out.push({ kind: "organization", text: p.from.domain, name, source: "sender_domain" });
  }
  const sigLines = p.signature
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 8);
  const first = sigLines[0];
  if (first && NAME_LINE.test(first) && first !== p.from.name)
    out.push({ kind: "person", text: first, name: first, role: "signature" });
  for (const line of sigLines) {
    // ORG_SUFFIX backtracks from every capital letter; a line without a suffix word cannot match.
    if (!ORG_WORD.test(line)) continue;
    ORG_SUFFIX.lastIndex = 0;
    for (let m = ORG_SUFFIX.exec(line); m; m = ORG_SUFFIX.exec(line)) {
      const name = m[0].trim();
      if (orgs.has(name.toLowerCase())) continue;
      orgs.add(name.toLowerCase());
      out.push({ kind: "organization", text: name, name, source: "signature" });
    }
  }
  return out;
}
