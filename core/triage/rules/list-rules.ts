import type { Rule } from "./types.ts";

/** Mailing lists and newsletters announce themselves (RFC 2369, RFC 2919, Precedence). */
export const listRules: Rule = (p) => {
  const hits = [];
  if (p.headers.has("list-unsubscribe"))
    hits.push({ id: "list_unsubscribe", words: "has a List-Unsubscribe header (bulk mail)" } as const);
  if (p.headers.has("list-id"))
    hits.push({ id: "list_id", words: "sent through a mailing list (List-Id)" } as const);
  if (/^\s*(bulk|list|junk)\b/i.test(p.headers.get("precedence") ?? "")) {
    hits.push({ id: "bulk_precedence", words: "marked as bulk mail (Precedence)" } as const);
  }
  return hits;
};
