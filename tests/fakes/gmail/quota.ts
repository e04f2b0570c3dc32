/** Gmail's per-user quota, tracked like Google does: units in any rolling 60 s window. */
export const GMAIL_USER_LIMIT_PER_MINUTE = 15_000;

export interface QuotaLedger {
  /** Records a spend; false (and nothing recorded) when it would pass the per-user limit. */
  spend(user: string, units: number, now: number): boolean;
  /** Units spent by `user` in the 60 s ending at `now`. */
  unitsInWindow(user: string, now: number): number;
  /** The most units `user` spent in any rolling minute so far. */
  peakPerMinute(user: string): number;
  /** The most units `user` spent within any single wall-clock second. */
  peakPerSecond(user: string): number;
  total(user: string): number;
}

export function createQuotaLedger(limit = GMAIL_USER_LIMIT_PER_MINUTE): QuotaLedger {
  const logs = new Map<string, Array<[number, number]>>();
  const peaks = new Map<
    string,
    { minute: number; second: number; total: number; perSecond: Map<number, number> }
  >();

  function windowSum(user: string, now: number): number {
    const log = logs.get(user) ?? [];
    while (log.length && log[0]![0] <= now - 60_000) log.shift();
    return log.reduce((sum, [, u]) => sum + u, 0);
  }

  function stats(user: string) {
    let s = peaks.get(user);
    if (!s) {
      s = { minute: 0, second: 0, total: 0, perSecond: new Map() };
      peaks.set(user, s);
    }
    return s;
  }

  return {
    spend(user, units, now) {
      const inWindow = windowSum(user, now);
      if (inWindow + units > limit) return false;
      const log = logs.get(user) ?? [];
      log.push([now, units]);
      logs.set(user, log);
      const s = stats(user);
      s.total += units;
      s.minute = Math.max(s.minute, inWindow + units);
      const sec = Math.floor(now / 1000);
      const inSecond = (s.perSecond.get(sec) ?? 0) + units;
      s.perSecond.set(sec, inSecond);
      if (s.perSecond.size > 600) s.perSecond.delete(s.perSecond.keys().next().value!);
      s.second = Math.max(s.second, inSecond);
      return true;
    },
    unitsInWindow: windowSum,
    peakPerMinute: (user) => peaks.get(user)?.minute ?? 0,
    peakPerSecond: (user) => peaks.get(user)?.second ?? 0,
    total: (user) => peaks.get(user)?.total ?? 0,
  };
}
