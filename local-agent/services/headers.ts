const kept = new Set([
  "list-unsubscribe",
  "list-unsubscribe-post",
  "dkim-signature",
  "authentication-results",
  "list-id",
  "precedence",
]);

/**
 * The few headers the device keeps with a suggestion (unsubscribe and cohort rules), unfolded.
 *
 * @example keptHeaders("List-Id: <x.example>\r\n\r\nbody") // { "list-id": ["<x.example>"] }
 */
export function keptHeaders(raw: string): Record<string, string[]> {
  const head = (raw.split(/\r?\n\r?\n/, 1)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
  const out: Record<string, string[]> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    if (kept.has(name)) out[name] = [...(out[name] ?? []), line.slice(i + 1).trim()];
  }
  return out;
}
