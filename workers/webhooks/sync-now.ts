import type { SyncJob } from "@scouts/core/protocol/jobs";
import type { Context } from "hono";
import { deviceHubFor } from "../shared/durable-objects.ts";
import type { AppEnv } from "./context.ts";

/**
 * How long the queued copy of a webhook's sync job waits. The run `syncNow` starts normally
 * finishes long before, so the copy finds its history id behind the cursor and costs one D1
 * read; a run that failed or was cut off is redone by it.
 */
export const queuedCopyDelaySeconds = 5;

/**
 * Starts the sync jobs a webhook just queued right away, in the owner's DeviceHub (which runs
 * one sync per scout at a time and sends what it finds to the devices itself): one queue hop
 * and one RPC less between a push and the device. Runs after the response (`waitUntil`);
 * failures are left to the queued copy, so nothing depends on this run finishing.
 * @example await enqueueJobs(c.env.JOBS, jobs, { delaySeconds: queuedCopyDelaySeconds }); syncNow(c, owned);
 */
export function syncNow(c: Context<AppEnv>, items: Array<{ userId: string; job: SyncJob }>): void {
  if (items.length === 0) return;
  let exec: ExecutionContext;
  try {
    exec = c.executionCtx as ExecutionContext;
  } catch {
    return; // No execution context (a bare app.fetch in a test): the queued copy does the work.
  }
  const { logger, requestId } = c.var.services;
  exec.waitUntil(
    Promise.all(
      items.map(({ userId, job }) =>
        deviceHubFor(c.env.DEVICE_HUB, userId)
          .syncNow(userId, job)
          .catch(() =>
            logger.log("warn", "webhook.sync_now_unreachable", { requestId, scoutId: job.scoutId }),
          ),
      ),
    ),
  );
}
