import { deleteArtifactRow, expiredArtifacts } from "@scouts/db/repos/automation-artifacts";
import { purgeIdempotencyKeys } from "@scouts/db/repos/automations";
import { createAutomationCtx } from "../shared/automation-deps.ts";
import type { CronJob } from "./jobs.ts";

const DAY_MS = 86_400_000;
/** Domain events are kept this long for run history and debugging chains. */
export const EVENT_RETENTION_DAYS = 30;

/** Nightly: forget webhook Idempotency-Keys older than 24 h, old domain events, expired artifacts. */
export const automationSweepsJob: CronJob = async (_pipeline, { env }) => {
  const ctx = createAutomationCtx(env);
  const now = ctx.clock.now();
  const keys = await purgeIdempotencyKeys(ctx.db, now - DAY_MS);
  const events = await ctx.events.eventStore.deleteOlderThan(now - EVENT_RETENTION_DAYS * DAY_MS);
  let artifacts = 0;
  // Object first, then row: a crash in between leaves a row the next night deletes again.
  for (let round = 0; round < 20; round++) {
    const expired = await expiredArtifacts(ctx.db, now, 500);
    if (expired.length === 0) break;
    await env.ARTIFACTS.delete(expired.map((a) => a.r2Key));
    for (const a of expired) await deleteArtifactRow(ctx.db, a.id);
    artifacts += expired.length;
  }
  return { idempotencyKeys: keys, events, artifacts };
};
