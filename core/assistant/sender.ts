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

/** RFC 5321: a path holds at most 254 characters of address, a local part at most 64. */
const MAX_ADDRESS = 254;
const MAX_LOCAL = 64;
const ATOM = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const UNICODE_HOST = /^[\p{L}\p{M}\p{N}.-]+$/u;

/**
 * The one check for "is this a plain e-mail address": a lower-case `local@domain`, or null.
 * A display name is dropped and only the final `<…>` counts, so a name that looks like an address
 * never wins. Refused: control characters (CR/LF), quoted or non-ASCII local parts, domain
 * literals, single-label or numeric top-level domains, and anything over RFC 5321's lengths.
 * A Unicode domain is kept in its punycode form, so a look-alike never equals the real domain.
 *
 * @example plainAddress('"boss@bank.example" <Eve@Evil.example>') // "eve@evil.example"
 * @example plainAddress("ann@аpple.com") // "ann@xn--pple-43d.com" (Cyrillic а)
 */
export function plainAddress(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 4 * MAX_ADDRESS || /\p{Cc}/u.test(raw)) return null;
  const text = raw.trim();
  const spec = text.endsWith(">") ? text.slice(text.lastIndexOf("<") + 1, -1).trim() : text;
  const at = spec.lastIndexOf("@");
  if (at <= 0 || spec.length > MAX_ADDRESS) return null;
  const local = spec.slice(0, at).toLowerCase();
  const domain = asciiDomain(spec.slice(at + 1));
  if (!domain || local.length > MAX_LOCAL || !local.split(".").every((p) => ATOM.test(p))) return null;
  const address = `${local}@${domain}`;
  return address.length <= MAX_ADDRESS ? address : null;
}

/** A domain in lower-case ASCII (IDNA for Unicode names), or null if it is not a host name. */
function asciiDomain(raw: string): string | null {
  let host = raw.toLowerCase();
  if (/[^\x21-\x7e]/.test(host)) {
    if (!UNICODE_HOST.test(host)) return null;
    try {
      host = new URL(`http://${host}/`).hostname;
    } catch {
      return null;
    }
  }
  const labels = host.split(".");
  const tld = labels.at(-1) ?? "";
  return host.length <= 253 && labels.length >= 2 && labels.every((l) => LABEL.test(l)) && TLD.test(tld)
    ? host
    : null;
}
