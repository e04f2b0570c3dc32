/**
 * Mail as `npm run -s triage -- some.eml` sees it, for eval and training (issue: no reader context):
 *
 * - `file`: no reader (address, contacts) and no Gmail labels; the message itself unchanged.
 * - `bare`: also no receiving-server stamps (a hand-written or exported .eml): Received, ARC-*,
 *   Authentication-Results, DKIM-Signature, X-Google-* and the like are dropped from the head.
 */
export const DEGRADATIONS = ["file", "bare"] as const;
export type Degradation = (typeof DEGRADATIONS)[number];

/** Header fields a receiving or relaying server adds; a sender's own client writes none of them. */
const STAMP =
  /^(received|x-received|received-spf|authentication-results|arc-[a-z-]+|dkim-signature|x-google-[a-z0-9-]+|x-gm-[a-z0-9-]+|x-gmail-[a-z0-9-]+|return-path|delivered-to|x-original-to|x-forwarded-to|x-forwarded-for|x-ms-exchange-[a-z0-9-]+|x-spam-[a-z0-9-]+)$/i;

/** The message with every transport stamp field (and its folded lines) removed from the head. */
export function stripStamps(raw: string): string {
  const m = /\r?\n\r?\n/.exec(raw);
  const headEnd = m ? m.index : raw.length;
  const nl = raw.includes("\r\n") ? "\r\n" : "\n";
  const lines = raw.slice(0, headEnd).split(/\r?\n/);
  const kept: string[] = [];
  let dropping = false;
  for (const line of lines) {
    if (/^[ \t]/.test(line)) {
      if (!dropping) kept.push(line);
      continue;
    }
    const name = /^([^:\s]+):/.exec(line)?.[1] ?? "";
    dropping = STAMP.test(name);
    if (!dropping) kept.push(line);
  }
  return kept.join(nl) + raw.slice(headEnd);
}

/** What the CLI gets of a message under a degradation: its text, no labels, no reader. */
export function degrade(raw: string, how: Degradation): { text: string; labels: string[] } {
  return { text: how === "bare" ? stripStamps(raw) : raw, labels: [] };
}
