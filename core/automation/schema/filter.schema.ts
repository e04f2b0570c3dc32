// biome-ignore-all lint/suspicious/noThenProperty: `then` is the JSON Schema keyword here, not a thenable.
import { leafOperators } from "../filter/types.ts";

const scalar = { type: ["string", "number", "boolean", "null"] };
const list = { type: "array", maxItems: 500, items: scalar };

/** One leaf: `path` plus exactly one operator, with the operand type each operator takes. */
const leaf = {
  type: "object",
  required: ["path"],
  properties: {
    path: { type: "string", minLength: 1, maxLength: 200, pattern: "^[A-Za-z0-9$][A-Za-z0-9_$.-]*$" },
    equals: scalar,
    not_equals: scalar,
    starts_with: { type: "string", maxLength: 1000 },
    ends_with: { type: "string", maxLength: 1000 },
    contains: scalar,
    regex: { type: "string", minLength: 1, maxLength: 200 },
    gt: { type: ["number", "string"] },
    gte: { type: ["number", "string"] },
    lt: { type: ["number", "string"] },
    lte: { type: ["number", "string"] },
    in: list,
    not_in: list,
    exists: { type: "boolean" },
  },
  additionalProperties: false,
  minProperties: 2,
  maxProperties: 2,
};

/**
 * JSON Schema 2020-12 of the filter grammar (recursive through `$defs/filter`). Semantic rules the
 * schema cannot say (safe regexes, path segments, depth) live in `checkFilter`.
 */
export const filterDefs = {
  filter: {
    type: "object",
    allOf: [
      {
        if: { required: ["$and"] },
        then: {
          properties: {
            $and: { type: "array", minItems: 1, maxItems: 50, items: { $ref: "#/$defs/filter" } },
          },
          additionalProperties: false,
        },
      },
      {
        if: { required: ["$or"] },
        then: {
          properties: {
            $or: { type: "array", minItems: 1, maxItems: 50, items: { $ref: "#/$defs/filter" } },
          },
          additionalProperties: false,
        },
      },
      {
        if: { required: ["$not"] },
        then: { properties: { $not: { $ref: "#/$defs/filter" } }, additionalProperties: false },
      },
      {
        if: { not: { anyOf: [{ required: ["$and"] }, { required: ["$or"] }, { required: ["$not"] }] } },
        then: { $ref: "#/$defs/filter_leaf" },
      },
    ],
  },
  filter_leaf: leaf,
} as const;

export const filterOperatorNames = [...leafOperators, "$and", "$or", "$not"];
