/** Keywords whose value is one subschema. */
export const singleSchemaKeywords = [
  "not",
  "if",
  "then",
  "else",
  "additionalItems",
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contains",
  "propertyNames",
  "contentSchema",
] as const;
/** Keywords whose value is an array of subschemas. */
export const arraySchemaKeywords = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;
/** Keywords whose value maps names to subschemas. */
export const mapSchemaKeywords = [
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
] as const;

export function escapePointer(seg: string): string {
  return seg.replace(/~/g, "~0").replace(/\//g, "~1");
}

export type SchemaVisitor = (schema: Record<string, unknown>, pointer: string, depth: number) => void;

/**
 * Visits every subschema object of a JSON Schema (2020-12 and draft-07 applicators), depth first,
 * with its JSON pointer from the root. Values of `const`, `enum`, `default` and `examples` are data
 * and are not visited, so a property named `pattern` is never mistaken for the keyword.
 */
export function walkSchema(schema: unknown, visit: SchemaVisitor, pointer = "", depth = 0): void {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return;
  const s = schema as Record<string, unknown>;
  visit(s, pointer, depth);
  const next = (value: unknown, at: string) => walkSchema(value, visit, at, depth + 1);
  for (const k of singleSchemaKeywords) if (Object.hasOwn(s, k)) next(s[k], `${pointer}/${k}`);
  for (const k of arraySchemaKeywords) {
    const v = s[k];
    if (!Object.hasOwn(s, k) || !Array.isArray(v)) continue;
    for (const [i, sub] of v.entries()) next(sub, `${pointer}/${k}/${i}`);
  }
  for (const k of mapSchemaKeywords) {
    const v = s[k];
    if (!Object.hasOwn(s, k) || !v || typeof v !== "object" || Array.isArray(v)) continue;
    for (const [name, sub] of Object.entries(v)) next(sub, `${pointer}/${k}/${escapePointer(name)}`);
  }
  if (Object.hasOwn(s, "items")) {
    const items = s.items;
    if (!Array.isArray(items)) next(items, `${pointer}/items`);
    else for (const [i, sub] of items.entries()) next(sub, `${pointer}/items/${i}`);
  }
  const deps = s.dependencies;
  if (Object.hasOwn(s, "dependencies") && deps && typeof deps === "object" && !Array.isArray(deps)) {
    for (const [name, sub] of Object.entries(deps))
      if (!Array.isArray(sub)) next(sub, `${pointer}/dependencies/${escapePointer(name)}`);
  }
}
