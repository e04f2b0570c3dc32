export interface DefinitionChange {
  path: string;
  kind: "added" | "removed" | "changed";
  before?: unknown;
  after?: unknown;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/**
 * The changes from `before` to `after` as JSON pointers (arrays compared by index), shown to the
 * person before an NL edit is saved.
 * @example diffDefinitions({ name: "a" }, { name: "b" }) // [{ path: "/name", kind: "changed", before: "a", after: "b" }]
 */
export function diffDefinitions(before: unknown, after: unknown, path = ""): DefinitionChange[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => {
      const p = `${path}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      if (!(k in after)) return [{ path: p, kind: "removed" as const, before: before[k] }];
      if (!(k in before)) return [{ path: p, kind: "added" as const, after: after[k] }];
      return diffDefinitions(before[k], after[k], p);
    });
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const out: DefinitionChange[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      if (i >= after.length) out.push({ path: `${path}/${i}`, kind: "removed", before: before[i] });
      else if (i >= before.length) out.push({ path: `${path}/${i}`, kind: "added", after: after[i] });
      else out.push(...diffDefinitions(before[i], after[i], `${path}/${i}`));
    }
    return out;
  }
  return JSON.stringify(before) === JSON.stringify(after)
    ? []
    : [{ path: path || "/", kind: "changed", before, after }];
}
