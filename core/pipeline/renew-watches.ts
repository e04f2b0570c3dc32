import { isCoreError } from "../errors.ts";
import type { Clock, IdGenerator, Logger } from "../ports.ts";
import type { CronStore } from "./cron-ports.ts";
import type { ConnectorFor, RunLogStore } from "./ports.ts";

/** Gmail watches last 7 days; renew those lapsing within 48 hours. */
export const renewWindowMs = 48 * 3600 * 1000;

/**
 * Renews expiring Gmail watches. One failing scout never stops the others; `needs_reauth`
 * connections are skipped by the store query and marked by the connector factory.
 * @example await renewWatches({ ctx, input: {} }) // { renewed: 3, failed: 0 }
 */
export async function renewWatches({
  ctx,
  input,
}: {
  ctx: {
    cron: CronStore;
    connectorFor: ConnectorFor;
    runLogs: RunLogStore;
    clock: Clock;
    ids: IdGenerator;
    logger: Logger;
  };
  input: { limit?: number };
}): Promise<{ renewed: number; failed: number }> {
  const due = await ctx.cron.watchesExpiringBefore(ctx.clock.now() + renewWindowMs, input.limit ?? 200);
  let renewed = 0;
  let failed = 0;
  for (const scout of due) {
    try {
      const connector = await ctx.connectorFor(scout);
      const watch = await connector.renewWatch();
      await ctx.cron.saveWatch(scout.id, watch.expiration);
      renewed++;
    } catch (e) {
      failed++;
      const code = isCoreError(e) ? e.code : "internal";
      ctx.logger.log("warn", "cron.renew_watch_failed", { scoutId: scout.id, code });
      await ctx.runLogs.record({
        id: ctx.ids(),
        scoutId: scout.id,
        kind: "renew_watch",
        outcome: code,
        createdAt: ctx.clock.now(),
      });
    }
  }
  return { renewed, failed };
}
