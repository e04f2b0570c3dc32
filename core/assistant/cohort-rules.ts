import { z } from "zod";
import { CoreError } from "../errors.ts";
import { Cohort, type CohortRule } from "../protocol/local-api.ts";
import { CATEGORIES } from "../triage/labels.ts";

/** The rules a person writes, in their words; each is stored as one `CohortRule`. */
export const RULE_KINDS = ["sender", "domain", "list", "category", "keyword"] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const plain = /^[^\u0000-\u001f\u007f]+$/;
const address = /^[^\s@<>"]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const hostname = /^(?=.{1,253}$)(?!-)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i;

const checks: Record<RuleKind, { schema: z.ZodType<string>; hint: string }> = {
  sender: { schema: z.string().regex(address), hint: "an email address, like ana@example.com" },
  domain: { schema: z.string().regex(hostname), hint: "a domain, like example.com (subdomains match too)" },
  list: { schema: z.string().min(3).max(200).regex(plain), hint: "the list's List-Id, or a part of it" },
  category: { schema: z.enum(CATEGORIES), hint: `one of ${CATEGORIES.join(", ")}` },
  keyword: {
    schema: z.string().min(2).max(100).regex(plain),
    hint: "a word or phrase of 2 to 100 characters",
  },
};

/** What each kind of rule looks at, for the editor. */
export const RULE_HINTS: Record<RuleKind, string> = Object.fromEntries(
  RULE_KINDS.map((k) => [k, checks[k].hint]),
) as Record<RuleKind, string>;

/**
 * A person's rule as the stored `CohortRule`: sender → From equals the address, domain → the
 * sender's domain or a subdomain, list → the List-Id header contains it, category → stage 2's
 * category, keyword → the subject contains it. Throws bad_input saying what the value must be.
 *
 * @example cohortRule({ kind: "domain", value: "Acme.com", cohort: "vips" }) // { cohort: "vips", field: "domain", op: "ends_with", value: "acme.com" }
 */
export function cohortRule(input: { kind: RuleKind; value: string; cohort: Cohort }): CohortRule {
  const cohort = Cohort.safeParse(input.cohort);
  if (!cohort.success) throw new CoreError("bad_input", `rule: unknown cohort ${String(input.cohort)}`);
  const check = checks[input.kind];
  if (!check) throw new CoreError("bad_input", `rule: unknown kind ${String(input.kind)}`);
  const value = input.value.trim().toLowerCase().replace(/^@/, "");
  if (!check.schema.safeParse(value).success)
    throw new CoreError("bad_input", `${input.kind} rule: “${input.value.trim()}” is not ${check.hint}`);
  switch (input.kind) {
    case "sender":
      return { cohort: cohort.data, field: "from", op: "equals", value };
    case "domain":
      return { cohort: cohort.data, field: "domain", op: "ends_with", value };
    case "list":
      return { cohort: cohort.data, field: "header", header: "list-id", op: "contains", value };
    case "category":
      return { cohort: cohort.data, field: "category", op: "equals", value };
    case "keyword":
      return { cohort: cohort.data, field: "subject", op: "contains", value };
  }
}

/** The kind a stored rule reads as in the editor (null: written some other way, shown as is). */
export function ruleKind(rule: CohortRule): RuleKind | null {
  if (rule.field === "from" && rule.op === "equals") return "sender";
  if (rule.field === "domain" && rule.op === "ends_with") return "domain";
  if (rule.field === "header" && rule.header?.toLowerCase() === "list-id" && rule.op === "contains")
    return "list";
  if (rule.field === "category" && rule.op === "equals") return "category";
  if (rule.field === "subject" && rule.op === "contains") return "keyword";
  return null;
}
