import { isCoreError } from "@scouts/core/errors";
import type { Clock, FetchLike, Logger } from "@scouts/core/ports";
import type { ScoutsDb } from "@scouts/db";
import { recordBaselineCursor, recordWatch } from "@scouts/db/repos/connections";
import type { Config, Env } from "../env.ts";
import { connectorForScout } from "./scout-connector.ts";

/**
 * Sets `users.watch` for a freshly connected Gmail scout and stores its expiry and first cursor.
 * Without a topic it still stores the first cursor (the mailbox's historyId now), so the first
 * poll lists everything that arrived since the connection instead of starting from its own time.
 * Never fails the sign-in: on a provider error the scout still works by polling, and the cron
 * renews watches.
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
    await baseline(deps, input);
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

/** The cursor polling starts from: the mailbox's current historyId (getProfile, 1 unit). */
async function baseline(
  deps: Parameters<typeof startWatch>[0],
  input: { scoutId: string; connectionId: string },
): Promise<void> {
  const { env, db, config, fetch, clock, logger, requestId } = deps;
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
    const page = await connector.listNew({ cursor: null });
    await recordBaselineCursor(db, { id: input.connectionId, cursor: page.cursor, now: clock.now() });
  } catch (e) {
    // The first poll sets it instead (mail in between is then not listed): say so.
    logger.log("warn", "gmail_baseline_failed", {
      requestId,
      scoutId: input.scoutId,
      code: isCoreError(e) ? e.code : "error",
    });
  }
}
