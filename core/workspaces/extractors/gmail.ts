import type { HarvestedWorkspace, MentionExtractor } from "../types.ts";
import { deriveWorkspaceKey } from "../workspace-key.ts";

export type EmailHeaders = Array<{ name: string; value: string }> | Record<string, string | undefined>;

function headerValue(headers: EmailHeaders, name: string): string | undefined {
  const lower = name.toLowerCase();
  if (Array.isArray(headers)) return headers.find((h) => h.name.toLowerCase() === lower)?.value;
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

/**
 * The Gmail MentionExtractor: a mailing list from `List-Id` (RFC 2919), e.g.
 * `List-Id: "Team Announce" <announce.example.com>` → `gmail://list/announce.example.com`. Only
 * the id part is kept: the phrase is free text any sender writes, and nothing a sender writes is
 * stored in the cloud (the directory shows the list id). Other headers are never read.
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
  return [{ workspaceKey, kind: "list", metadata: {} } satisfies HarvestedWorkspace];
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
