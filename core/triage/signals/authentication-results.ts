/** One method's verdict in an Authentication-Results header (RFC 8601), e.g. `dkim=pass header.d=x.com`. */
export interface AuthResult {
  method: string;
  result: string;
  /** Property → value, names lower-cased (`header.d`, `smtp.mailfrom`, `header.from`, …). */
  props: Map<string, string>;
}

export interface AuthenticationResults {
  /** The server that stamped the header, lower-cased. */
  authservId: string;
  results: AuthResult[];
}

/**
 * Parses one Authentication-Results value. Comments in parentheses are dropped; a value with no
 * authserv-id gives `undefined`.
 *
 * @example
 * parseAuthenticationResults("mx.google.com; dkim=pass header.d=github.com; spf=pass")
 * // { authservId: "mx.google.com", results: [{ method: "dkim", result: "pass", … }, …] }
 */
export function parseAuthenticationResults(value: string): AuthenticationResults | undefined {
  const text = stripComments(value.slice(0, 8000));
  const parts = text.split(";").map((s) => s.trim());
  const authservId = (parts[0] ?? "").split(/\s+/)[0]?.toLowerCase() ?? "";
  if (!authservId || authservId.includes("=")) return undefined;
  const results: AuthResult[] = [];
  for (const part of parts.slice(1)) {
    const tokens = part.split(/\s+/).filter(Boolean);
    const head = /^([a-z0-9_-]+)=([a-z0-9_-]+)$/i.exec(tokens[0] ?? "");
    if (!head) continue;
    const props = new Map<string, string>();
    for (const t of tokens.slice(1)) {
      const eq = t.indexOf("=");
      if (eq > 0)
        props.set(
          t.slice(0, eq).toLowerCase(),
          t
            .slice(eq + 1)
            .replace(/^"|"$/g, "")
            .toLowerCase(),
        );
    }
    results.push({ method: head[1]!.toLowerCase(), result: head[2]!.toLowerCase(), props });
  }
  return { authservId, results };
}

/**
 * The receiving server's own verdicts: only the top-most Authentication-Results header counts
 * (each hop prepends its own; anything below was written before our server and can be forged by
 * the sender), and only when its authserv-id is the one configured for this mailbox. Without a
 * configured id the top-most header is taken as the receiving server's.
 */
export function receivingServerResults(
  topMost: string | undefined,
  authservId: string | undefined,
): AuthenticationResults | undefined {
  if (!topMost) return undefined;
  const parsed = parseAuthenticationResults(topMost);
  if (!parsed) return undefined;
  if (authservId && parsed.authservId !== authservId.toLowerCase()) return undefined;
  return parsed;
}

function stripComments(s: string): string {
  let out = "";
  let depth = 0;
  for (const ch of s) {
    if (ch === "(") depth++;
    else if (ch === ")" && depth > 0) depth--;
    else if (depth === 0) out += ch;
  }
  return out;
}
