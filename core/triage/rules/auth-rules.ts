import type { Rule, RuleHit } from "./types.ts";

/** SPF, DKIM and DMARC failures from Authentication-Results (RFC 8601) and Received-SPF (RFC 7208). */
export const authRules: Rule = (p) => {
  const hits: RuleHit[] = [];
  const ar = (p.headers.get("authentication-results") ?? "").toLowerCase();
  const rspf = (p.headers.get("received-spf") ?? "").toLowerCase().trim();
  if (/\bspf=(fail|softfail)\b/.test(ar) || /^(fail|softfail)\b/.test(rspf)) {
    hits.push({
      id: "auth_spf_fail",
      words: "the sending server is not authorised for the sender's domain (SPF)",
    });
  }
  if (/\bdkim=fail\b/.test(ar))
    hits.push({ id: "auth_dkim_fail", words: "the signature check failed (DKIM)" });
  if (/\bdmarc=fail\b/.test(ar))
    hits.push({ id: "auth_dmarc_fail", words: "the sender's domain policy check failed (DMARC)" });
  return hits;
};
