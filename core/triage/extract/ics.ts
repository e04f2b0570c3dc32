import type { Entity } from "./types.ts";

/**
 * Calendar invitations from text/calendar parts (RFC 5545): summary, start/end, location,
 * organizer, UID and METHOD. TZID times are converted with Intl when the zone is known.
 *
 * @example
 * extractInvites(["BEGIN:VEVENT\r\nSUMMARY:Review\r\nDTSTART:20260305T150000Z\r\nEND:VEVENT"])[0].start
 * // "2026-03-05T15:00:00Z"
 */
export function extractInvites(calendars: string[]): Entity[] {
  const out: Entity[] = [];
  for (const cal of calendars.slice(0, 5)) {
    const lines = cal.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
    const method = lines
      .find((l) => /^METHOD:/i.test(l))
      ?.slice(7)
      .trim();
    let ev: Record<string, { params: string; value: string }> | undefined;
    for (const line of lines.slice(0, 5000)) {
      if (/^BEGIN:VEVENT/i.test(line)) ev = {};
      else if (/^END:VEVENT/i.test(line) && ev) {
        const summary = unescapeText(ev.SUMMARY?.value ?? "");
        const start = ev.DTSTART ? icsTime(ev.DTSTART) : undefined;
        const end = ev.DTEND ? icsTime(ev.DTEND) : undefined;
        const location = ev.LOCATION ? unescapeText(ev.LOCATION.value) : undefined;
        const organizer = ev.ORGANIZER?.value.replace(/^mailto:/i, "");
        out.push({
          kind: "invite",
          text: summary || "calendar invitation",
          summary,
          ...(start ? { start } : {}),
          ...(end ? { end } : {}),
          ...(location ? { location } : {}),
          ...(organizer ? { organizer } : {}),
          ...(ev.UID ? { uid: ev.UID.value } : {}),
          ...(method ? { method: method.toUpperCase() } : {}),
        });
        ev = undefined;
        if (out.length >= 10) return out;
      } else if (ev) {
        const m = /^([A-Z-]+)((?:;[^:]*)?):(.*)$/i.exec(line);
        if (m && !ev[m[1]!.toUpperCase()]) ev[m[1]!.toUpperCase()] = { params: m[2]!, value: m[3]! };
      }
    }
  }
  return out;
}

function unescapeText(s: string): string {
  return s
    .replace(/\\n/gi, " ")
    .replace(/\\([,;\\])/g, "$1")
    .trim()
    .slice(0, 300);
}

function icsTime(f: { params: string; value: string }): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(f.value.trim());
  if (!m) return undefined;
  const [, y, mo, d, hh, mi, ss, z] = m;
  if (hh === undefined) return `${y}-${mo}-${d}`;
  const local = `${y}-${mo}-${d}T${hh}:${mi}:${ss}`;
  if (z) return `${local}Z`;
  const tzid = /TZID=("?)([^;:"]+)\1/i.exec(f.params)?.[2];
  const off = tzid ? zoneOffsetMinutes(tzid, Date.UTC(+y!, +mo! - 1, +d!, +hh!, +mi!)) : undefined;
  if (off === undefined) return local;
  const sign = off < 0 ? "-" : "+";
  const a = Math.abs(off);
  return `${local}${sign}${String(Math.floor(a / 60)).padStart(2, "0")}:${String(a % 60).padStart(2, "0")}`;
}

/** The UTC offset of an IANA zone at an instant, via Intl (works in Workers, Node and browsers). */
function zoneOffsetMinutes(zone: string, utcGuess: number): number | undefined {
  try {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }).formatToParts(utcGuess);
    const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
    const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
    return Math.round((asUtc - utcGuess) / 60_000);
  } catch {
    return undefined;
  }
}
