import type { Entity } from "./types.ts";

const DAY = 86_400_000;
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  ten: 10,
};
const MONTH_RE =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const TIME_RE =
  "(?:\\s*(?:at|@|,)?\\s*(\\d{1,2})(?::(\\d{2}))?\\s*(am|pm|a\\.m\\.|p\\.m\\.)|\\s+(?:at\\s+)?(\\d{1,2}):(\\d{2})\\b|\\s+at\\s+(noon|midnight))?";
// Words a pattern cannot match without, looked up in the lower-cased text before running it:
// every weekday name ends in "day", and "in 2 days" needs a day, week or hour.
const hasDay = (lower: string) => lower.includes("day");
const hasSpan = (lower: string) => lower.includes("day") || lower.includes("week") || lower.includes("hour");
const PATTERNS: {
  re: RegExp;
  kind: "relative" | "weekday" | "in" | "monthday" | "daymonth" | "iso";
  mayMatch?: (lower: string) => boolean;
}[] = [
  { re: new RegExp(`\\b(today|tonight|tomorrow|yesterday)${TIME_RE}`, "gi"), kind: "relative" },
  {
    re: new RegExp(
      `\\b(?:(next|this|on)\\s+)?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)${TIME_RE}`,
      "gi",
    ),
    kind: "weekday",
    mayMatch: hasDay,
  },
  {
    re: /\bin\s+(\d{1,2}|a|an|one|two|three|four|five|six|seven|ten)\s+(day|week|hour)s?\b/gi,
    kind: "in",
    mayMatch: hasSpan,
  },
  {
    re: new RegExp(`\\b${MONTH_RE}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?${TIME_RE}`, "gi"),
    kind: "monthday",
  },
  {
    re: new RegExp(
      `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_RE}\\.?(?:,?\\s+(\\d{4}))?${TIME_RE}`,
      "gi",
    ),
    kind: "daymonth",
  },
  { re: /\b(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?\b/g, kind: "iso" },
];

/** The date patterns with their word tests, for the test that the tests never skip a match. */
export const DATE_PATTERNS: readonly { re: RegExp; mayMatch?: (lower: string) => boolean }[] = PATTERNS;

/**
 * Finds dates and times; relative ones ("tomorrow at 3pm", "next Friday", "in 2 days") are
 * resolved against the message date in the message's own time zone. Output is ISO 8601 with
 * that zone's offset.
 *
 * @example
 * extractDates("call tomorrow at 3pm", Date.parse("2026-03-03T09:00:00-05:00"), -300)[0].start
 * // "2026-03-04T15:00:00-05:00"
 */
export function extractDates(text: string, ref: number, offsetMin: number): Entity[] {
  const out: Entity[] = [];
  const taken: [number, number][] = [];
  const local = new Date(ref + offsetMin * 60_000);
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const lower = text.toLowerCase();
  for (const { re, kind, mayMatch } of PATTERNS) {
    if (mayMatch && !mayMatch(lower)) continue;
    // An exec loop, not matchAll, which constructs a copy of the RegExp on every call.
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const s = m.index;
      const e = s + m[0].length;
      if (taken.some(([a, b]) => s < b && e > a)) continue;
      const r = resolve(kind, m, today, local);
      if (!r) continue;
      taken.push([s, e]);
      out.push({
        kind: "datetime",
        text: m[0].trim(),
        start: iso(r.day, r.minutes, offsetMin),
        allDay: r.minutes === undefined,
        relative: kind === "relative" || kind === "weekday" || kind === "in",
      });
      if (out.length >= 20) return out;
    }
  }
  return out;
}

function resolve(
  kind: string,
  m: RegExpMatchArray,
  today: number,
  local: Date,
): { day: number; minutes: number | undefined } | undefined {
  const g = (i: number) => m[i];
  switch (kind) {
    case "relative": {
      const w = g(1)!.toLowerCase();
      const day = today + (w === "tomorrow" ? DAY : w === "yesterday" ? -DAY : 0);
      return { day, minutes: timeOf(m, 2) ?? (w === "tonight" ? 20 * 60 : undefined) };
    }
    case "weekday": {
      const target = WEEKDAYS.indexOf(g(2)!.toLowerCase());
      const cur = local.getUTCDay();
      // "this Friday" may be today; "Friday" and "next Friday" mean the next one after today.
      let delta = (target - cur + 7) % 7;
      if (delta === 0 && g(1)?.toLowerCase() !== "this") delta = 7;
      return { day: today + delta * DAY, minutes: timeOf(m, 3) };
    }
    case "in": {
      const n = /^\d+$/.test(g(1)!) ? Number(g(1)) : (NUMBER_WORDS[g(1)!.toLowerCase()] ?? 1);
      const unit = g(2)!.toLowerCase();
      if (unit === "hour") {
        const minutesNow = local.getUTCHours() * 60 + local.getUTCMinutes() + n * 60;
        return { day: today + Math.floor(minutesNow / 1440) * DAY, minutes: minutesNow % 1440 };
      }
      return { day: today + n * (unit === "week" ? 7 : 1) * DAY, minutes: undefined };
    }
    case "monthday":
    case "daymonth": {
      const [mon, dd, yy] = kind === "monthday" ? [g(1)!, g(2)!, g(3)] : [g(2)!, g(1)!, g(3)];
      const month = MONTHS.indexOf(mon.slice(0, 3).toLowerCase());
      const d = Number(dd);
      if (month < 0 || d < 1 || d > 31) return undefined;
      let year = yy ? Number(yy) : local.getUTCFullYear();
      // A date without a year that already passed by months refers to next year.
      if (!yy && Date.UTC(year, month, d) < today - 60 * DAY) year++;
      return { day: Date.UTC(year, month, d), minutes: timeOf(m, 4) };
    }
    case "iso": {
      const month = Number(g(2)) - 1;
      const d = Number(g(3));
      if (month > 11 || d < 1 || d > 31) return undefined;
      return {
        day: Date.UTC(Number(g(1)), month, d),
        minutes: g(4) ? Number(g(4)) * 60 + Number(g(5)) : undefined,
      };
    }
  }
  return undefined;
}

/** Minutes after midnight from the TIME_RE groups starting at `i`, or undefined. */
function timeOf(m: RegExpMatchArray, i: number): number | undefined {
  if (m[i] !== undefined) {
    let h = Number(m[i]) % 12;
    if (/^p/i.test(m[i + 2]!)) h += 12;
    const min = Number(m[i + 1] ?? 0);
    return h < 24 && min < 60 ? h * 60 + min : undefined;
  }
  if (m[i + 3] !== undefined) {
    const h = Number(m[i + 3]);
    const min = Number(m[i + 4]);
    return h < 24 && min < 60 ? h * 60 + min : undefined;
  }
  if (m[i + 5] !== undefined) return m[i + 5]!.toLowerCase() === "noon" ? 720 : 0;
  return undefined;
}

function iso(day: number, minutes: number | undefined, offsetMin: number): string {
  const date = new Date(day).toISOString().slice(0, 10);
  if (minutes === undefined) return date;
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  const sign = offsetMin < 0 ? "-" : "+";
  const abs = Math.abs(offsetMin);
  return `${date}T${hh}:${mm}:00${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
