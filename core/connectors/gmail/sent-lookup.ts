import { CoreError } from "../../errors.ts";
import type { GmailClient } from "./client.ts";

// An addr-spec whose every character is literal inside a quoted Gmail search term: RFC 5322 atext
// without `{` `}` (Gmail's OR grouping), dot-separated; a plain hostname domain. Quotes,
// whitespace, parentheses, colons and backslashes never pass, so a From header cannot add
// operators (`OR`, `in:anywhere`, `-`, `{…}`) to the person's search.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`|~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`|~-]+)*$/;
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/**
 * The `q` of a `users.messages.list` that finds mail the person sent to `address`, or null when
 * `address` is not a plain address (anything a query could read as an operator).
 *
 * @example sentSearchQuery("Ann@Example.org") // 'in:sent to:"ann@example.org"'
 */
export function sentSearchQuery(address: string): string | null {
  if (address.length > 254) return null;
  const at = address.lastIndexOf("@");
  if (at <= 0) return null;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local) || !DOMAIN.test(domain)) return null;
  return `in:sent to:"${address.toLowerCase()}"`;
}

/**
 * Whether the person ever sent mail to `address`: one `users.messages.list` (5 units), at most
 * one result, ids only, one attempt (the caller has a deadline and treats any failure as "not
 * known"; a retry here would only add load to a mailbox that is already refusing).
 */
export async function sentTo(client: GmailClient, address: string): Promise<boolean> {
  const q = sentSearchQuery(address);
  if (q === null) throw new CoreError("bad_input", "not a plain email address");
  const res = await client.json<{ messages?: { id: string }[] }>({
    method: "messages.list",
    path: "/messages",
    query: new URLSearchParams({ q, maxResults: "1" }),
    attempts: 1,
  });
  return Array.isArray(res.messages) && res.messages.length > 0;
}
