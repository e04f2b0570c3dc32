import { splitMessage } from "./mime.ts";

/** Gmail's MessagePart as `format=full` returns it. */
export interface FakePart {
  partId: string;
  mimeType: string;
  filename: string;
  headers: Array<{ name: string; value: string }>;
  body: { size: number; data?: string; attachmentId?: string };
  parts?: FakePart[];
}

function param(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const m = new RegExp(`(?:^|;)\\s*${name}\\*?=\\s*(?:"([^"]*)"|([^;\\s]*))`, "i").exec(value);
  return m ? (m[1] ?? m[2]) : undefined;
}

function get(headers: FakePart["headers"], name: string): string | undefined {
  return headers.find((h) => h.name.toLowerCase() === name)?.value;
}

function qpToBytes(text: string): Uint8Array {
  const soft = text.replace(/=\r?\n/g, "");
  const out: number[] = [];
  const enc = new TextEncoder();
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === "=" && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      out.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(...enc.encode(c));
  }
  return Uint8Array.from(out);
}

function bytesToBase64url(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The part's body as Gmail reports it: decoded size, and base64url data unless it is an attachment. */
function leafBody(body: string, cte: string, attachment: boolean, partId: string): FakePart["body"] {
  if (cte === "base64") {
    const b64 = body.replace(/[^A-Za-z0-9+/]/g, "");
    const size = Math.floor((b64.length * 3) / 4);
    if (attachment) return { size, attachmentId: `att-${partId || "0"}` };
    return { size, data: b64.replace(/\+/g, "-").replace(/\//g, "_") };
  }
  const bytes = cte === "quoted-printable" ? qpToBytes(body) : new TextEncoder().encode(body);
  if (attachment) return { size: bytes.length, attachmentId: `att-${partId || "0"}` };
  return { size: bytes.length, data: bytesToBase64url(bytes) };
}

/**
 * Gmail's `format=full` payload for an RFC 822 text: the MIME tree with headers per part, text
 * bodies inline as base64url `data`, and parts with a file name (attachments) as an
 * `attachmentId` and a `size` only (Gmail reference, MessagePartBody).
 */
export function fullPayload(raw: string, partId = ""): FakePart {
  const { headers, body } = splitMessage(raw);
  const contentType = get(headers, "content-type") ?? "text/plain";
  const mimeType = contentType.split(";")[0]!.trim().toLowerCase() || "text/plain";
  const disposition = get(headers, "content-disposition");
  const filename = param(disposition, "filename") ?? param(contentType, "name") ?? "";
  const boundary = param(contentType, "boundary");
  if (mimeType.startsWith("multipart/") && boundary) {
    const parts: FakePart[] = [];
    const open = `--${boundary}`;
    let at = body.indexOf(open);
    while (at >= 0) {
      const start = body.indexOf("\n", at);
      if (start < 0 || body.startsWith(`${open}--`, at)) break;
      const next = body.indexOf(`\n${open}`, start);
      const chunk = body.slice(start + 1, next < 0 ? body.length : next);
      parts.push(fullPayload(chunk, partId ? `${partId}.${parts.length}` : String(parts.length)));
      at = next < 0 ? -1 : next + 1;
    }
    return { partId, mimeType, filename: "", headers, body: { size: 0 }, parts };
  }
  const cte = (get(headers, "content-transfer-encoding") ?? "7bit").trim().toLowerCase();
  const attachment = filename !== "" || /^\s*attachment/i.test(disposition ?? "");
  return { partId, mimeType, filename, headers, body: leafBody(body, cte, attachment, partId) };
}

/** The first inline text part's text (what Gmail's snippet is drawn from). */
export function firstText(part: FakePart): string | undefined {
  if (part.parts) {
    for (const p of part.parts) {
      const t = firstText(p);
      if (t !== undefined) return t;
    }
    return undefined;
  }
  if (!part.mimeType.startsWith("text/") || !part.body.data) return undefined;
  const b64 = part.body.data.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, "="));
  return new TextDecoder().decode(Uint8Array.from(bin.slice(0, 4000), (c) => c.charCodeAt(0)));
}
