import { plainAddress } from "../../assistant/sender.ts";
import type { GmailClient } from "./client.ts";

/** More aliases than any account has in practice: a longer answer is cut, never trusted whole. */
export const MAX_SEND_AS = 100;

/**
 * The person's own addresses besides the watched one: `users.settings.sendAs.list` (1 unit; needs
 * gmail.readonly, gmail.modify, gmail.settings.basic or mail.google.com — Scouts asks for the
 * first two), one attempt. Only the primary address and aliases whose `verificationStatus` is
 * `accepted` count (a pending alias is not yet proven the person's); each must be a plain address
 * (`plainAddress`), lower-cased. Held in memory for one invocation, never stored.
 * @example await sendAsAddresses(client) // ["ann@example.com", "ann@work.example.org"]
 */
export async function sendAsAddresses(client: GmailClient): Promise<string[]> {
  const res = await client.json<{ sendAs?: unknown }>({
    method: "sendAs.list",
    path: "/settings/sendAs",
    attempts: 1,
  });
  const list = Array.isArray(res?.sendAs) ? res.sendAs.slice(0, MAX_SEND_AS) : [];
  const out = new Set<string>();
  for (const entry of list) {
    if (typeof entry !== "object" || entry === null) continue;
    const a = entry as { sendAsEmail?: unknown; isPrimary?: unknown; verificationStatus?: unknown };
    if (typeof a.sendAsEmail !== "string") continue;
    if (a.isPrimary !== true && a.verificationStatus !== "accepted") continue;
    const plain = plainAddress(a.sendAsEmail);
    if (plain) out.add(plain);
  }
  return [...out];
}
