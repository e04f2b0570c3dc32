import type { Filter } from "../filter/types.ts";

export type RetryPolicy = {
  strategy: "none" | "linear" | "exponential";
  max_attempts?: number;
  delay_ms?: number;
};

export interface StepDefinition {
  id: string;
  action: string;
  with?: Record<string, unknown>;
  when?: Filter;
  output_as?: string;
  retry?: RetryPolicy;
  timeout_ms?: number;
}

export type TriggerDefinition =
  | { type: "schedule"; cron: string; timezone: string }
  | { type: "webhook"; payload_schema?: Record<string, unknown> }
  | { type: "event"; event_type: string; filter?: Filter };

export type ConcurrencyPolicy = "drop_if_running" | "queue" | "allow_parallel";

export interface ArtifactSpec {
  name: string;
  kind: "text" | "json" | "csv" | "html" | "markdown";
  retention_days?: number;
  visibility?: "private" | "link";
}

/** A validated automation definition (see `definitionSchema`). */
export interface AutomationDefinition {
  schema_version: 1;
  name: string;
  goal?: string;
  inputs?: { type: "object"; properties?: Record<string, Record<string, unknown>>; required?: string[] };
  triggers: TriggerDefinition[];
  plan: { steps: StepDefinition[]; on_failure?: StepDefinition[] };
  execution?: {
    concurrency?: ConcurrencyPolicy;
    timeout_ms?: number;
    retry?: RetryPolicy;
    budget?: { max_cost_usd: number };
    produces_artifacts?: ArtifactSpec[];
  };
  metadata?: { tags?: string[]; description?: string };
}
