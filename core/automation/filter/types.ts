/** Comparison operators of the filter grammar (one per leaf). */
export const leafOperators = [
  "equals",
  "not_equals",
  "starts_with",
  "ends_with",
  "contains",
  "regex",
  "gt",
  "gte",
  "lt",
  "lte",
  "in",
  "not_in",
  "exists",
] as const;

export type LeafOperator = (typeof leafOperators)[number];

export type JsonValue = string | number | boolean | null | JsonValue[] | { [k: string]: JsonValue };

/** `{ path: "payload.verdict", equals: "relevant" }`: exactly one operator beside `path`. */
export type FilterLeaf = { path: string } & Partial<Record<LeafOperator, JsonValue>>;

/** The JSON filter grammar shared by event triggers and step `when` predicates. */
export type Filter = FilterLeaf | { $and: Filter[] } | { $or: Filter[] } | { $not: Filter };
