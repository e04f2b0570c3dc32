import PostalMime, { type Address, type Email } from "postal-mime";
import { installFastJoin } from "./fast-join.ts";
import { installFastLines } from "./fast-lines.ts";
import { MIME_LIMITS, type UnparseableReason } from "./limits.ts";
import { type MimeScan, scanMime } from "./mime-scan.ts";
import { installParseBudget, PARSE_BUDGET, type ParseBudget } from "./parse-budget.ts";

// Same bytes, without Node's slow Blob stream join (see fast-join.ts) or a JS loop per byte
// to find line ends (fast-lines.ts).
installFastJoin();
installFastLines();
// The part and time caps while parsing, with or without the swaps above (any bundle, workerd too).
installParseBudget();

/** A header field name (printable ASCII but the colon), its colon, or a blank line. */
const HEAD_START = /^(?:[!-9;-~]+[ \t]*:|\r?\n)/;

export interface ParsedEmail {
  email: Email;
  /** Lower-case header name → first value (unfolded). */
  headers: Map<string, string>;
  received: number;
}

export type ParseOutcome = { ok: true; value: ParsedEmail } | { ok: false; reason: UnparseableReason };

/** What a parse looked at, for tests that check hostile input costs bounded work. */
export interface ParseWork {
  scan?: MimeScan;
  /** Whether postal-mime was started (a pre-scan refusal never starts it). */
  parsed: boolean;
  /** Lines and parts postal-mime went through, its inline message/rfc822 parts included. */
  lines: number;
  parts: number;
}

/**
 * Parses raw RFC 5322 with postal-mime under the caps in `MIME_LIMITS`. A leading mbox
 * "From " envelope line is skipped. Never throws. The caps hold before and during parsing:
 * a linear pre-scan (`scanMime`) refuses oversized top-level headers and too many part
 * delimiters before postal-mime starts; postal-mime stops at the nesting depth and total header
 * size, and parse-budget.ts at the part count and the time budget, counting inline
 * message/rfc822 parts too.
 *
 * @example
 * const r = await parseEmail("Subject: hi\r\n\r\nbody");
 * if (r.ok) r.value.email.subject; // "hi"
 */
export async function parseEmail(
  raw: string,
  now: () => number = Date.now,
  work?: ParseWork,
): Promise<ParseOutcome> {
  const started = now();
  if (raw.length > MIME_LIMITS.maxRawLength) return { ok: false, reason: "too_large" };
  let text = raw;
  if (text.startsWith("From ")) {
    const nl = text.indexOf("\n");
    text = nl < 0 ? "" : text.slice(nl + 1);
  }
  if (!text.trim()) return { ok: false, reason: "empty" };
  // A hand-written note with no head (`hey, dinner saturday?`): postal-mime would read its lines
  // as malformed header fields and find no body, so the whole text is read as body.
  if (!HEAD_START.test(text)) text = `\r\n${text}`;
  const scan = scanMime(text, { maxHeaderChars: MIME_LIMITS.maxHeadersSize, maxParts: MIME_LIMITS.maxParts });
  if (work) work.scan = scan;
  if (scan.reason) return { ok: false, reason: scan.reason };
  const budget: ParseBudget = {
    maxParts: MIME_LIMITS.maxParts,
    maxMs: MIME_LIMITS.maxParseMs,
    now,
    started,
    parts: 0,
    lines: 0,
  };
  let email: Email;
  try {
    if (work) work.parsed = true;
    email = await PostalMime.parse(text, {
      maxNestingDepth: MIME_LIMITS.maxNestingDepth,
      maxHeadersSize: MIME_LIMITS.maxHeadersSize,
      maxRfc822NestingDepth: 3,
      attachmentEncoding: "utf8",
      [PARSE_BUDGET]: budget,
    } as Parameters<typeof PostalMime.parse>[1]);
  } catch (e) {
    const msg = e instanceof Error ? e.message : "";
    if (/nesting depth/i.test(msg)) return { ok: false, reason: "too_deep" };
    if (/header size/i.test(msg)) return { ok: false, reason: "headers_too_large" };
    if (/part count/i.test(msg)) return { ok: false, reason: "too_many_parts" };
    if (/time budget/i.test(msg)) return { ok: false, reason: "time_exceeded" };
    return { ok: false, reason: "parse_error" };
  } finally {
    if (work) {
      work.lines = budget.lines;
      work.parts = budget.parts;
    }
  }
  if (now() - started > MIME_LIMITS.maxParseMs) return { ok: false, reason: "time_exceeded" };
  const headers = new Map<string, string>();
  let received = 0;
  for (const h of email.headers.slice(0, 500)) {
    if (h.key === "received") received++;
    if (!headers.has(h.key)) headers.set(h.key, h.value.slice(0, 4000));
  }
  return { ok: true, value: { email, headers, received } };
}

/** The first mailbox of an address field, flattening groups. */
export function firstMailbox(a: Address | Address[] | undefined): { name: string; address: string } {
  const list = Array.isArray(a) ? a : a ? [a] : [];
  for (const x of list) {
    if (x.address !== undefined) return { name: x.name ?? "", address: (x.address ?? "").toLowerCase() };
    if (x.group?.[0])
      return { name: x.group[0].name ?? "", address: (x.group[0].address ?? "").toLowerCase() };
  }
  return { name: "", address: "" };
}

/** All addresses of an address list, lower-cased. */
export function allAddresses(a: Address[] | undefined): string[] {
  const out: string[] = [];
  for (const x of a ?? []) {
    if (x.address !== undefined) out.push(x.address.toLowerCase());
    else for (const g of x.group ?? []) out.push((g.address ?? "").toLowerCase());
  }
  return out;
}
