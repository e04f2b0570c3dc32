import { CoreError } from "../errors.ts";
import { localClock, zonedTime } from "./brief-schedule.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Snoozed mail comes back at this local time on a chosen day. */
export const SNOOZE_MORNING = "08:00";

export type SnoozeChoice = {
  id: "later_today" | "tomorrow_morning" | "next_week";
  label: string;
  until: number;
};

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + n * DAY).toISOString().slice(0, 10);
}

/**
 * The snooze choices a card offers, in the person's zone: later today (three hours on, while the
 * day lasts), tomorrow morning, next week (Monday morning). A date comes from `snoozeOnDay`.
 *
 * @example snoozeChoices(Date.parse("2026-11-25T10:00:00Z"), "UTC").map((c) => c.id) // ["later_today", "tomorrow_morning", "next_week"]
 */
export function snoozeChoices(now: number, timeZone: string): SnoozeChoice[] {
  const { day, hhmm } = localClock(now, timeZone);
  const out: SnoozeChoice[] = [];
  const later = Math.ceil((now + 3 * HOUR) / HOUR) * HOUR;
  if (localClock(later, timeZone).day === day && hhmm < "19:00")
    out.push({ id: "later_today", label: "Later today", until: later });
  out.push({
    id: "tomorrow_morning",
    label: "Tomorrow morning",
    until: zonedTime(addDays(day, 1), SNOOZE_MORNING, timeZone),
  });
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const toMonday = (8 - weekday) % 7 || 7;
  out.push({
    id: "next_week",
    label: "Next week",
    until: zonedTime(addDays(day, toMonday), SNOOZE_MORNING, timeZone),
  });
  return out;
}

/**
 * Snooze until the morning of a chosen local date (`YYYY-MM-DD`); a day that is not in the future
 * is refused with why.
 *
 * @example snoozeOnDay("2026-12-01", "Europe/Berlin", now) // 2026-12-01T07:00:00Z
 */
export function snoozeOnDay(day: string, timeZone: string, now: number): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    throw new CoreError("bad_input", `snooze date must be YYYY-MM-DD, got "${day.slice(0, 40)}"`);
  const until = zonedTime(day, SNOOZE_MORNING, timeZone);
  if (until <= now) throw new CoreError("bad_input", `${day} has passed: pick a later date`);
  return until;
}

/**
 * "Tue 1 Dec, 08:00" in the person's zone: what a snooze card says.
 *
 * @example snoozeText(Date.parse("2026-12-01T08:00:00Z"), "UTC") // "Tue 1 Dec, 08:00"
 */
export function snoozeText(until: number, timeZone: string): string {
  const { day, hhmm } = localClock(until, timeZone);
  const date = new Date(`${day}T00:00:00Z`);
  const wd = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][date.getUTCDay()];
  const mon = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][
    date.getUTCMonth()
  ];
  return `${wd} ${date.getUTCDate()} ${mon}, ${hhmm}`;
}
