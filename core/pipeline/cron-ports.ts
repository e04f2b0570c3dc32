/** The sweeps cron runs; every method is a single conditional statement, so doubled ticks are no-ops. */
export interface CronStore {
  /**
   * Claims scouts due a fallback poll (active, no reauth, polling source, neither notified nor
   * run within their interval) by stamping last_run_at; returns only the ids this call claimed.
   */
  claimStalePolls(now: number, limit: number): Promise<string[]>;
  /** Ids of active Gmail scouts whose watch lapses before `before`, after `afterId` (keyset page). */
  watchIdsExpiringBefore(before: number, afterId: string, limit: number): Promise<string[]>;
  saveWatch(scoutId: string, expiration: number): Promise<void>;
  /** Pauses scouts whose user's devices were all silent longer than the scout's setting. */
  pauseInactive(now: number): Promise<number>;
  /** Lifts the device-inactivity pause where a device has been seen since. */
  unpauseActive(now: number, userId?: string): Promise<number>;
}
