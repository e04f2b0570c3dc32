import type { Env } from "../env.ts";
import { createPipelineCtx, type PipelineOverrides } from "../shared/pipeline-deps.ts";
import { handleAutomationBatch } from "./automation/index.ts";
import { handleDeadLetters } from "./dead-letters.ts";
import { handleScoutJobs } from "./scout-jobs.ts";

type BatchHandler = (batch: MessageBatch<unknown>, env: Env, ctx: ExecutionContext) => Promise<void>;

/**
 * Queue name prefix → handler. AUTOMATION hooks in here: add
 * `["scouts-automation-", handleAutomationBatch]` imported from `./automation/index.ts`.
 */
const routes: Array<[prefix: string, handler: BatchHandler]> = [
  ["scouts-automation-", handleAutomationBatch],
];

/** Routes each queue batch to the handler for its queue. */
export function createQueueHandler(overrides: PipelineOverrides = {}) {
  return async function handleQueue(
    batch: MessageBatch<unknown>,
    env: Env,
    ctx: ExecutionContext,
  ): Promise<void> {
    if (batch.queue === "scouts-jobs") return handleScoutJobs(batch, createPipelineCtx(env, overrides));
    if (batch.queue === "scouts-dlq") return handleDeadLetters(batch, createPipelineCtx(env, overrides));
    const route = routes.find(([prefix]) => batch.queue.startsWith(prefix));
    if (route) return route[1](batch, env, ctx);
    // Unknown queue (a handler not deployed yet): keep the messages; max_retries sends them to the DLQ.
    console.error(JSON.stringify({ level: "error", event: "queue.no_handler", queue: batch.queue }));
    batch.retryAll({ delaySeconds: 60 });
  };
}

export const handleQueue = createQueueHandler();
