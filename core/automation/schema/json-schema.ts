import { type OutputUnit, type Schema, Validator } from "@cfworker/json-schema";

export interface SchemaIssue {
  /** JSON pointer into the validated document, "" for the root. */
  path: string;
  /** The JSON Schema keyword that failed (`required`, `pattern`, `const`, …) or a semantic rule name. */
  rule: string;
  message: string;
}

// Keywords that only report "a subschema failed": the failing subschema's own error says more.
const wrapperKeywords = new Set([
  "if",
  "false",
  "properties",
  "items",
  "$ref",
  "allOf",
  "then",
  "else",
  "prefixItems",
  "additionalItems",
  "unevaluatedProperties",
  "unevaluatedItems",
  "dependentSchemas",
  "propertyNames",
]);

function toIssue(u: OutputUnit): SchemaIssue {
  return { path: u.instanceLocation.replace(/^#/, ""), rule: u.keyword, message: u.error };
}

/**
 * A compiled JSON Schema 2020-12 validator (interprets the schema: no code generation, so it runs
 * in Workers). Reports every failure (no short-circuit) with its path and keyword.
 * @example compileSchema({ type: "string" })("x") // []
 */
export function compileSchema(schema: object): (value: unknown) => SchemaIssue[] {
  const validator = new Validator(schema as Schema, "2020-12", false);
  return (value) => {
    const result = validator.validate(value);
    if (result.valid) return [];
    const specific = result.errors.filter((e) => !wrapperKeywords.has(e.keyword));
    const chosen = specific.length ? specific : result.errors;
    const seen = new Set<string>();
    return chosen.map(toIssue).filter((i) => {
      const k = `${i.path}|${i.rule}|${i.message}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  };
}

/** Reads the value a JSON pointer names (own properties only). */
export function atPointer(doc: unknown, pointer: string): unknown {
  if (pointer === "") return doc;
  let cur: unknown = doc;
  for (const raw of pointer.split("/").slice(1)) {
    const seg = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (cur === null || typeof cur !== "object" || !Object.hasOwn(cur, seg)) return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}
