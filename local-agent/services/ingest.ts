import { senderAddress } from "@scouts/core/assistant/sender";
import { decideSuggestion, mailFacts, suggestionRecord } from "@scouts/core/device/suggestion-from-proposal";
import type { Suggestion, SuggestionSource } from "@scouts/core/protocol/local-api";
import type { AgentCtx } from "./context.ts";
import { readerFor } from "./reader.ts";
import { holdSuggestion, routeThroughScreener } from "./screener.ts";

/** What any scout hands the device: a cloud proposal frame or a local scout's item. */
export interface IncomingItem {
  id: string;
  scoutId: string;
  source: SuggestionSource;
  sourceMsgRef: string;
  threadRef: string | null;
  from: string;
  subject: string;
  snippet: string;
  date: number | null;
  verdict: Suggestion["verdict"];
  confidence: number;
  reason: string;
  headers?: Record<string, string[]>;
  raw?: string;
  /** From the proposal frame, in memory: recipients and Gmail labels for stage 2. */
  to?: string;
  cc?: string;
  labels?: string[];
  hasAttachment?: boolean;
  /** The mailbox's read state when the source is not Gmail (IMAP `\Seen`, JMAP `$seen`). */
  unread?: boolean;
  /** The watched mailbox's own address (a Gmail scout's account): one of the person's addresses. */
  mailbox?: string;
  /**
   * Whether the person ever wrote to the sender, as the cloud looked it up in the Gmail account's
   * sent mail for this proposal (in memory on the frame). Absent: not known.
   */
  senderWroteTo?: boolean;
  /** The person brought this message back themselves ("not spam"): the Screener does not hold it. */
  skipScreener?: boolean;
}

/** Mail, where a sender can be new; files and Slack are not screened. */
const SCREENED_SOURCES = new Set<SuggestionSource>(["gmail", "demo", "local_mail", "imap", "jmap"]);

function flatHeaders(h: Record<string, string[]> | undefined): Record<string, string> | undefined {
  if (!h) return undefined;
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v.join(", ")]));
}

/**
 * Stores an item as a suggestion (dedupe by id), runs stage 2 when the model is there, picks the
 * cohort by rules, and applies the person's corrections for this sender. Returns null for a duplicate
 * and for mail the Screener holds (a first-time sender waiting for the person's yes or no).
 *
 * @example const s = await ingestItem({ ctx, input: frameToItem(frame) })
 */
export async function ingestItem(args: { ctx: AgentCtx; input: IncomingItem }): Promise<Suggestion | null> {
  const { ctx, input } = args;
  const st = ctx.stores;
  if (await st.suggestions.get(input.id)) return null;
  const now = ctx.clock.now();
  const sender = senderAddress(input.from || "unknown");
  const knownSender = await st.senders.seen(sender, now);
  const [settings, policies] = [await st.settings.settings(), await st.settings.policies()];

  const corrections = await st.senders.corrections(sender);
  const personal = ctx.stage2 ? await st.personal.load() : undefined;
  if (input.mailbox) await st.contacts.addOwn(input.mailbox, `scout:${input.scoutId}`);
  // What the device learned from the person's sent mail: their addresses, whom they wrote to.
  // The cloud's Gmail sent-mail lookup fills in only where the device knows nothing of the sender.
  const known = await readerFor(ctx, input.from, { wroteTo: input.senderWroteTo });
  const s2 = ctx.stage2
    ? await ctx.stage2
        .classify(
          {
            from: input.from,
            subject: input.subject,
            snippet: input.snippet,
            raw: input.raw,
            date: input.date ?? undefined,
            ...(input.to !== undefined ? { to: input.to } : {}),
            ...(input.cc !== undefined ? { cc: input.cc } : {}),
            ...(input.labels ? { labels: input.labels } : {}),
            // The device's own knowledge of this sender; it never leaves the device.
            reader: {
              addresses: known?.addresses ?? [],
              sender: {
                corrected: corrections.length > 0,
                ...(known ? { wroteTo: known.wroteTo, repliedTo: known.repliedTo } : {}),
              },
            },
          },
          personal,
        )
        .catch((e: unknown) => {
          ctx.logger.log("warn", "stage2.failed", {
            proposalId: input.id,
            error: e instanceof Error ? e.name : "error",
          });
          return null;
        })
    : null;

  const decided = decideSuggestion({
    input: {
      from: input.from,
      sender,
      subject: input.subject,
      headers: flatHeaders(input.headers),
      // Someone the person wrote to is no first contact, even before their first mail arrives.
      knownSender: knownSender || known?.wroteTo === true,
      s2,
      corrections,
      settings,
      policies,
    },
  });
  const facts = { ...mailFacts(input), ...(input.unread !== undefined ? { unread: input.unread } : {}) };
  const suggestion = suggestionRecord({
    input: { ...input, receivedAt: input.date ?? now, storedAt: now, s2, decided, facts },
  });
  const screener =
    SCREENED_SOURCES.has(input.source) && !input.skipScreener
      ? await routeThroughScreener({
          ctx,
          input: {
            accountId: input.scoutId,
            sender,
            from: input.from,
            vipSenders: settings.vipSenders,
            wroteTo: known?.wroteTo === true,
          },
        })
      : "pass";
  const inserted = await st.suggestions.insertIfAbsent(suggestion, sender, input.headers ?? null);
  if (!inserted) return null;
  if (screener !== "pass") {
    // Waits in the Screener (or the person said no): out of the list, alerts and the assistant.
    await holdSuggestion(ctx, { suggestionId: suggestion.id, accountId: input.scoutId, sender });
    return null;
  }
  ctx.bus.emit({ type: "suggestion.created", suggestion });
  return suggestion;
}
