import { fnv1a } from "./hash.ts";

/**
 * Headers stamped where the mail was collected (relays, the mailbox, its filters). A model that
 * read them would learn which mailbox kept a message, not what the sender wrote.
 */
const COLLECTED = new Set([
  "received",
  "delivered-to",
  "return-path",
  "envelope-to",
  "x-original-to",
  "status",
  "x-status",
  "x-uid",
  "x-keywords",
  "lines",
  "content-length",
  "x-loop",
  "received-spf",
  "authentication-results",
  "x-received",
  "x-google-smtp-source",
  "x-gmail-labels",
  "x-originalarrivaltime",
]);
const COLLECTED_PREFIX =
  /^(?:x-spam|x-virus|x-razor|x-pyzor|x-dcc|x-filtered|x-imap|x-mozilla|x-evolution|arc-|x-ms-exchange|x-forefront|x-microsoft-antispam|x-barracuda|x-proofpoint|x-mimecast|x-antivirus)/;

/** Sender-set headers whose value (reduced to a shape) is a token. */
const VALUED = [
  "x-mailer",
  "user-agent",
  "x-priority",
  "x-msmail-priority",
  "precedence",
  "content-transfer-encoding",
];

/** Whether a header name was stamped at collection, so it never becomes a feature. */
export function collectedHeader(name: string): boolean {
  return COLLECTED.has(name) || COLLECTED_PREFIX.test(name);
}

/** Letters → a, digits → 9, other kept; runs collapsed: "john.smith42" → "a.a9". */
export function shapeOf(s: string): string {
  return s
    .slice(0, 64)
    .replace(/\p{L}+/gu, "a")
    .replace(/\p{N}+/gu, "9");
}

/** A mailer or agent reduced to its leading words and major version: "Microsoft Outlook 16.0.1" → "microsoft outlook 16". */
function mailerOf(v: string): string {
  return v
    .toLowerCase()
    .slice(0, 80)
    .replace(/(\d+)(?:[.\d]*)/g, "$1")
    .replace(/[^a-z0-9 ]+/g, " ")
    .trim()
    .split(/\s+/)
    .slice(0, 3)
    .join(" ");
}

function hostTail(host: string): string {
  return host.toLowerCase().split(".").slice(-2).join(".");
}

/**
 * The header tokens of a raw message, sender-set only: names, reduced values of a few
 * sender headers, the MIME shape, the Message-Id host and the From local part's shape.
 *
 * @example
 * rawHeaderTokens(new Map([["x-mailer", "Foxmail 7.2"]]), "a.b12@x.cn") // ["n:x-mailer", "v:x-mailer=foxmail 7", "i:none", "f:a.a9"]
 */
export function rawHeaderTokens(headers: Map<string, string>, fromAddress: string): string[] {
  const out: string[] = [];
  for (const name of headers.keys()) if (!collectedHeader(name)) out.push(`n:${name}`);
  for (const name of VALUED) {
    const v = headers.get(name);
    if (v !== undefined) out.push(`v:${name}=${mailerOf(v)}`);
  }
  const mime = headers.get("mime-version");
  if (mime !== undefined) out.push(`m:${shapeOf(mime.trim())}`);
  const type = headers.get("content-type");
  if (type !== undefined) {
    out.push(`t:${type.split(";")[0]!.trim().toLowerCase()}`);
    const boundary = /boundary="?([^";]+)/i.exec(type)?.[1];
    if (boundary) out.push(`b:${shapeOf(boundary)}`);
    const charset = /charset="?([^";\s]+)/i.exec(type)?.[1];
    if (charset) out.push(`c:${charset.toLowerCase()}`);
  }
  const messageId = headers.get("message-id");
  if (messageId === undefined) out.push("i:none");
  else {
    const m = /<?([^@<>\s]*)@([^>\s]+)>?/.exec(messageId);
    out.push(m ? `i:${hostTail(m[2]!)}` : "i:malformed");
    if (m) out.push(`l:${shapeOf(m[1]!)}`);
  }
  const at = fromAddress.lastIndexOf("@");
  if (at > 0) out.push(`f:${shapeOf(fromAddress.slice(0, at))}`);
  return out;
}

/**
 * Distinct slots (ascending) of the header tokens in a 2^bits block.
 *
 * @example
 * rawHeaderSlots(headers, from, 12, seed) // Int32Array of indices in [0, 4096)
 */
export function rawHeaderSlots(
  headers: Map<string, string>,
  fromAddress: string,
  bits: number,
  seed: number,
): Int32Array {
  const mask = (1 << bits) - 1;
  const slots = new Set<number>();
  for (const t of rawHeaderTokens(headers, fromAddress)) slots.add(fnv1a(`rh:${t}`, seed) & mask);
  return Int32Array.from([...slots].sort((a, b) => a - b));
}
