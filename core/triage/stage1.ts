import type { ItemContent } from "../connectors/source-connector.ts";
import { preprocess } from "./preprocess/preprocess.ts";
import { decideByRules, runRules } from "./rules/run-rules.ts";
import type { RuleContext, RuleId } from "./rules/types.ts";
import type { Stage1Classifier, Stage1Verdict } from "./stage1-contract.ts";

// Rules-only fallback weights (log-odds of spam), used when no model is supplied.
const RULE_LOGIT: Partial<Record<RuleId, number>> = {
  homoglyph_domain: 2.5,
  punycode_domain: 1.5,
  display_name_mismatch: 1.5,
  auth_spf_fail: 1.2,
  auth_dkim_fail: 1.0,
  auth_dmarc_fail: 1.5,
  urgency_payment: 1.2,
  urgency_credentials: 1.5,
  undisclosed_recipients: 1.0,
  reply_to_mismatch: 0.5,
  list_id: -1.5,
  transactional_sender: -0.5,
  social_sender: -0.5,
};
const RULES_BIAS = -2;

export interface Stage1Options {
  /** Addresses the user knows; enables the `first_contact` rule. */
  knownSenders?: ReadonlySet<string>;
  now?: () => number;
}

/**
 * Stage 1 for the Worker: preprocessing, T0 rules, then the spam model. Returns names of rules
 * and features only, never content.
 *
 * @example
 * const c = createStage1Classifier();
 * await c.classify({ kind: "email", ref: { source: "gmail", id: "m1" }, raw }); // { verdict: "relevant", … }
 */
export function createStage1Classifier(opts: Stage1Options = {}): Stage1Classifier {
  const ruleCtx: RuleContext = opts.knownSenders ? { knownSenders: opts.knownSenders } : {};
  return {
    name: "t0-rules",
    async classify(item: ItemContent): Promise<Stage1Verdict> {
      const p = await preprocess(item, opts.now);
      if (!p.ok) return { verdict: "unparseable", reason: `unparseable:${p.reason}`, confidence: 1 };
      const hits = runRules(p, ruleCtx);
      const decided = decideByRules(hits);
      if (decided)
        return {
          verdict: decided.verdict,
          reason: reasonOf(decided.because),
          confidence: decided.confidence,
        };
      let z = RULES_BIAS;
      for (const h of hits) z += RULE_LOGIT[h.id] ?? 0;
      const pSpam = 1 / (1 + Math.exp(-z));
      const verdict = pSpam >= 0.5 ? "spam" : "relevant";
      return {
        verdict,
        reason: reasonOf(hits.map((h) => h.id)) || "rules:none",
        confidence: verdict === "spam" ? pSpam : 1 - pSpam,
      };
    },
  };
}

function reasonOf(ids: readonly string[]): string {
  return ids.length ? `rules:${ids.join(",")}`.slice(0, 500) : "";
}
