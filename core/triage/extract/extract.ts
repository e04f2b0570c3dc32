import type { Preprocessed } from "../preprocess/preprocess.ts";
import { extractCodes } from "./codes.ts";
import { extractDates } from "./dates.ts";
import { extractInvites } from "./ics.ts";
import { extractMoney } from "./money.ts";
import { extractPeople } from "./people.ts";
import type { Entity } from "./types.ts";

export type { Entity } from "./types.ts";

/**
 * All deterministic entities of one preprocessed item (visible text only: hidden content was
 * removed before). Relative dates resolve against the message date and zone, else `now` in UTC.
 *
 * @example
 * extractEntities(p, { now: Date.now() }).filter((e) => e.kind === "datetime")
 */
export function extractEntities(p: Preprocessed, opts: { now: number }): Entity[] {
  const text = `${p.subject}\n${p.body}`.slice(0, 50_000);
  const ref = p.date ?? opts.now;
  const urls: Entity[] = p.links
    .slice(0, 20)
    .map((url) => ({ kind: "url", text: url, url, host: hostOf(url) }));
  // concat rather than spreads: the lists come as empty and filled arrays (two shapes), and
  // the iterators of a spread made V8 recompile this function when one showed up late.
  return extractInvites(p.calendars).concat(
    extractDates(text, ref, p.zoneOffsetMinutes ?? 0),
    extractMoney(text),
    extractCodes(text),
    urls,
    extractPeople(p),
  );
}

/** The device protocol's flat shape ({ kind, text, value }) for each typed entity. */
export function toExtractedEntities(entities: Entity[]): { kind: string; text: string; value?: string }[] {
  return entities.map((e): { kind: string; text: string; value?: string } => {
    const text = e.text.slice(0, 500);
    switch (e.kind) {
      case "datetime":
        return { kind: e.kind, text, value: e.start };
      case "money":
        return { kind: e.kind, text, value: `${e.amount} ${e.currency}` };
      case "url":
        return { kind: e.kind, text, value: e.host };
      case "person":
        return { kind: e.kind, text, value: e.email ?? e.name };
      case "organization":
        return { kind: e.kind, text, value: e.name };
      case "otp":
        return { kind: e.kind, text, value: e.code };
      case "tracking":
        return { kind: e.kind, text, value: `${e.carrier} ${e.number}` };
      default:
        return { kind: e.kind, text, ...(e.start ? { value: e.start } : {}) };
    }
  });
}

function hostOf(url: string): string {
  return /^https?:\/\/([^/:?#\s]+)/i.exec(url)?.[1]?.toLowerCase() ?? "";
}
