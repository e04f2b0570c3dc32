/**
 * Normalizes a From header to its lower-case address: `"Ann" <Ann@Example.com>` → `ann@example.com`.
 *
 * @example senderAddress('"Ann" <Ann@Example.com>') // "ann@example.com"
 */
export function senderAddress(from: string): string {
  const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(from);
  if (angle?.[1]) return angle[1].toLowerCase();
  const bare = /([^\s<>"]+@[^\s<>"]+)/.exec(from);
  return (bare?.[1] ?? from).trim().toLowerCase();
}

/** The domain part of a sender: `ann@mail.example.com` → `mail.example.com`. */
export function senderDomain(from: string): string {
  const address = senderAddress(from);
  const at = address.lastIndexOf("@");
  return at >= 0 ? address.slice(at + 1) : "";
}

/** True when `domain` is `base` or a subdomain of it. */
export function domainWithin(domain: string, base: string): boolean {
  const d = domain.toLowerCase();
  const b = base.toLowerCase().replace(/^@/, "");
  return d === b || d.endsWith(`.${b}`);
}

const noReplyLocal = /^(no-?reply|do-?not-?reply|mailer-daemon|postmaster|bounces?)([+._-]|$)/;

/**
 * True when the sender's address says it takes no replies (`noreply@`, `do-not-reply@`, …).
 *
 * @example isNoReplySender("Shop <no-reply@shop.example>") // true
 */
export function isNoReplySender(from: string): boolean {
  const address = senderAddress(from);
  return noReplyLocal.test(address.slice(0, Math.max(0, address.lastIndexOf("@"))));
}
