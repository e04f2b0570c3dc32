import { plainAddress } from "../../assistant/sender.ts";
import { CoreError } from "../../errors.ts";
import type { GmailClient } from "./client.ts";

/**
 * The `q` of a `users.messages.list` that finds mail the person sent to `address`, or null when
 * `address` is not a plain address (anything a query could read as an operator). The address
 * check is the project's one (`plainAddress`: no quotes, whitespace, parentheses, colons or
 * backslashes), on an address already in that plain ASCII form, and without `{` `}` (Gmail's OR
 * grouping): a From header cannot add operators (`OR`, `in:anywhere`, `-`, `{…}`) to the search.
 *
 * @example sentSearchQuery("Ann@Example.org") // 'in:sent to:"ann@example.org"'
 */
export function sentSearchQuery(address: string): string | null {
  const plain = plainAddress(address);
  if (plain === null || plain !== address.toLowerCase() || /[{}]/.test(plain)) return null;
  return `in:sent to:"${plain}"`;
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
