import { Cron } from "croner";
import { CoreError } from "../../errors.ts";

/** Schedules under this interval still save, with a warning (they cost runs). */
export const SCHEDULE_WARN_BELOW_MS = 15 * 60_000;

export interface ScheduleCheck {
  error?: string;
  warning?: string;
}

function validZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

function cronFor(cron: string, timezone: string): Cron {
  return new Cron(cron, { timezone, paused: true, mode: "5-part" });
}

/**
 * Checks a schedule trigger: a 5-field cron (so never more often than once a minute) and an IANA
 * zone; warns when it fires more often than every 15 minutes.
 * @example checkSchedule("*\/5 * * * *", "Europe/Paris") // { warning: "fires every 5 minutes ..." }
 */
export function checkSchedule(
  cron: string,
  timezone: string,
  from = new Date("2026-01-05T00:00:00Z"),
): ScheduleCheck {
  if (!validZone(timezone)) return { error: `"${timezone}" is not an IANA time zone` };
  let job: Cron;
  try {
    job = cronFor(cron, timezone);
  } catch (e) {
    return { error: `cron does not parse: ${(e as Error).message}` };
  }
  const runs = job.nextRuns(20, from);
  if (runs.length === 0) return { error: "cron never fires" };
  let minGap = Number.POSITIVE_INFINITY;
  for (let i = 1; i < runs.length; i++)
    minGap = Math.min(minGap, runs[i]!.getTime() - runs[i - 1]!.getTime());
  if (minGap < 60_000) return { error: "schedules fire at most once a minute" };
  if (minGap < SCHEDULE_WARN_BELOW_MS) {
    return {
      warning: `fires every ${Math.round(minGap / 60_000)} minute(s); under 15 minutes costs many runs`,
    };
  }
  return {};
}

/**
 * The first fire time strictly after `afterMs`, in epoch ms.
 * @example nextFireAt("0 9 * * *", "Europe/Paris", Date.UTC(2026, 0, 1)) // 2026-01-01T08:00Z
 */
export function nextFireAt(cron: string, timezone: string, afterMs: number): number {
  // One cron tick asks the same (cron, zone, now) for thousands of triggers: compute each once.
  const key = `${cron}|${timezone}|${afterMs}`;
  const hit = nextCache.get(key);
  if (hit !== undefined) return hit;
  let job = jobs.get(`${cron}|${timezone}`);
  if (!job) {
    job = cronFor(cron, timezone);
    if (jobs.size > 5000) jobs.clear();
    jobs.set(`${cron}|${timezone}`, job);
  }
  const next = job.nextRun(new Date(afterMs));
  if (!next) throw new CoreError("bad_input", "cron never fires again");
  if (nextCache.size > 5000) nextCache.clear();
  nextCache.set(key, next.getTime());
  return next.getTime();
}

const jobs = new Map<string, Cron>();
const nextCache = new Map<string, number>();
