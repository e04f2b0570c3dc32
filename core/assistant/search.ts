import type { Suggestion } from "../protocol/local-api.ts";

/** Lower-cased words of a query, quotes and punctuation dropped. */
export function queryTerms(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}@._-]+/u)
    .filter((t) => t.length > 1);
}

/**
 * True when every term appears in the suggestion's sender, subject, snippet, why or entities.
 *
 * @example matchesQuery(s, "invoice acme") // true when both words occur
 */
export function matchesQuery(s: Suggestion, q: string): boolean {
  const hay = [
    s.from,
    s.subject,
    s.snippet,
    ...s.why,
    ...s.entities.map((e) => e.text),
    s.cohort,
    s.bucket ?? "",
  ]
    .join(" ")
    .toLowerCase();
  return queryTerms(q).every((t) => hay.includes(t));
}
