import { CoreError } from "../errors.ts";
import { MESSAGE_CAPS, type ReadableMessage, type ThreadEntry } from "../protocol/message.ts";
import { parseEmail } from "../triage/preprocess/parse.ts";

function addressList(a: unknown): string {
  const list = Array.isArray(a) ? a : a ? [a] : [];
  return list
    .flatMap(
      (x: { name?: string; address?: string; group?: { name?: string; address?: string }[] }) =>
        x.group ?? [x],
    )
    .map((x) => (x.name && x.address ? `${x.name} <${x.address}>` : (x.address ?? x.name ?? "")))
    .filter(Boolean)
    .join(", ")
    .slice(0, 10_000);
}

/** The first non-empty line of a snippet or body, for the thread list. */
export function firstLine(text: string): string {
  const line = text.split(/\r?\n/).find((l) => l.trim()) ?? "";
  return line.trim().replace(/\s+/g, " ").slice(0, 200);
}

/**
 * A message for the reading view from the RFC 822 text the cloud or the local mailbox read on
 * demand (postal-mime under the triage parse caps). The HTML is not sanitised here: the renderer
 * does it. Thread entries are the other messages of the thread, this one left out.
 *
 * @example await readableMessage({ input: { raw, date: Date.now(), thread: [] } }) // { subject, html, text, ... }
 */
export async function readableMessage({
  input,
}: {
  input: { raw: string; date: number; id?: string; thread?: ThreadEntry[] };
}): Promise<ReadableMessage> {
  const parsed = await parseEmail(input.raw);
  if (!parsed.ok) throw new CoreError("bad_input", `the message could not be read (${parsed.reason})`);
  const { email, headers } = parsed.value;
  const html = email.html ?? null;
  const text = email.text ?? null;
  const date = email.date ? Date.parse(email.date) : Number.NaN;
  return {
    from: addressList(email.from).slice(0, 1000),
    to: addressList(email.to),
    cc: addressList(email.cc),
    subject: (email.subject ?? "").slice(0, 2000),
    date: Number.isFinite(date) ? date : input.date,
    html: html === null ? null : html.slice(0, MESSAGE_CAPS.html),
    text: text === null ? null : text.slice(0, MESSAGE_CAPS.text),
    attachments: email.attachments.slice(0, MESSAGE_CAPS.attachments).map((a) => ({
      filename: (a.filename ?? "").slice(0, 500),
      mimeType: (a.mimeType ?? "").slice(0, 200),
      size: sizeOf(a.content),
    })),
    truncated:
      headers.has("x-scouts-truncated") ||
      (html?.length ?? 0) > MESSAGE_CAPS.html ||
      (text?.length ?? 0) > MESSAGE_CAPS.text,
    thread: (input.thread ?? []).filter((t) => t.id !== input.id).slice(0, MESSAGE_CAPS.thread),
  };
}

function sizeOf(content: unknown): number {
  if (typeof content === "string") return content.length;
  if (content instanceof ArrayBuffer) return content.byteLength;
  return 0;
}
