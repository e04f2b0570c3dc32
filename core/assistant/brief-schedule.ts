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

const DAY = 86_400_000;

/** The epoch ms of a local date and time (`2026-11-26`, `08:00`) in an IANA zone. */
export function zonedTime(day: string, hhmm: string, timeZone: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const [h, mi] = hhmm.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, mi);
  // Two passes settle the zone's offset at that instant (one is off across a DST change).
  let t = wall;
  for (let i = 0; i < 2; i++) {
    const local = localClock(t, timeZone);
    const [ly, lm, ld] = local.day.split("-").map(Number) as [number, number, number];
    const [lh, lmi] = local.hhmm.split(":").map(Number) as [number, number];
    t += wall - Date.UTC(ly, lm - 1, ld, lh, lmi);
  }
  return t;
}

/**
 * The span a brief covers, in the person's zone: the evening brief covers the day (since local
 * midnight); the morning brief covers everything since the last evening brief, posted at
 * `lastEveningAt` when known, else yesterday's evening time. Never more than a week back.
 *
 * @example briefWindow({ period: "morning", now, timeZone: "UTC", evening: "18:00" }).since // yesterday 18:00
 */
export function briefWindow(input: {
  period: BriefPeriod;
  now: number;
  timeZone: string;
  evening: string;
  lastEveningAt?: number | null;
}): { since: number; until: number } {
  const { day } = localClock(input.now, input.timeZone);
  if (input.period === "evening") return { since: zonedTime(day, "00:00", input.timeZone), until: input.now };
  const last = input.lastEveningAt ?? null;
  if (last !== null && last < input.now)
    return { since: Math.max(last, input.now - 7 * DAY), until: input.now };
  const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
  return { since: zonedTime(yesterday, input.evening, input.timeZone), until: input.now };
}
