import { CoreError } from "../errors.ts";
import type { Cohort, Policies } from "../protocol/local-api.ts";
import { checkReplyBody } from "./reply-templates.ts";

export interface PolicyIssue {
  /** Where: `templates.<id>.name`, `templates.<id>.body`, `cohortTemplates.<cohort>`, `triageTimes`. */
  path: string;
  message: string;
}

const cohortName = (c: string) => (c === "vips" ? "VIPs" : c.replace("_", " "));

/**
 * Everything wrong with a set of policies, in words, for the Policies screen and the agent's
 * and browser device's save: template names and bodies (sandbox, variables), cohort templates
 * that name a missing template, triage times.
 *
 * @example checkPolicies(p) // [{ path: "templates.t1.body", message: "Template “Thanks”: {{ sender.phone }} is not a reply variable: …" }]
 */
export function checkPolicies(p: Policies): PolicyIssue[] {
  const issues: PolicyIssue[] = [];
  const names = new Map<string, string>();
  const ids = new Set<string>();
  if (p.templates.length > 50) issues.push({ path: "templates", message: "at most 50 reply templates" });
  for (const [i, t] of p.templates.entries()) {
    const label = t.name.trim() ? `Template “${t.name.trim()}”` : `Template ${i + 1}`;
    if (ids.has(t.id)) issues.push({ path: `templates.${t.id}`, message: `${label}: its id is used twice` });
    ids.add(t.id);
    const name = t.name.trim();
    if (!name) issues.push({ path: `templates.${t.id}.name`, message: `${label}: give it a name` });
    else if (name.length > 80)
      issues.push({ path: `templates.${t.id}.name`, message: `${label}: the name is over 80 characters` });
    else if (names.has(name.toLowerCase()))
      issues.push({ path: `templates.${t.id}.name`, message: `${label}: another template has this name` });
    names.set(name.toLowerCase(), t.id);
    for (const problem of checkReplyBody(t.body))
      issues.push({ path: `templates.${t.id}.body`, message: `${label}: ${problem}` });
  }
  for (const [cohort, id] of Object.entries(p.cohortTemplates)) {
    if (id && !ids.has(id))
      issues.push({
        path: `cohortTemplates.${cohort}`,
        message: `${cohortName(cohort)} drafts from a template that does not exist: choose another or none`,
      });
  }
  if (new Set(p.triageTimes).size !== p.triageTimes.length)
    issues.push({ path: "triageTimes", message: "a triage time is listed twice" });
  if (p.triageTimes.length > 12)
    issues.push({ path: "triageTimes", message: "at most 12 triage times a day" });
  const atL5 = (Object.keys(p.levels) as Cohort[]).filter((c) => p.levels[c] === 5);
  if (atL5.length > 0 && p.triageTimes.length === 0)
    issues.push({
      path: "triageTimes",
      message: `${atL5.map(cohortName).join(", ")} ${atL5.length > 1 ? "are" : "is"} at L5: set at least one triage time`,
    });
  return issues;
}

/** Throws bad_input listing every issue (`details.issues`) unless the policies are valid. */
export function assertPolicies(p: Policies): Policies {
  const issues = checkPolicies(p);
  if (issues.length)
    throw new CoreError("bad_input", `policies not saved: ${issues.map((i) => i.message).join("; ")}`, {
      details: { issues },
    });
  return p;
}
