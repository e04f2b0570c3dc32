import { cleanForModel } from "../../assistant/model-input.ts";
import { CoreError } from "../../errors.ts";
import type { CapabilityRegistry, ChatMessage, ChatReply } from "../registry/types.ts";
import { definitionSchema } from "../schema/definition.schema.ts";
import type { AutomationDefinition } from "../schema/definition-types.ts";
import type { SchemaIssue } from "../schema/json-schema.ts";
import { validateDefinition } from "../validate-definition.ts";
import { type DefinitionChange, diffDefinitions } from "./diff.ts";
import { type Review, reviewDefinition } from "./review.ts";

export const MAX_PROPOSAL_ATTEMPTS = 3;

export interface AuthoringCtx {
  chat: (input: { messages: ChatMessage[] }) => Promise<ChatReply>;
  registry: CapabilityRegistry;
}

export interface Proposal {
  definition: AutomationDefinition;
  warnings: SchemaIssue[];
  review: Review;
  attempts: number;
  /** Present when editing: what would change. */
  diff?: DefinitionChange[];
}

function registryForPrompt(registry: CapabilityRegistry) {
  return registry.list().map((c) => ({
    id: c.id,
    description: c.description,
    input_schema: c.inputSchema,
    side_effects: c.sideEffects,
    cost_estimate_usd: c.costEstimateUsd,
  }));
}

function systemPrompt(registry: CapabilityRegistry, now: string): string {
  return [
    "You write automation definitions for Scouts. Reply with ONE JSON object only: a definition valid against this JSON Schema 2020-12.",
    `Schema: ${JSON.stringify(definitionSchema)}`,
    `Actions you may use (step.action = id; step.with must match input_schema): ${JSON.stringify(registryForPrompt(registry))}`,
    "Templates in string values use Liquid and may only read run.* (run.trigger.payload, run.inputs, run.steps.<id>.output, run.outputs.<output_as>, run.error). Event filters read {type, subject, payload}.",
    `Current time: ${now}. Use IANA time zones.`,
  ].join("\n");
}

function parseReply(text: string | null): unknown {
  if (!text) return undefined;
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  const body = (fenced ? fenced[1]! : text).trim();
  const start = body.indexOf("{");
  const end = body.lastIndexOf("}");
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(body.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/**
 * Natural-language authoring: the generator sees only the person's request, the schema and the
 * registry (plus, when editing, the current definition). Every reply is validated
 * deterministically; an invalid one is sent back with its errors, up to MAX_PROPOSAL_ATTEMPTS.
 * Returns a proposal with the reviewer's summary and flags. It never saves: a person does.
 * @example const p = await proposeAutomation({ ctx, input: { prompt: "Every morning at 8 post my digest to #me", usedBefore: new Set() } });
 */
export async function proposeAutomation({
  ctx,
  input,
}: {
  ctx: AuthoringCtx;
  input: { prompt: string; current?: AutomationDefinition; usedBefore: ReadonlySet<string>; now?: string };
}): Promise<Proposal> {
  // The person's own words, but possibly pasted from mail: invisible characters and role markers go.
  const prompt = cleanForModel(input.prompt, { label: "request", maxLength: 5000 }).text;
  if (!prompt || prompt.length > 4000)
    throw new CoreError("bad_input", "describe the automation in 1 to 4000 characters");
  const messages: ChatMessage[] = [
    { role: "system", content: systemPrompt(ctx.registry, input.now ?? new Date().toISOString()) },
    {
      role: "user",
      content: input.current
        ? `Current definition:\n${JSON.stringify(input.current)}\n\nChange it as follows (keep everything else): ${prompt}`
        : prompt,
    },
  ];
  let lastIssues: SchemaIssue[] = [];
  for (let attempt = 1; attempt <= MAX_PROPOSAL_ATTEMPTS; attempt++) {
    const reply = await ctx.chat({ messages });
    const candidate = parseReply(reply.content);
    const report =
      candidate === undefined
        ? {
            ok: false,
            errors: [{ path: "", rule: "json", message: "the reply is not a JSON object" }],
            warnings: [],
          }
        : validateDefinition({ ctx, input: candidate });
    if (report.ok && "definition" in report && report.definition) {
      const definition = report.definition;
      return {
        definition,
        warnings: report.warnings,
        review: reviewDefinition({ registry: ctx.registry, definition, usedBefore: input.usedBefore }),
        attempts: attempt,
        ...(input.current ? { diff: diffDefinitions(input.current, definition) } : {}),
      };
    }
    lastIssues = report.errors;
    messages.push({ role: "assistant", content: reply.content ?? "" });
    messages.push({
      role: "user",
      content: `That definition is invalid:\n${lastIssues.map((i) => `- ${i.path || "/"} ${i.rule}: ${i.message}`).join("\n")}\nReply with the corrected JSON object only.`,
    });
  }
  throw new CoreError(
    "upstream_rejected",
    `the model did not produce a valid automation in ${MAX_PROPOSAL_ATTEMPTS} attempts`,
    {
      details: { issues: lastIssues },
    },
  );
}
