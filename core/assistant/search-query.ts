import { z } from "zod";
import { CoreError } from "../errors.ts";
import { Bucket, type Suggestion } from "../protocol/local-api.ts";
import { CATEGORIES } from "../triage/labels.ts";
import { localClock, zonedTime } from "./brief-schedule.ts";
import { matchesQuery, queryTerms } from "./search.ts";
import { senderAddress } from "./sender.ts";

const DAY = 86_400_000;
export const OPERATORS = [
  "from",
  "to",
  "subject",
  "before",
  "after",
  "has",
  "is",
  "bucket",
  "category",
] as const;

/** A search over the device's copy: operators plus free text, every part must match. */
export const ParsedSearch = z.object({
  text: z.array(z.string().min(1)),
  from: z.array(z.string().min(1)),
  to: z.array(z.string().min(1)),
  subject: z.array(z.string().min(1)),
  /** Epoch ms: received strictly before (the start of the named day, as Gmail reads it). */
  before: z.number().int().nullable(),
  /** Epoch ms: received at or after (the start of the named day). */
  after: z.number().int().nullable(),
  hasAttachment: z.boolean(),
  /** true: only unread; false: only read; null: either. */
  unread: z.boolean().nullable(),
  bucket: Bucket.nullable(),
  category: z.enum([...CATEGORIES, "unprocessed"]).nullable(),
});
export type ParsedSearch = z.infer<typeof ParsedSearch>;

// `op:"quoted value"`, `op:value`, a quoted phrase, or a word.
const token = /(\w+):"([^"]*)"|(\w+):(\S*)|"([^"]*)"|(\S+)/g;

/**
 * Parses `from:ana subject:"q3 plan" after:2026-11-01 has:attachment invoice` for the device's
 * search and Ask. Dates are `YYYY-MM-DD`, `YYYY/MM/DD`, `today` or `yesterday`, read in
 * `timeZone`. Words with a colon that are not operators stay free text ("re: lunch").
 * Throws CoreError("bad_input") naming the operator and the values it takes.
 *
 * @example parseSearch("from:ana is:unread", { now, timeZone: "UTC" }) // { from: ["ana"], unread: true, … }
 */
export function parseSearch(query: string, opts: { now: number; timeZone: string }): ParsedSearch {
  if (query.length > 1000) throw new CoreError("bad_input", "search: at most 1000 characters");
  const out: ParsedSearch = {
    text: [],
    from: [],
    to: [],
    subject: [],
    before: null,
    after: null,
    hasAttachment: false,
    unread: null,
    bucket: null,
    category: null,
  };
  for (const m of query.matchAll(token)) {
    const op = (m[1] ?? m[3])?.toLowerCase();
    const value = (m[2] ?? m[4] ?? "").trim();
    if (op === undefined || !(OPERATORS as readonly string[]).includes(op)) {
      const word = (m[5] ?? m[0]).trim();
      if (word) out.text.push(word);
      continue;
    }
    if (!value) throw new CoreError("bad_input", `search: ${op}: needs a value`);
    apply(out, op as (typeof OPERATORS)[number], value, opts);
  }
  return ParsedSearch.parse(out);
}

function apply(
  out: ParsedSearch,
  op: (typeof OPERATORS)[number],
  value: string,
  opts: { now: number; timeZone: string },
): void {
  const v = value.toLowerCase();
  switch (op) {
    case "from":
    case "to":
    case "subject":
      out[op].push(v);
      return;
    case "before":
    case "after":
      out[op] = dayStart(v, op, opts);
      return;
    case "has":
      if (v !== "attachment") throw new CoreError("bad_input", `search: has:${value} — only has:attachment`);
      out.hasAttachment = true;
      return;
    case "is":
      if (v !== "unread" && v !== "read")
        throw new CoreError("bad_input", `search: is:${value} — is:unread or is:read`);
      out.unread = v === "unread";
      return;
    case "bucket": {
      const b = Bucket.safeParse(v.replace(/[- ]/g, "_"));
      if (!b.success)
        throw new CoreError("bad_input", `search: bucket:${value} — one of ${Bucket.options.join(", ")}`);
      out.bucket = b.data;
      return;
    }
    case "category": {
      const c = ParsedSearch.shape.category.unwrap().safeParse(v);
      if (!c.success)
        throw new CoreError("bad_input", `search: category:${value} — one of ${CATEGORIES.join(", ")}`);
      out.category = c.data;
      return;
    }
  }
}

function dayStart(v: string, op: string, opts: { now: number; timeZone: string }): number {
  const today = localClock(opts.now, opts.timeZone).day;
  if (v === "today") return zonedTime(today, "00:00", opts.timeZone);
  if (v === "yesterday") {
    const y = new Date(Date.parse(`${today}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
    return zonedTime(y, "00:00", opts.timeZone);
  }
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(v);
  const day = m ? `${m[1]}-${m[2]!.padStart(2, "0")}-${m[3]!.padStart(2, "0")}` : null;
  // Round-tripping through Date refuses 2026-02-30 and month 13.
  if (
    !day ||
    Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ||
    new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day
  )
    throw new CoreError("bad_input", `search: ${op}:${v} — a date as YYYY-MM-DD, today or yesterday`);
  return zonedTime(day, "00:00", opts.timeZone);
}

/**
 * True when `s` matches every part of a parsed search: each `from:` in the sender (name or
 * address), each `to:` in the recipients, each `subject:` in the subject, the date bounds, the
 * flags, and every free-text word anywhere (`matchesQuery`).
 *
 * @example suggestions.filter((s) => matchesSearch(s, parseSearch("from:ana", ctx)))
 */
export function matchesSearch(s: Suggestion, q: ParsedSearch): boolean {
  const from = `${s.from.toLowerCase()} ${senderAddress(s.from)}`;
  const to = (s.to ?? "").toLowerCase();
  const subject = s.subject.toLowerCase();
  return (
    q.from.every((f) => from.includes(f)) &&
    q.to.every((t) => to.includes(t)) &&
    q.subject.every((w) => queryTerms(w).every((t) => subject.includes(t))) &&
    (q.before === null || s.receivedAt < q.before) &&
    (q.after === null || s.receivedAt >= q.after) &&
    (!q.hasAttachment || s.hasAttachment === true) &&
    (q.unread === null || s.unread === q.unread) &&
    (q.bucket === null || s.bucket === q.bucket) &&
    (q.category === null || s.category === q.category || s.contentCategory === q.category) &&
    (q.text.length === 0 || matchesQuery(s, q.text.join(" ")))
  );
}

/** `parseSearch` then a filter for it, for the list screens. */
export function searchFilter(query: string, opts: { now: number; timeZone: string }) {
  const q = parseSearch(query, opts);
  return (s: Suggestion) => matchesSearch(s, q);
}
