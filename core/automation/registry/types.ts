import type { Clock, FetchLike, Logger } from "../../ports.ts";
import type { ArtifactSpec } from "../schema/definition-types.ts";
import type { EscapeMode } from "../templates/engine.ts";

/** What a capability can do to the world; drives the reviewer's flags and the confirmations. */
export type SideEffect =
  | "READ"
  | "WRITE"
  | "EXTERNAL_WRITE"
  | "COST_INCURRING"
  | "USER_VISIBLE"
  | "IRREVERSIBLE";

/** Services a handler may use; the composition root fills what its runtime offers. */
export interface ActionServices {
  clock: Clock;
  logger: Logger;
  fetch?: FetchLike;
  /** Posts to Slack with the user's connection (CONNECTORS' client behind it). */
  slackPost?: (input: {
    userId: string;
    channel: string;
    /** The Slack team the destination names (a `slack://team/T…/…` key): post with that team's connection. */
    teamId?: string;
    text: string;
    /** Slack's `client_msg_id` (a UUID derived from the step's idempotency key). */
    clientMsgId?: string;
  }) => Promise<{ ts: string }>;
  /** Delivers a notification to the user's connected devices (device hub); how many it reached. */
  notify?: (input: { userId: string; title: string; body: string; runId: string }) => Promise<{
    devices: number;
  }>;
  /** Applies a mailbox action on one of the user's proposals (AGENT's ledger service: undoable). */
  mailbox?: (input: {
    userId: string;
    proposalId: string;
    action: "label" | "archive" | "mark_read" | "trash";
    label?: string;
    runId: string;
    /** The ledger's claim key: one mailbox change per key, however often the step is attempted. */
    idempotencyKey: string;
  }) => Promise<{ ledgerId: string }>;
  /** OpenAI-compatible chat completion (agent_task); absent when no LLM is configured. */
  chat?: (input: { messages: ChatMessage[]; tools?: unknown[] }) => Promise<ChatReply>;
  /** Stores an artifact for the run; returns its id. */
  putArtifact?: (input: {
    runId: string;
    userId: string;
    spec: ArtifactSpec;
    body: string;
  }) => Promise<{ artifactId: string }>;
  /** Capabilities agent_task may hand to the model (the same registry). */
  registry?: CapabilityRegistry;
}

/** An OpenAI chat message: assistant tool calls and tool results carry their extra fields. */
export type ChatMessage = {
  role: string;
  content: string | null;
  tool_call_id?: string;
  tool_calls?: unknown[];
};

export interface ChatReply {
  content: string | null;
  toolCalls?: { id: string; name: string; arguments: string }[];
  costUsd?: number;
}

export interface HandlerArgs {
  input: Record<string, unknown>;
  run: { id: string; userId: string; automationId: string; artifacts?: ArtifactSpec[] };
  services: ActionServices;
  signal: AbortSignal;
  /** What the run may still spend (undefined: no budget); long handlers stop when they reach it. */
  budgetRemainingUsd?: number;
  /** Derived from the run and step: the same for every attempt. Sinks that dedupe take it. */
  idempotencyKey: string;
}

export interface HandlerResult {
  output: unknown;
  /** Actual cost of this call, counted against the run's budget. */
  costUsd?: number;
}

/**
 * One entry of the capability registry: a native action or a harvested MCP tool.
 * @example registry.get("slack_post")?.sideEffects // ["EXTERNAL_WRITE", "USER_VISIBLE"]
 */
export interface Capability {
  id: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  requiredCredentials: string[];
  sideEffects: SideEffect[];
  expectedDurationMs: number;
  costEstimateUsd: number;
  /** Escape mode per input field holding a template (default "text"). */
  templateModes?: Record<string, EscapeMode>;
  /**
   * The sink dedupes calls by `HandlerArgs.idempotencyKey`, so an attempt whose outcome is unknown
   * (timed out and did not stop, or interrupted by a restart) can safely be made again.
   */
  idempotent?: boolean;
  /** `tight` actions do one thing; `loose` ones (agent_task) let a model choose tools. */
  kind: "tight" | "loose";
  /**
   * Checks JSON Schema cannot express (e.g. a workspace key URI), on literal values at save time
   * and on rendered values before each call; each issue names its pointer within `with`.
   */
  checkInput?: (input: Record<string, unknown>) => InputIssue[];
  handler: (args: HandlerArgs) => Promise<HandlerResult>;
}

/** A problem with one field of an action's input: `path` is a JSON pointer like `/channel`. */
export interface InputIssue {
  path: string;
  rule: string;
  message: string;
}

export interface CapabilityRegistry {
  get(id: string): Capability | undefined;
  list(): Capability[];
}

/** A registry over a fixed list plus extra entries (MCP tools) resolved per isolate. */
export function createRegistry(entries: Capability[]): CapabilityRegistry {
  const byId = new Map(entries.map((c) => [c.id, c]));
  return { get: (id) => byId.get(id), list: () => [...byId.values()] };
}
