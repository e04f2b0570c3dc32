// biome-ignore-all lint/suspicious/noThenProperty: `then` is the JSON Schema keyword here, not a thenable.
import { filterDefs } from "./filter.schema.ts";

/** Runtime tokens an input's `default` may name; the engine fills them when a run starts. */
export const runtimeDefaults = ["$last_fired_at", "$creator", "$space_default"] as const;

const identifier = { type: "string", pattern: "^[a-z][a-z0-9_]{0,39}$" };

const retry = {
  type: "object",
  required: ["strategy"],
  properties: {
    strategy: { enum: ["none", "linear", "exponential"] },
    max_attempts: { type: "integer", minimum: 1, maximum: 10 },
    delay_ms: { type: "integer", minimum: 0, maximum: 600_000 },
  },
  additionalProperties: false,
};

const step = {
  type: "object",
  required: ["id", "action"],
  properties: {
    id: identifier,
    action: { type: "string", pattern: "^[a-z][a-z0-9_.:-]{0,99}$" },
    with: { type: "object", maxProperties: 50 },
    when: { $ref: "#/$defs/filter" },
    output_as: identifier,
    retry: { $ref: "#/$defs/retry" },
    timeout_ms: { type: "integer", minimum: 100, maximum: 900_000 },
  },
  additionalProperties: false,
};

/** Discriminated on `type` with if/then so errors point into the one branch that applies. */
const trigger = {
  type: "object",
  required: ["type"],
  properties: { type: { enum: ["schedule", "webhook", "event"] } },
  allOf: [
    {
      if: { properties: { type: { const: "schedule" } } },
      then: {
        required: ["cron", "timezone"],
        properties: {
          type: true,
          cron: { type: "string", minLength: 9, maxLength: 100 },
          timezone: { type: "string", minLength: 1, maxLength: 64 },
        },
        additionalProperties: false,
      },
    },
    {
      if: { properties: { type: { const: "webhook" } } },
      then: { properties: { type: true, payload_schema: { type: "object" } }, additionalProperties: false },
    },
    {
      if: { properties: { type: { const: "event" } } },
      then: {
        required: ["event_type"],
        properties: {
          type: true,
          event_type: { type: "string", pattern: "^[a-z][a-z0-9_.]{0,99}$" },
          filter: { $ref: "#/$defs/filter" },
        },
        additionalProperties: false,
      },
    },
  ],
};

/**
 * The automation definition envelope, JSON Schema 2020-12. The definition is the program; the
 * engine interprets it. Validate with `validateDefinition` (schema + semantic rules).
 */
export const definitionSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://scouts.dev/schemas/automation-definition.json",
  title: "Automation definition",
  type: "object",
  required: ["schema_version", "name", "triggers", "plan"],
  properties: {
    schema_version: { const: 1 },
    name: { type: "string", minLength: 1, maxLength: 120 },
    goal: { type: "string", maxLength: 2000 },
    inputs: {
      type: "object",
      required: ["type"],
      properties: {
        type: { const: "object" },
        properties: {
          type: "object",
          maxProperties: 30,
          propertyNames: identifier,
          additionalProperties: { type: "object" },
        },
        required: { type: "array", items: identifier },
      },
    },
    triggers: { type: "array", minItems: 1, maxItems: 10, items: trigger },
    plan: {
      type: "object",
      required: ["steps"],
      properties: {
        steps: { type: "array", minItems: 1, maxItems: 50, items: { $ref: "#/$defs/step" } },
        on_failure: { type: "array", maxItems: 10, items: { $ref: "#/$defs/step" } },
      },
      additionalProperties: false,
    },
    execution: {
      type: "object",
      properties: {
        concurrency: { enum: ["drop_if_running", "queue", "allow_parallel"] },
        timeout_ms: { type: "integer", minimum: 1000, maximum: 3_600_000 },
        retry: { $ref: "#/$defs/retry" },
        budget: {
          type: "object",
          required: ["max_cost_usd"],
          properties: { max_cost_usd: { type: "number", minimum: 0, maximum: 1000 } },
          additionalProperties: false,
        },
        produces_artifacts: {
          type: "array",
          maxItems: 10,
          items: {
            type: "object",
            required: ["name", "kind"],
            properties: {
              name: identifier,
              kind: { enum: ["text", "json", "csv", "html", "markdown"] },
              retention_days: { type: "integer", minimum: 1, maximum: 365 },
              visibility: { enum: ["private", "link"] },
            },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    metadata: {
      type: "object",
      properties: {
        tags: { type: "array", maxItems: 20, items: { type: "string", maxLength: 40 } },
        description: { type: "string", maxLength: 2000 },
      },
    },
  },
  additionalProperties: false,
  $defs: { ...filterDefs, retry, step, trigger },
} as const;
