import { isCoreError } from "@scouts/core/errors";
import type { Clock, FetchLike, Logger } from "@scouts/core/ports";
import type { ScoutsDb } from "@scouts/db";
import { recordWatch } from "@scouts/db/repos/connections";
import type { Config, Env } from "../env.ts";
import { connectorForScout } from "./scout-connector.ts";

/**
 * Sets `users.watch` for a freshly connected Gmail scout and stores its expiry and first cursor.
 * Never fails the sign-in: without a topic or on a provider error the scout still works by
 * polling, and the cron renews watches.
 */
export async function startWatch(
  deps: {
    env: Env;
    db: ScoutsDb;
    config: Config;
    fetch: FetchLike;
    clock: Clock;
    logger: Logger;
    requestId?: string;
  },
  input: { scoutId: string; connectionId: string },
): Promise<boolean> {
  const { env, db, config, fetch, clock, logger, requestId } = deps;
  if (!config.GMAIL_PUBSUB_TOPIC) {
    logger.log("info", "gmail_watch_skipped", { requestId, scoutId: input.scoutId, reason: "no_topic" });
    return false;
  }
  try {
    const connector = await connectorForScout({
      env,
      config,
      db,
      scoutId: input.scoutId,
      fetch,
      clock,
      logger,
    });
    const watch = await connector.setupWatch();
    await recordWatch(db, {
      id: input.connectionId,
      expiration: watch.expiration,
      cursor: watch.cursor,
      now: clock.now(),
    });
    logger.log("info", "gmail_watch_set", {
      requestId,
      scoutId: input.scoutId,
      expiration: watch.expiration,
    });
    return true;
  } catch (e) {
    logger.log("warn", "gmail_watch_failed", {
      requestId,
      scoutId: input.scoutId,
      code: isCoreError(e) ? e.code : "error",
    });
    return false;
  }
}
