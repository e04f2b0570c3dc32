import { purgeIdempotencyKeys } from "@scouts/db/repos/automations";
import { createAutomationCtx } from "../queue-consumer/automation/deps.ts";
import type { CronJob } from "./jobs.ts";

const DAY_MS = 86_400_000;
/** Domain events are kept this long for run history and debugging chains. */
export const EVENT_RETENTION_DAYS = 30;

/** Nightly: forget webhook Idempotency-Keys older than 24 h and domain events past retention. */
export const automationSweepsJob: CronJob = async (_pipeline, { env }) => {
  const ctx = createAutomationCtx(env);
  const now = ctx.clock.now();
  const keys = await purgeIdempotencyKeys(ctx.db, now - DAY_MS);
  const events = await ctx.events.eventStore.deleteOlderThan(now - EVENT_RETENTION_DAYS * DAY_MS);
  return { idempotencyKeys: keys, events };
};
