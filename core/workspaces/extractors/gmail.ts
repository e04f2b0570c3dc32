import type { HarvestedWorkspace, MentionExtractor } from "../types.ts";
import { deriveWorkspaceKey } from "../workspace-key.ts";

export type EmailHeaders = Array<{ name: string; value: string }> | Record<string, string | undefined>;

function headerValue(headers: EmailHeaders, name: string): string | undefined {
  const lower = name.toLowerCase();
  if (Array.isArray(headers)) return headers.find((h) => h.name.toLowerCase() === lower)?.value;
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

/** Decodes RFC 2047 encoded-words (`=?UTF-8?Q?…?=` / `?B?`) in a display phrase; leaves the rest. */
function decodeWords(text: string): string {
  return text.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
    (whole, charset: string, enc: string, data: string) => {
      try {
        const bytes =
          enc.toUpperCase() === "B"
            ? Uint8Array.from(atob(data), (c) => c.charCodeAt(0))
            : Uint8Array.from(
                data
                  .replace(/_/g, " ")
                  .replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) =>
                    String.fromCharCode(Number.parseInt(h, 16)),
                  ),
                (c) => c.charCodeAt(0),
              );
        return new TextDecoder(charset.toLowerCase()).decode(bytes);
      } catch {
        return whole;
      }
    },
  );
}

/**
 * The Gmail MentionExtractor: a mailing list from `List-Id` (RFC 2919), e.g.
 * `List-Id: "Team Announce" <announce.example.com>` → `gmail://list/announce.example.com` named
 * "Team Announce". Other headers (From, To, Subject) are never read.
 * @example extractEmailWorkspaces({ "List-Id": "Announce <announce.example.com>" })
 */
export const extractEmailWorkspaces: MentionExtractor<EmailHeaders> = (headers) => {
  const raw = headerValue(headers, "List-Id")
    ?.replace(/\r?\n[ \t]+/g, " ")
    .trim();
  if (!raw || raw.length > 500) return [];
  const m = /^(.*?)<([^<>]+)>\s*$/.exec(raw);
  const id = (m ? m[2]! : raw).trim();
  let workspaceKey: string;
  try {
    workspaceKey = deriveWorkspaceKey({ input: { scheme: "gmail", kind: "list", id } });
  } catch {
    return [];
  }
  const phrase = m
    ? decodeWords(m[1]!.trim())
        .replace(/^"(.*)"$/, "$1")
        .trim()
    : "";
  const out: HarvestedWorkspace = { workspaceKey, kind: "list", metadata: {} };
  if (phrase) out.displayName = phrase.slice(0, 200);
  return [out];
};

/** The header block of a raw RFC 822 message, unfolded (no body is read). */
export function headersOfRawEmail(raw: string): Array<{ name: string; value: string }> {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end === -1 ? raw : raw.slice(0, end)).slice(0, 64 * 1024);
  const out: Array<{ name: string; value: string }> = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && out.length) out[out.length - 1]!.value += ` ${line.trim()}`;
    else {
      const i = line.indexOf(":");
      if (i > 0) out.push({ name: line.slice(0, i).trim(), value: line.slice(i + 1).trim() });
    }
  }
  return out;
}
