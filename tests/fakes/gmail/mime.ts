/** Just enough RFC 822 parsing for the fake to answer format=metadata and snippets. */

export function splitMessage(raw: string): { headers: Array<{ name: string; value: string }>; body: string } {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers: Array<{ name: string; value: string }> = [];
  for (const line of head.split("\n")) {
    if (/^[ \t]/.test(line) && headers.length) {
      headers[headers.length - 1]!.value += ` ${line.trim()}`;
    } else {
      const colon = line.indexOf(":");
      if (colon > 0) headers.push({ name: line.slice(0, colon), value: line.slice(colon + 1).trim() });
    }
  }
  return { headers, body };
}

export function snippetOf(body: string): string {
  return body
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
}

export function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Decodes base64url (padded or not) to UTF-8 text; null when it is not base64url. */
export function fromBase64url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*=*$/.test(text)) return null;
  const b64 = text.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  try {
    const bin = atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, "="));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/**
 * Builds a small RFC 822 message for tests.
 * @example rfc822({ from: "a@x.test", to: "me@x.test", subject: "Hi", body: "Hello" })
 */
export function rfc822(m: {
  from: string;
  to?: string;
  subject: string;
  body: string;
  headers?: Record<string, string>;
}): string {
  const extra = Object.entries(m.headers ?? {}).map(([k, v]) => `${k}: ${v}\r\n`);
  return (
    `From: ${m.from}\r\nTo: ${m.to ?? "me@example.com"}\r\nSubject: ${m.subject}\r\n` +
    `Date: Sun, 22 Nov 2026 04:00:00 +0000\r\nMessage-ID: <${Math.random().toString(36).slice(2)}@fake.test>\r\n` +
    `${extra.join("")}MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n${m.body}\r\n`
  );
}
