import type { SuggestionSource } from "@scouts/core/protocol/local-api";
import type { Stage1Verdict } from "@scouts/core/triage/stage1-contract";
import PostalMime from "postal-mime";
import type { AgentCtx } from "./context.ts";
import { keptHeaders } from "./headers.ts";
import { ingestItem } from "./ingest.ts";

/**
 * A raw message the device read itself (local mailbox, IMAP, JMAP) after stage 1: parsed once for
 * sender, subject, snippet and date, then the same ingest as cloud proposals (stage 2, cohorts,
 * corrections). Returns the new suggestion (null when it existed already) and whether the MIME
 * parsed (an unparseable message is still kept, with what could be read).
 */
export async function ingestRawMail(args: {
  ctx: AgentCtx;
  input: {
    id: string;
    scoutId: string;
    source: SuggestionSource;
    /** When null: the parsed Message-ID, else `fallbackRef` (default: the id). */
    sourceMsgRef: string | null;
    fallbackRef?: string;
    raw: string;
    verdict: Pick<Stage1Verdict, "verdict" | "confidence" | "reason">;
    /** The mailbox's read state, when the source keeps one (IMAP `\Seen`, JMAP `$seen`). */
    unread?: boolean;
  };
}) {
  const { ctx, input } = args;
  let parsed: Awaited<ReturnType<typeof PostalMime.parse>> | null = null;
  try {
    parsed = await PostalMime.parse(input.raw);
  } catch {}
  const from = parsed?.from
    ? `${parsed.from.name ? `${parsed.from.name} ` : ""}<${parsed.from.address ?? ""}>`.trim()
    : "(unknown sender)";
  const text = (parsed?.text ?? "").replace(/\s+/g, " ").trim();
  const date = parsed?.date ? Date.parse(parsed.date) : Number.NaN;
  const suggestion = await ingestItem({
    ctx,
    input: {
      id: input.id,
      scoutId: input.scoutId,
      source: input.source,
      sourceMsgRef: input.sourceMsgRef ?? parsed?.messageId ?? input.fallbackRef ?? input.id,
      threadRef: parsed?.inReplyTo ?? null,
      from,
      subject: parsed?.subject ?? "(no subject)",
      snippet: text.slice(0, 240),
      date: Number.isFinite(date) ? date : null,
      verdict: input.verdict.verdict,
      confidence: input.verdict.confidence,
      reason: input.verdict.reason,
      headers: keptHeaders(input.raw),
      raw: input.raw,
      ...(parsed ? { to: addressList([...(parsed.to ?? []), ...(parsed.cc ?? [])]) } : {}),
      ...(input.unread !== undefined ? { unread: input.unread } : {}),
      ...(parsed ? { hasAttachment: parsed.attachments.some((a) => a.disposition !== "inline") } : {}),
    },
  });
  return { suggestion, parsed: parsed !== null };
}

type Addresses = NonNullable<Awaited<ReturnType<typeof PostalMime.parse>>["to"]>;

/** `Ann <ann@x.org>, bob@y.org` from parsed recipients (groups flattened). */
function addressList(list: Addresses): string {
  return list
    .flatMap((a) => ("group" in a && a.group ? a.group : [a]))
    .map((a) => (a.name ? `${a.name} <${a.address ?? ""}>` : (a.address ?? "")))
    .filter(Boolean)
    .join(", ");
}
