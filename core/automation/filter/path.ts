const forbiddenSegments = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Why a dotted path is refused, or null. Segments are identifiers or array indexes; none may start
 * with an underscore or name the prototype chain.
 * @example pathProblem("run.steps.fetch.output") // null
 */
export function pathProblem(path: string): string | null {
  if (path.length === 0 || path.length > 200) return "must be 1 to 200 characters";
  for (const seg of path.split(".")) {
    if (!/^(?:[A-Za-z$][A-Za-z0-9_$-]*|\d+)$/.test(seg))
      return `segment "${seg}" is not an identifier or index`;
    if (forbiddenSegments.has(seg)) return `segment "${seg}" is not allowed`;
  }
  return null;
}

/**
 * Reads a dotted path through own properties only (never the prototype chain).
 * @example readPath({ a: { b: [1, 2] } }, "a.b.1") // 2
 */
export function readPath(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const seg of path.split(".")) {
    if (cur === null || typeof cur !== "object") return undefined;
    if (!Object.hasOwn(cur, seg)) return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}
