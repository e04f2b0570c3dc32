import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

/** An automation: its current definition (the program) and version; past versions stay in runs. */
export const automations = sqliteTable(
  "automations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    version: integer("version").notNull(),
    definition: text("definition", { mode: "json" }).notNull(),
    concurrency: text("concurrency", { enum: ["drop_if_running", "queue", "allow_parallel"] }).notNull(),
    lastFiredAt: integer("last_fired_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("automations_user_idx").on(t.userId)],
);

/** One row per trigger of the current version; schedules carry their next fire time. */
export const automationTriggers = sqliteTable(
  "automation_triggers",
  {
    id: text("id").primaryKey(),
    automationId: text("automation_id")
      .notNull()
      .references(() => automations.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    position: integer("position").notNull(),
    type: text("type", { enum: ["schedule", "webhook", "event"] }).notNull(),
    eventType: text("event_type"),
    cron: text("cron"),
    timezone: text("timezone"),
    nextFireAt: integer("next_fire_at"),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    /** SHA-256 of the webhook bearer token (the token itself is shown once and never stored). */
    tokenHash: text("token_hash"),
    tokenCreatedAt: integer("token_created_at"),
  },
  (t) => [
    index("automation_triggers_due_idx").on(t.type, t.enabled, t.nextFireAt),
    index("automation_triggers_event_idx").on(t.userId, t.type, t.eventType),
    index("automation_triggers_automation_idx").on(t.automationId),
    uniqueIndex("automation_triggers_token_uq").on(t.tokenHash),
  ],
);

/** A run with the definition it ran (snapshot), so editing never changes history. */
export const automationRuns = sqliteTable(
  "automation_runs",
  {
    id: text("id").primaryKey(),
    automationId: text("automation_id")
      .notNull()
      .references(() => automations.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    version: integer("version").notNull(),
    status: text("status", {
      enum: ["pending", "running", "succeeded", "failed", "cancelled", "timed_out"],
    }).notNull(),
    /** False while a `queue` concurrency run waits for the one before it. */
    enqueued: integer("enqueued", { mode: "boolean" }).notNull(),
    queue: text("queue", { enum: ["fast", "medium", "long"] }).notNull(),
    triggerType: text("trigger_type").notNull(),
    triggerPayload: text("trigger_payload", { mode: "json" }),
    inputs: text("inputs", { mode: "json" }),
    definition: text("definition", { mode: "json" }).notNull(),
    attempt: integer("attempt").notNull().default(1),
    chainDepth: integer("chain_depth").notNull().default(0),
    costUsd: real("cost_usd").notNull().default(0),
    error: text("error", { mode: "json" }),
    createdAt: integer("created_at").notNull(),
    startedAt: integer("started_at"),
    finishedAt: integer("finished_at"),
    /** Who executes the run now (an executor's token), until `leaseUntil` unless renewed. */
    leaseHolder: text("lease_holder"),
    leaseUntil: integer("lease_until"),
  },
  (t) => [
    index("automation_runs_automation_idx").on(t.automationId, t.createdAt),
    index("automation_runs_status_idx").on(t.automationId, t.status),
    index("automation_runs_user_day_idx").on(t.userId, t.createdAt),
    index("automation_runs_running_idx").on(t.status, t.startedAt),
  ],
);

/** Per-step state, written after every step so a restarted run resumes and never repeats a success. */
export const automationRunSteps = sqliteTable(
  "automation_run_steps",
  {
    runId: text("run_id")
      .notNull()
      .references(() => automationRuns.id, { onDelete: "cascade" }),
    stepId: text("step_id").notNull(),
    phase: text("phase", { enum: ["main", "on_failure"] }).notNull(),
    position: integer("position").notNull(),
    status: text("status", {
      enum: ["running", "waiting", "succeeded", "failed", "skipped", "timed_out"],
    }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    output: text("output", { mode: "json" }),
    error: text("error", { mode: "json" }),
    costUsd: real("cost_usd").notNull().default(0),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
  },
  (t) => [primaryKey({ columns: [t.runId, t.stepId] })],
);

/** `Idempotency-Key` of webhook fires, kept 24 h. */
export const automationWebhookFires = sqliteTable(
  "automation_webhook_fires",
  {
    triggerId: text("trigger_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    runId: text("run_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.triggerId, t.idempotencyKey] }),
    index("automation_webhook_fires_age_idx").on(t.createdAt),
  ],
);

/** Files a run produced, stored in R2 under `r2Key`, served through signed URLs until `expiresAt`. */
export const automationArtifacts = sqliteTable(
  "automation_artifacts",
  {
    id: text("id").primaryKey(),
    runId: text("run_id")
      .notNull()
      .references(() => automationRuns.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    name: text("name").notNull(),
    kind: text("kind").notNull(),
    r2Key: text("r2_key").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    visibility: text("visibility", { enum: ["private", "link"] }).notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [
    index("automation_artifacts_run_idx").on(t.runId),
    index("automation_artifacts_expiry_idx").on(t.expiresAt),
  ],
);

/** An MCP server a user connected; the credential is encrypted with the token cipher. */
export const mcpConnections = sqliteTable(
  "mcp_connections",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    credentialCiphertext: text("credential_ciphertext"),
    credentialKeyVersion: integer("credential_key_version"),
    status: text("status", { enum: ["ok", "error"] }).notNull(),
    lastError: text("last_error"),
    lastHarvestAt: integer("last_harvest_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("mcp_connections_user_idx").on(t.userId)],
);

/** Tools harvested from `tools/list`, with inferred side effects and an admin override. */
export const mcpTools = sqliteTable(
  "mcp_tools",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id")
      .notNull()
      .references(() => mcpConnections.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    inputSchema: text("input_schema", { mode: "json" }).notNull(),
    annotations: text("annotations", { mode: "json" }),
    sideEffects: text("side_effects", { mode: "json" }).notNull(),
    sideEffectsOverride: text("side_effects_override", { mode: "json" }),
    harvestedAt: integer("harvested_at").notNull(),
  },
  (t) => [uniqueIndex("mcp_tools_connection_name_uq").on(t.connectionId, t.name)],
);
