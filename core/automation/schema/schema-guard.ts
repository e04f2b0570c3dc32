import { regexProblem } from "../filter/regex-guard.ts";
import { escapePointer, walkSchema } from "./schema-walk.ts";

export interface SchemaProblem {
  /** JSON pointer inside the checked schema, "" for its root. */
  path: string;
  rule: "schema_type" | "schema_keyword" | "schema_ref" | "safe_regex" | "schema_depth";
  message: string;
}

/** Longest `pattern` / `patternProperties` source an embedded schema may hold. */
export const MAX_SCHEMA_PATTERN_LENGTH = 1000;
/** Deepest subschema nesting an embedded schema may have. */
export const MAX_SCHEMA_DEPTH = 32;

const TYPES = ["null", "boolean", "object", "array", "number", "integer", "string"];

const KNOWN_KEYWORDS = new Set([
  "$schema",
  "$id",
  "$ref",
  "$anchor",
  "$defs",
  "definitions",
  "$comment",
  "$vocabulary",
  "type",
  "enum",
  "const",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxContains",
  "minContains",
  "maxProperties",
  "minProperties",
  "required",
  "dependentRequired",
  "dependencies",
  "format",
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
  "title",
  "description",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "examples",
  "not",
  "if",
  "then",
  "else",
  "allOf",
  "anyOf",
  "oneOf",
  "prefixItems",
  "items",
  "additionalItems",
  "contains",
  "properties",
  "patternProperties",
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "propertyNames",
  "dependentSchemas",
]);

const DYNAMIC = ["$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor"];

/**
 * `patternProperties` keys are matched by the validator library with the platform's backtracking
 * engine (it has no hook), so they are held to a subset with no repetition or alternation: at most
 * one way to match at each position, hence time linear in pattern × key. `pattern` has no such
 * limit: it runs on RE2 (see `compileSchema`).
 */
function backtrackingProblem(source: string): string | null {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (ch === "]") inClass = false;
      continue;
    }
    if (ch === "[") inClass = true;
    else if (ch === "(" && source[i + 1] === "?") i++;
    else if (ch === "*" || ch === "+" || ch === "?" || ch === "{" || ch === "|") {
      return "patternProperties patterns may not repeat (*, +, ?, {n}) or alternate (|): use propertyNames with a pattern instead";
    }
  }
  return null;
}

function decodeFragment(ref: string): string | null {
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return null;
  }
}

/**
 * What an embedded JSON Schema (a webhook `payload_schema`, `inputs`, an `output_schema`, an MCP
 * tool's input schema) may not contain: remote, dynamic, unresolvable or cyclic `$ref`s, unknown
 * type names, patterns the linear-time engine refuses, nesting past `MAX_SCHEMA_DEPTH`, and with
 * `strict` (schemas a person writes) unknown keywords, which are usually misspellings.
 * @example schemaProblems({ type: "strng" }) // [{ path: "/type", rule: "schema_type", ... }]
 */
export function schemaProblems(schema: unknown, opts: { strict?: boolean } = {}): SchemaProblem[] {
  if (typeof schema === "boolean") return [];
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) {
    return [{ path: "", rule: "schema_type", message: "a schema is an object or a boolean" }];
  }
  const problems: SchemaProblem[] = [];
  const pointers = new Set<string>();
  const anchors = new Map<string, string>();
  const refs: { at: string; ref: string }[] = [];
  walkSchema(schema, (s, at, depth) => {
    if (depth > MAX_SCHEMA_DEPTH) {
      if (depth === MAX_SCHEMA_DEPTH + 1)
        problems.push({
          path: at,
          rule: "schema_depth",
          message: `schemas nest at most ${MAX_SCHEMA_DEPTH} levels`,
        });
      return;
    }
    pointers.add(at);
    for (const k of Object.keys(s)) {
      if (DYNAMIC.includes(k)) {
        problems.push({ path: `${at}/${k}`, rule: "schema_ref", message: `${k} is not supported` });
      } else if (opts.strict && !KNOWN_KEYWORDS.has(k) && !k.startsWith("x-")) {
        problems.push({
          path: `${at}/${escapePointer(k)}`,
          rule: "schema_keyword",
          message: `unknown keyword "${k}"`,
        });
      }
    }
    if (Object.hasOwn(s, "type")) {
      const names = Array.isArray(s.type) ? s.type : [s.type];
      if (names.length === 0)
        problems.push({ path: `${at}/type`, rule: "schema_type", message: "type lists no type" });
      for (const t of names) {
        if (typeof t !== "string" || !TYPES.includes(t)) {
          problems.push({
            path: `${at}/type`,
            rule: "schema_type",
            message: `${JSON.stringify(t)} is not a type (${TYPES.join(", ")})`,
          });
        }
      }
    }
    if (Object.hasOwn(s, "pattern")) {
      const why =
        typeof s.pattern === "string"
          ? regexProblem(s.pattern, MAX_SCHEMA_PATTERN_LENGTH)
          : "pattern must be a string";
      if (why) problems.push({ path: `${at}/pattern`, rule: "safe_regex", message: why });
    }
    const pp = s.patternProperties;
    if (pp && typeof pp === "object") {
      for (const key of Object.keys(pp)) {
        const why = regexProblem(key, MAX_SCHEMA_PATTERN_LENGTH) ?? backtrackingProblem(key);
        if (why)
          problems.push({
            path: `${at}/patternProperties/${escapePointer(key)}`,
            rule: "safe_regex",
            message: why,
          });
      }
    }
    if (Object.hasOwn(s, "$id") && at !== "")
      problems.push({ path: `${at}/$id`, rule: "schema_ref", message: "$id is only allowed at the root" });
    if (typeof s.$anchor === "string") anchors.set(s.$anchor, at);
    if (Object.hasOwn(s, "$ref")) refs.push({ at, ref: String(s.$ref) });
  });
  const targets = new Map<string, string>();
  for (const { at, ref } of refs) {
    if (!ref.startsWith("#")) {
      problems.push({
        path: `${at}/$ref`,
        rule: "schema_ref",
        message: `"${ref}" is not a local reference: only "#…" references inside this schema are allowed`,
      });
      continue;
    }
    const frag = decodeFragment(ref);
    const target = frag === null ? undefined : frag.startsWith("/") || frag === "" ? frag : anchors.get(frag);
    if (target === undefined || !pointers.has(target)) {
      problems.push({
        path: `${at}/$ref`,
        rule: "schema_ref",
        message: `"${ref}" does not name a schema in this schema`,
      });
      continue;
    }
    targets.set(at, target);
  }
  // A reference that leads back into itself would make the validator recurse forever (or, through
  // properties, build schemas of unbounded depth): recursive schemas are refused.
  const inside = (at: string, root: string) => root === "" || at === root || at.startsWith(`${root}/`);
  for (const [at, target] of targets) {
    const seen = new Set<string>();
    const stack = [target];
    let cyclic = false;
    while (stack.length && !cyclic) {
      const t = stack.pop() as string;
      if (seen.has(t)) continue;
      seen.add(t);
      for (const [refAt, next] of targets) {
        if (!inside(refAt, t)) continue;
        if (refAt === at) cyclic = true;
        stack.push(next);
      }
    }
    if (cyclic)
      problems.push({
        path: `${at}/$ref`,
        rule: "schema_ref",
        message: "cyclic $ref: recursive schemas are not supported",
      });
  }
  return problems;
}
