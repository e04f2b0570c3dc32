import { receivingServerResults } from "../signals/authentication-results.ts";
import type { Rule, RuleHit } from "./types.ts";

/**
 * SPF, DKIM and DMARC failures as the receiving server recorded them: the top-most
 * Authentication-Results (RFC 8601) or Received-SPF (RFC 7208) header only. Lower ones were
 * written before the mail reached the reader's server and a sender can forge them.
 */
export const authRules: Rule = (p, ctx) => {
  const hits: RuleHit[] = [];
  const ar = receivingServerResults(p.headers.get("authentication-results"), ctx.authservId);
  const result = (method: string) => ar?.results.find((r) => r.method === method)?.result;
  const rspf = (p.headers.get("received-spf") ?? "").toLowerCase().trim();
  const spf = result("spf");
  if (spf === "fail" || spf === "softfail" || (!ar && /^(fail|softfail)\b/.test(rspf))) {
    hits.push({
      id: "auth_spf_fail",
      words: "the sending server is not authorised for the sender's domain (SPF)",
    });
  }
  const dkim = ar?.results.filter((r) => r.method === "dkim").map((r) => r.result) ?? [];
  if (dkim.includes("fail") && !dkim.includes("pass"))
    hits.push({ id: "auth_dkim_fail", words: "the signature check failed (DKIM)" });
  if (result("dmarc") === "fail")
    hits.push({ id: "auth_dmarc_fail", words: "the sender's domain policy check failed (DMARC)" });
  return hits;
};
