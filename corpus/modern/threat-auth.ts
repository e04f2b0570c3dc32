/**
 * How hand-written threats arrive, as the receiving server stamps them (their Authentication-Results),
 * their label lines, and how a batch is written: shared by the hand-written threat batches
 * (`s1-threats.ts`, `s1b-threats.ts`, `s1c-threats.ts`, `s1d-threats.ts`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { type Auth, type Entry, LABELS, type Label, writeEntry } from "./generate-threats.ts";

/** The attacker's own freshly registered domain: everything passes, since it is theirs. */
export function own(domain: string, ip: string, dmarc: Auth["dmarc"] = "none"): Auth {
  return {
    ip,
    helo: `mail.${domain}`,
    mailFrom: `bounce@${domain}`,
    spf: "pass",
    dkim: { domain, selector: "default", result: "pass" },
    dmarc,
    policy: "NONE",
  };
}
/** A real, hijacked mailbox of someone the reader knows: the contact's own domain, all aligned. */
export function hijacked(address: string, ip: string, helo: string): Auth {
  const domain = address.split("@")[1]!;
  return {
    ip,
    helo,
    mailFrom: address,
    spf: "pass",
    dkim: { domain, selector: "selector1", result: "pass" },
    dmarc: "pass",
    policy: "NONE",
  };
}
/** The brand's own domain in From, sent from a rented server: SPF fails for the brand, no DKIM, DMARC fails. */
export function spoof(
  fromDomain: string,
  ip: string,
  helo: string,
  policy: Auth["policy"] = "QUARANTINE",
): Auth {
  return {
    ip,
    helo,
    mailFrom: `noreply@${fromDomain}`,
    spf: "softfail",
    dkim: null,
    dmarc: "fail",
    policy,
  };
}
/** Through a bulk relay or a compromised web host: SPF/DKIM pass for the relay, not for the From domain. */
export function relay(relayDomain: string, ip: string): Auth {
  return {
    ip,
    helo: `smtp.${relayDomain}`,
    mailFrom: `bounces+4410@${relayDomain}`,
    spf: "pass",
    dkim: { domain: relayDomain, selector: "k1", result: "pass" },
    dmarc: "none",
    policy: "NONE",
  };
}
/** A free-mail account (the scammer's own). */
export function free(address: string, ip: string): Auth {
  const domain = address.split("@")[1]!;
  return {
    ip,
    helo: domain === "gmail.com" ? "mail-sor-f41.google.com" : `mail.${domain}`,
    mailFrom: address,
    spf: "pass",
    dkim: { domain, selector: domain === "gmail.com" ? "20230601" : "s2048", result: "pass" },
    dmarc: "pass",
    policy: "NONE",
  };
}

export const UPDATES = ["INBOX", "UNREAD", "CATEGORY_UPDATES"];
export const PRIMARY = ["INBOX", "UNREAD"];
export const phish = (
  reason: string,
  lang: string,
  category: Label["category"] = "notification",
  gmail = UPDATES,
): Entry["label"] => ({
  verdict: "spam",
  threat: "phishing",
  bucket: "low_priority",
  speech_act: "request",
  category,
  urgent: false,
  lang,
  how: "hand",
  template: null,
  gmail_labels: gmail,
  reason,
});
export const scam = (
  reason: string,
  lang: string,
  category: Label["category"] = "primary",
): Entry["label"] => ({
  ...phish(reason, lang, category, PRIMARY),
  threat: "scam",
});

/**
 * Writes one hand-written batch: renders each entry's message, then rewrites `labels/threats.jsonl`
 * with every line of another batch kept, this batch's (`org` starting with `prefix`, or an id it
 * writes) replaced by its own, sorted by id — so running a batch twice is byte-identical.
 */
export function writeThreatLabels(prefix: string, entries: readonly Entry[]): void {
  if (!/^x-[a-z0-9]+-$/.test(prefix))
    throw new Error(`writeThreatLabels: prefix "${prefix}" is not x-<batch>-`);
  const stray = entries.find((e) => !e.spec.org.startsWith(prefix));
  if (stray)
    throw new Error(`writeThreatLabels: org "${stray.spec.org}" is outside the batch prefix "${prefix}"`);
  const mine = entries.map(writeEntry);
  const ids = new Set(mine.map((l) => l.id));
  const kept = readFileSync(LABELS, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Label)
    .filter((l) => !l.org.startsWith(prefix) && !ids.has(l.id));
  const all = [...kept, ...mine].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  writeFileSync(LABELS, `${all.map((l) => JSON.stringify(l)).join("\n")}\n`);
  console.log(`${mine.length} hand-written ${prefix} threats written`);
}
