import { notifySubscribers } from "../../events/subscribe.ts";
import type { DomainEvent } from "../../events/types.ts";
import { type FireOutcome, startRuns } from "../executor/start-runs.ts";
import type { ExecutorCtx } from "../executor/types.ts";
import { evaluateFilter } from "../filter/evaluate.ts";
import type { Filter } from "../filter/types.ts";
import type { TriggerStore } from "./ports.ts";

/** The document an event trigger's filter is evaluated against. */
export function eventDocument(e: DomainEvent) {
  return { type: e.type, subject: e.subject, payload: e.payload, created_at: e.createdAt };
}

/**
 * The event triggers (already those of the event's user and type) whose filter the event
 * document matches: the production filter path, timed by `bench/automation`.
 * @example matchingTriggers(triggers, eventDocument(event)).length
 */
export function matchingTriggers<T extends { filter: Filter | null }>(
  triggers: T[],
  doc: ReturnType<typeof eventDocument>,
): T[] {
  return triggers.filter((t) => !t.filter || evaluateFilter(t.filter, doc));
}

/**
 * Delivers one stored event: in-process subscribers, then every matching event trigger of the
 * event's user (filter grammar over `{ type, subject, payload, created_at }`). A run started by an
 * event carries chain depth + 1, so chains stop at MAX_CHAIN_DEPTH.
 * @example await dispatchEvent({ ctx, input: { eventId } })
 */
export async function dispatchEvent({
  ctx,
  input,
}: {
  ctx: ExecutorCtx & { triggers: TriggerStore };
  input: { eventId: string };
}): Promise<{ matched: number; outcomes: FireOutcome[] }> {
  const event = await ctx.events.eventStore.get(input.eventId);
  if (!event) return { matched: 0, outcomes: [] };
  await notifySubscribers(event);
  const doc = eventDocument(event);
  const triggers = await ctx.triggers.eventTriggers(event.userId, event.type);
  const matching = matchingTriggers(triggers, doc);
  const outcomes = await startRuns({
    ctx,
    input: matching.map((t) => ({
      automation: t.automation,
      triggerType: "event" as const,
      triggerPayload: { event_id: event.id, ...doc },
      chainDepth: event.chainDepth + 1,
    })),
  });
  return { matched: matching.length, outcomes };
}
