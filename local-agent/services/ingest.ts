import { matchCohort } from "@scouts/core/assistant/cohorts";
import { correctionsOverride } from "@scouts/core/assistant/corrections";
import { senderAddress } from "@scouts/core/assistant/sender";
import { Cohort, type Suggestion, type SuggestionSource } from "@scouts/core/protocol/local-api";
import type { AgentCtx } from "./context.ts";

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
}

function flatHeaders(h: Record<string, string[]> | undefined): Record<string, string> | undefined {
  if (!h) return undefined;
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v.join(", ")]));
}

/**
 * Stores an item as a suggestion (dedupe by id), runs stage 2 when the model is there, picks the
 * cohort by rules, and applies the person's corrections for this sender. Returns null for a duplicate.
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

  const s2 = ctx.stage2
    ? await ctx.stage2
        .classify({
          from: input.from,
          subject: input.subject,
          snippet: input.snippet,
          raw: input.raw,
          date: input.date ?? undefined,
        })
        .catch((e: unknown) => {
          ctx.logger.log("warn", "stage2.failed", {
            proposalId: input.id,
            error: e instanceof Error ? e.name : "error",
          });
          return null;
        })
    : null;

  const matched = matchCohort({
    input: {
      from: input.from,
      subject: input.subject,
      headers: flatHeaders(input.headers),
      knownSender,
      contentCategory: s2?.category,
    },
    settings: { vipSenders: settings.vipSenders, orgDomains: settings.orgDomains, rules: policies.rules },
  });
  let cohort = matched.cohort;
  const hint = s2?.cohortHints.find((h) => Cohort.safeParse(h).success);
  if (cohort === "default" && hint) cohort = hint as Suggestion["cohort"];
  const why = s2 ? [...s2.why] : [];
  let bucket = s2?.bucket ?? null;
  const override = correctionsOverride(await st.senders.corrections(sender));
  if (override.bucket) {
    bucket = override.bucket;
    why.unshift(`you moved mail from ${sender} to ${override.bucket.replace("_", " ")}`);
  }
  if (override.cohort) cohort = override.cohort;
  if (why.length === 0 || cohort !== "default") why.push(matched.why);

  const suggestion: Suggestion = {
    id: input.id,
    scoutId: input.scoutId,
    source: input.source,
    sourceMsgRef: input.sourceMsgRef,
    threadRef: input.threadRef,
    from: input.from,
    subject: input.subject,
    snippet: input.snippet,
    receivedAt: input.date ?? now,
    storedAt: now,
    status: "new",
    category: s2 ? s2.category : "unprocessed",
    bucket,
    speechAct: s2?.speechAct ?? null,
    contentCategory: s2?.category ?? null,
    priority: s2?.priority ?? null,
    why,
    cohort,
    entities: s2?.entities ?? [],
    verdict: input.verdict,
    confidence: s2?.confidence ?? input.confidence,
    reason: input.reason,
    corrected: override.bucket !== undefined || override.cohort !== undefined,
    snoozedUntil: null,
    labels: [],
    convertedTo: null,
    decidedAt: null,
  };
  const inserted = await st.suggestions.insertIfAbsent(suggestion, sender, input.headers ?? null);
  if (!inserted) return null;
  ctx.bus.emit({ type: "suggestion.created", suggestion });
  return suggestion;
}
