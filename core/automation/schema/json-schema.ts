import { format, type OutputUnit, type Schema, Validator } from "@cfworker/json-schema";
import { CoreError } from "../../errors.ts";
import { compileLinearRegex, type LinearRegex } from "../filter/regex-guard.ts";
import { MAX_SCHEMA_PATTERN_LENGTH, schemaProblems } from "./schema-guard.ts";
import { walkSchema } from "./schema-walk.ts";

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
  "patternProperties",
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

const PATTERN_FORMAT = "scouts-re2:";

// The library's own `url` format regex backtracks exponentially (a 36-character string takes
// seconds); this one parses instead.
function safeUrl(value: string): boolean {
  if (!/^(?:https?|ftp):\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The library compiles `pattern` with the platform's backtracking engine and has no hook for it, so
 * each `pattern` is moved into a private `format` (under `allOf`) that runs on RE2.
 */
function withLinearPatterns(schema: object): { schema: object; patterns: Map<string, LinearRegex> } {
  const copy = structuredClone(schema);
  const patterns = new Map<string, LinearRegex>();
  walkSchema(copy, (s) => {
    if (typeof s.pattern !== "string") return;
    const name = `${PATTERN_FORMAT}${s.pattern}`;
    patterns.set(name, compileLinearRegex(s.pattern, MAX_SCHEMA_PATTERN_LENGTH));
    const allOf = Array.isArray(s.allOf) ? s.allOf : [];
    s.allOf = [...allOf, { format: name }];
    delete s.pattern;
  });
  return { schema: copy, patterns };
}

function toIssue(u: OutputUnit): SchemaIssue {
  const path = u.instanceLocation.replace(/^#/, "");
  const own = u.keyword === "format" && u.error.match(/^String does not match format "scouts-re2:(.*)"\.$/s);
  if (own) return { path, rule: "pattern", message: `String does not match pattern "${own[1]}".` };
  return { path, rule: u.keyword, message: u.error };
}

/**
 * A compiled JSON Schema 2020-12 validator (interprets the schema: no code generation, so it runs
 * in Workers). Reports every failure (no short-circuit) with its path and keyword. Every `pattern`
 * runs on a linear-time engine; a schema `schemaProblems` refuses (remote or cyclic `$ref`, unsafe
 * `patternProperties`, …) throws `bad_input` unless `trusted` (the project's own schemas).
 * @example compileSchema({ type: "string" })("x") // []
 */
export function compileSchema(
  schema: object,
  opts: { trusted?: boolean } = {},
): (value: unknown) => SchemaIssue[] {
  // Capabilities' schemas are the same objects on every step: check and prepare them once.
  const cache = opts.trusted ? trustedCache : checkedCache;
  const hit = cache.get(schema);
  if (hit) return hit;
  const compiled = compileUncached(schema, opts);
  cache.set(schema, compiled);
  return compiled;
}

type CompiledSchema = (value: unknown) => SchemaIssue[];
const trustedCache = new WeakMap<object, CompiledSchema>();
const checkedCache = new WeakMap<object, CompiledSchema>();

function compileUncached(schema: object, opts: { trusted?: boolean }): CompiledSchema {
  if (!opts.trusted) {
    const problems = schemaProblems(schema);
    if (problems.length) {
      const list = problems.map((p) => `${p.path || "/"} ${p.rule}: ${p.message}`).join("; ");
      throw new CoreError("bad_input", `schema refused: ${list}`, { details: { issues: problems } });
    }
  }
  const prepared = withLinearPatterns(schema);
  const validator = new Validator(prepared.schema as Schema, "2020-12", false);
  const formats = format as Record<string, (s: string) => boolean>;
  return (value) => {
    // Validation is synchronous, so these entries exist only while this validator runs.
    const libraryUrl = formats.url;
    formats.url = safeUrl;
    for (const [name, re] of prepared.patterns) formats[name] = (s) => re.test(s);
    let result: ReturnType<Validator["validate"]>;
    try {
      result = validator.validate(value);
    } finally {
      if (libraryUrl) formats.url = libraryUrl;
      for (const name of prepared.patterns.keys()) delete formats[name];
    }
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
