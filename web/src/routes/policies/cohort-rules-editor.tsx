import {
  cohortRule,
  RULE_HINTS,
  RULE_KINDS,
  type RuleKind,
  ruleKind,
} from "@scouts/core/assistant/cohort-rules";
import { cohorts } from "@scouts/core/assistant/policies";
import type { Cohort, CohortRule } from "@scouts/core/protocol/local-api";
import { useState } from "react";

const KIND_NAMES: Record<RuleKind, string> = {
  sender: "Sender",
  domain: "Domain",
  list: "Mailing list",
  category: "Category",
  keyword: "Subject keyword",
};
const cohortName = (c: string) => (c === "vips" ? "VIPs" : c.replace("_", " "));

function ruleText(r: CohortRule): string {
  const kind = ruleKind(r);
  const what = kind
    ? `${KIND_NAMES[kind]} ${r.value}`
    : `${r.field}${r.header ? ` ${r.header}` : ""} ${r.op} ${r.value}`;
  return `${what} → ${cohortName(r.cohort)}`;
}

/**
 * The person's cohort rules (first match wins, before the built-in cohorts): sender, domain,
 * mailing list, category or subject keyword, each checked by core's `cohortRule` as it is added.
 */
export function CohortRulesEditor(props: { rules: CohortRule[]; onChange: (rules: CohortRule[]) => void }) {
  const { rules, onChange } = props;
  const [kind, setKind] = useState<RuleKind>("sender");
  const [value, setValue] = useState("");
  const [cohort, setCohort] = useState<Cohort>("vips");
  const [error, setError] = useState<string | null>(null);
  function add() {
    try {
      const rule = cohortRule({ kind, value, cohort });
      onChange([...rules, rule]);
      setValue("");
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  }
  const move = (i: number, by: number) => {
    const next = [...rules];
    const [r] = next.splice(i, 1);
    next.splice(i + by, 0, r!);
    onChange(next);
  };
  return (
    <fieldset className="cohort-rules" aria-describedby="cohort-rules-help">
      <legend>Cohort rules</legend>
      <p id="cohort-rules-help" className="muted">
        Your rules come first, in this order: the first that matches picks the cohort. Mailing-list rules need
        the List-Id header, which this device has for mail it reads itself (local mailbox, IMAP).
      </p>
      {rules.length === 0 ? (
        <p className="muted">No rules yet: the built-in cohorts decide.</p>
      ) : (
        <ol aria-label="Your cohort rules">
          {rules.map((r, i) => (
            <li key={`${r.field}:${r.header ?? ""}:${r.value}:${r.cohort}`}>
              <span>{ruleText(r)}</span>
              <button type="button" disabled={i === 0} onClick={() => move(i, -1)}>
                Move up <span className="sr-only">{ruleText(r)}</span>
              </button>
              <button type="button" onClick={() => onChange(rules.filter((_, j) => j !== i))}>
                Remove <span className="sr-only">{ruleText(r)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      <div className="rule-form">
        <label>
          Rule on{" "}
          <select value={kind} onChange={(e) => setKind(e.target.value as RuleKind)}>
            {RULE_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_NAMES[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Value{" "}
          <input
            type="text"
            value={value}
            maxLength={200}
            aria-invalid={error !== null}
            aria-describedby="rule-value-hint"
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
        <span id="rule-value-hint" className="muted">
          {RULE_HINTS[kind]}
        </span>
        <label>
          Cohort{" "}
          <select value={cohort} onChange={(e) => setCohort(e.target.value as Cohort)}>
            {cohorts.map((c) => (
              <option key={c} value={c}>
                {cohortName(c)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={rules.length >= 200 || !value.trim()} onClick={add}>
          Add rule
        </button>
      </div>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
