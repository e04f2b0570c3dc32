import type { BriefPeriod } from "../protocol/local-api.ts";

/** The local date and HH:MM of `now` in an IANA time zone (falls back to UTC if unknown). */
export function localClock(now: number, timeZone: string): { day: string; hhmm: string } {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
  } catch {
    fmt = new Intl.DateTimeFormat("en-CA", {
      timeZone: "UTC",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
  }
  const parts = Object.fromEntries(fmt.formatToParts(new Date(now)).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hhmm: `${parts.hour}:${parts.minute}` };
}

/**
 * Which brief is due now, if any: the morning or evening time has passed today (in the person's
 * zone) and that brief was not posted today. Late ticks still post once; early ones never do.
 *
 * @example dueBrief({ now, timeZone: "Europe/Paris", morning: "08:00", evening: "18:00", posted: [] }) // "morning" | "evening" | null
 */
export function dueBrief(input: {
  now: number;
  timeZone: string;
  morning: string;
  evening: string;
  /** Keys of briefs already posted, `${day}:${period}`. */
  posted: readonly string[];
}): { period: BriefPeriod; key: string } | null {
  const { day, hhmm } = localClock(input.now, input.timeZone);
  const due = hhmm >= input.evening ? "evening" : hhmm >= input.morning ? "morning" : null;
  if (!due) return null;
  const key = `${day}:${due}`;
  return input.posted.includes(key) ? null : { period: due, key };
}
