import { z } from "zod";
import { parseInput } from "../validate.ts";
import type { DomainEvent, EventsCtx } from "./types.ts";

const contentKeys = /^(subject|snippet|body|text|html|content|token|preview)$/i;
const scalar = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);

const PublishInput = z.object({
  type: z.string().regex(/^[a-z][a-z0-9_.]{0,99}$/, "event type is lower-case dotted words"),
  userId: z.string().min(1).max(100),
  subject: z.string().max(200).optional(),
  chainDepth: z.number().int().min(0).max(100).optional(),
  payload: z
    .record(z.string().max(60), z.union([scalar, z.array(scalar).max(50)]))
    .refine((p) => Object.keys(p).length <= 30, "at most 30 payload keys")
    .refine(
      (p) => !Object.keys(p).some((k) => contentKeys.test(k)),
      "payload holds ids and verdicts only, no content fields",
    ),
});

export type PublishInput = z.input<typeof PublishInput>;

/**
 * Stores a domain event and hands it to dispatch (automation event triggers and subscribers).
 * Payloads are validated: ids, verdicts and counts only.
 * @example await publish(ctx, { type: "scout.run.finished", userId, subject: `scout:${id}`, payload: { scoutId: id, items: 3 } })
 */
export async function publish(ctx: EventsCtx, input: PublishInput): Promise<DomainEvent> {
  const parsed = parseInput(PublishInput, input, "event");
  const event: DomainEvent = {
    id: ctx.ids(),
    userId: parsed.userId,
    type: parsed.type,
    subject: parsed.subject ?? null,
    payload: parsed.payload,
    chainDepth: parsed.chainDepth ?? 0,
    createdAt: ctx.clock.now(),
  };
  await ctx.eventStore.insert(event);
  await ctx.dispatch(event);
  return event;
}
