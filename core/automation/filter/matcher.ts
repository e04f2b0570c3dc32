import { type CompiledFilter, compileFilter } from "./compile.ts";
import { readPath } from "./path.ts";
import type { Filter, FilterLeaf } from "./types.ts";

export interface MatchableTrigger {
  id: string;
  /** Whose trigger it is (the user id): an event only ever meets its own user's triggers. */
  scope?: string;
  eventType: string;
  filter: Filter | null;
}

interface Entry {
  id: string;
  test: CompiledFilter;
}

interface TypeIndex {
  /** path → scalar value → triggers whose filter requires `path equals value`. */
  byEquality: Map<string, Map<unknown, Entry[]>>;
  scan: Entry[];
}

/** A scalar `equals` the whole filter requires (a leaf, or a leaf directly under `$and`). */
function requiredEquality(filter: Filter | null): { path: string; value: unknown } | null {
  if (!filter) return null;
  const leaves: Filter[] = "$and" in filter ? filter.$and : [filter];
  for (const f of leaves) {
    if ("$and" in f || "$or" in f || "$not" in f) continue;
    const leaf = f as FilterLeaf;
    if (Object.hasOwn(leaf, "equals") && (leaf.equals === null || typeof leaf.equals !== "object")) {
      return { path: leaf.path, value: leaf.equals };
    }
  }
  return null;
}

/**
 * Indexes many event triggers so one event is tested only against its user's triggers of its type
 * whose required equality (if any) it satisfies; candidates then run their full compiled filter.
 * @example createTriggerMatcher(triggers).match(eventDoc) // ["trigger-7"]
 */
export function createTriggerMatcher(triggers: MatchableTrigger[]) {
  const byType = new Map<string, TypeIndex>();
  for (const t of triggers) {
    const key = `${t.scope ?? ""}|${t.eventType}`;
    let idx = byType.get(key);
    if (!idx) {
      idx = { byEquality: new Map(), scan: [] };
      byType.set(key, idx);
    }
    const entry: Entry = { id: t.id, test: t.filter ? compileFilter(t.filter) : () => true };
    const eq = requiredEquality(t.filter);
    if (!eq) {
      idx.scan.push(entry);
      continue;
    }
    let values = idx.byEquality.get(eq.path);
    if (!values) {
      values = new Map();
      idx.byEquality.set(eq.path, values);
    }
    values.set(eq.value, [...(values.get(eq.value) ?? []), entry]);
  }
  let evaluations = 0;
  return {
    /** Ids of the triggers of `scope` that the event (`{ type, payload, ... }`) matches. */
    match(doc: { type: string }, scope = ""): string[] {
      const idx = byType.get(`${scope}|${doc.type}`);
      if (!idx) return [];
      const out: string[] = [];
      for (const [path, values] of idx.byEquality) {
        const bucket = values.get(readPath(doc, path));
        if (!bucket) continue;
        for (const e of bucket) {
          evaluations++;
          if (e.test(doc)) out.push(e.id);
        }
      }
      for (const e of idx.scan) {
        evaluations++;
        if (e.test(doc)) out.push(e.id);
      }
      return out;
    },
    /** Full filter evaluations performed so far (for benches). */
    evaluations: () => evaluations,
  };
}
