import type { Preprocessed } from "../preprocess/preprocess.ts";
import { authRules } from "./auth-rules.ts";
import { displayNameRule, firstContactRule, safetyRules, urgencyRule } from "./content-rules.ts";
import { listRules } from "./list-rules.ts";
import { lookalikeRules } from "./lookalike-rules.ts";
import { senderRules } from "./sender-rules.ts";
import type { Rule, RuleContext, RuleHit, RuleId } from "./types.ts";

const RULES: Rule[] = [
  listRules,
  senderRules,
  authRules,
  lookalikeRules,
  displayNameRule,
  urgencyRule,
  firstContactRule,
  safetyRules,
];

/**
 * Runs every T0 rule once, in a fixed order, and returns the hits (deduplicated by id).
 *
 * @example
 * runRules(preprocessed, {}).map((h) => h.id) // ["list_id", "list_unsubscribe"]
 */
export function runRules(p: Preprocessed, ctx: RuleContext = {}): RuleHit[] {
  const seen = new Set<RuleId>();
  const out: RuleHit[] = [];
  for (const rule of RULES) {
    const r = rule(p, ctx);
    for (const hit of r === undefined ? [] : Array.isArray(r) ? r : [r]) {
      if (seen.has(hit.id)) continue;
      seen.add(hit.id);
      out.push(hit);
    }
  }
  return out;
}

export type Decision = { verdict: "spam" | "relevant"; confidence: number; because: RuleId[] } | undefined;

/**
 * Combinations that decide stage 1 alone, before any model: impersonation plus pressure is
 * phishing whatever the words say.
 */
export function decideByRules(hits: RuleHit[]): Decision {
  const has = new Set(hits.map((h) => h.id));
  const impersonation = (
    ["homoglyph_domain", "punycode_domain", "display_name_mismatch", "auth_dmarc_fail"] as const
  ).filter((r) => has.has(r));
  const pressure = (["urgency_payment", "urgency_credentials"] as const).filter((r) => has.has(r));
  if (impersonation.length > 0 && pressure.length > 0) {
    return { verdict: "spam", confidence: 0.97, because: [...impersonation, ...pressure] };
  }
  if (has.has("homoglyph_domain") && (has.has("auth_spf_fail") || has.has("auth_dkim_fail"))) {
    return {
      verdict: "spam",
      confidence: 0.95,
      because: ["homoglyph_domain", has.has("auth_spf_fail") ? "auth_spf_fail" : "auth_dkim_fail"],
    };
  }
  return undefined;
}
