import { CoreError } from "@scouts/core/errors";
import type { ScoutJob } from "@scouts/core/protocol/jobs";

/**
 * Puts jobs on the queue, or throws `upstream_unavailable` (503) so the provider redelivers:
 * a webhook acknowledges only what is safely queued.
 * @example await enqueueJobs(env.JOBS, [{ kind: "sync", scoutId, trigger: "push" }]);
 */
export async function enqueueJobs(
  queue: Queue,
  jobs: ScoutJob[],
  opts: { delaySeconds?: number } = {},
): Promise<void> {
  if (jobs.length === 0) return;
  const delay = opts.delaySeconds ? { delaySeconds: opts.delaySeconds } : {};
  try {
    if (jobs.length === 1) await queue.send(jobs[0], delay);
    else await queue.sendBatch(jobs.map((body) => ({ body, ...delay })));
  } catch (cause) {
    throw new CoreError("upstream_unavailable", "could not enqueue the job, retry later", { cause });
  }
}
