import { senderAddress } from "@scouts/core/assistant/sender";
import { decideSuggestion, mailFacts, suggestionRecord } from "@scouts/core/device/suggestion-from-proposal";
import type { ScoutProposalFrame } from "@scouts/core/protocol/frames";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import { readPolicies } from "./actions.ts";
import type { DeviceStage2Result, Stage2Port } from "./model-api.ts";
import { screenedState } from "./screened.ts";
import { holdSuggestion, isHeld, routeThroughScreener } from "./screener.ts";
import { readSettings } from "./settings.ts";
import type { DeviceStore } from "./store-types.ts";

/** Mail, where a sender can be new; Slack is not screened. */
const SCREENED_SOURCES = new Set(["gmail", "demo"]);

/**
 * Turns a hub `scout_proposal` into a stored suggestion: dedupe by proposalId, stage 2 through the
 * model worker, cohort by rules (plus stage-2 hints), the person's corrections for this sender.
 * Returns null for a duplicate (the hub redelivers un-acked proposals), for mail the Screener holds
 * (a first-time sender waiting for the person's yes or no) and for one screened again before it
 * arrived. One brought back by "not spam" skips the Screener. A stage-2 failure leaves the
 * suggestion "unprocessed" rather than losing it.
 *
 * @example const s = await ingestProposal({ ctx: { store, stage2, now: Date.now }, input: frame });
 */
export async function ingestProposal(args: {
  ctx: { store: DeviceStore; stage2: Stage2Port | null; now: () => number };
  input: ScoutProposalFrame;
}): Promise<Suggestion | null> {
  const { store, stage2, now } = args.ctx;
  const f = args.input;
  if ((await store.getSuggestion(f.proposalId)) || (await isHeld(store, f.proposalId))) return null;
  const screened = await screenedState(store, f.proposalId);
  if (screened === "screened") return null;
  const at = now();
  const from = f.from ?? "";
  const subject = f.subject ?? "";
  const snippet = f.snippet ?? "";
  const address = senderAddress(from || "unknown");
  const known = await store.sender(address);
  const settings = await readSettings(store);
  const policies = await readPolicies(store);

  let s2: DeviceStage2Result | null = null;
  if (stage2 && (from || subject || snippet)) {
    s2 = await stage2
      .classify({
        from,
        subject,
        snippet,
        date: f.date,
        // Recipients, Gmail's labels and the watched mailbox ride the frame in memory: stage 2 was
        // trained with them ("you are in To", CATEGORY_PROMOTIONS, …).
        ...(f.to !== undefined ? { to: f.to } : {}),
        ...(f.cc !== undefined ? { cc: f.cc } : {}),
        ...(f.labels ? { labels: f.labels } : {}),
        // Whether the person ever wrote to the sender, from the cloud's transient look at the
        // account's sent mail (a browser has no contacts of its own). Stage 2 was trained with
        // contacts holding only people written to, so a stranger is no entry, as "not known" is.
        ...(f.mailbox
          ? {
              reader: {
                addresses: [f.mailbox],
                ...(f.reader?.wroteTo === true ? { sender: { wroteTo: true } } : {}),
              },
            }
          : {}),
      })
      .catch(() => null);
  }
  const decided = decideSuggestion({
    input: {
      from,
      sender: address,
      subject,
      // Someone the person wrote to (the cloud's sent-mail lookup) is no first contact.
      knownSender: known !== undefined || f.reader?.wroteTo === true,
      s2,
      corrections: known?.corrections ?? [],
      settings,
      policies,
    },
  });
  const suggestion: Suggestion = {
    ...suggestionRecord({
      input: {
        id: f.proposalId,
        scoutId: f.scoutId,
        source: f.source,
        sourceMsgRef: f.sourceMsgRef,
        threadRef: f.threadRef,
        from,
        subject,
        snippet,
        verdict: f.verdict,
        confidence: f.confidence,
        reason: f.reason,
        receivedAt: f.date ?? f.createdAt,
        storedAt: at,
        s2,
        decided,
        facts: mailFacts(f),
      },
    }),
    draftId: null,
  };
  const route =
    SCREENED_SOURCES.has(f.source) && screened !== "restored"
      ? await routeThroughScreener(store, {
          accountId: f.scoutId,
          sender: address,
          from,
          vipSenders: settings.vipSenders,
          wroteTo: f.reader?.wroteTo === true,
        })
      : "pass";
  if (route !== "pass") {
    // Waits in the Screener (or the person said no): out of the list, alerts and the assistant.
    await holdSuggestion(store, suggestion, { accountId: f.scoutId, sender: address, at });
    if (!known) await store.putSender({ address, firstSeenAt: at, corrections: [] });
    return null;
  }
  if (!(await store.insertSuggestion(suggestion))) return null;
  if (!known) await store.putSender({ address, firstSeenAt: at, corrections: [] });
  return suggestion;
}

/**
 * Runs stage 2 again on suggestions that were stored unprocessed (the model failed to load, or
 * the browser closed mid-burst), keeping everything the person already did to them.
 *
 * @example await reclassifyUnprocessed({ ctx: { store, stage2 } }) // ids updated
 */
export async function reclassifyUnprocessed(args: {
  ctx: { store: DeviceStore; stage2: Stage2Port };
}): Promise<Suggestion[]> {
  const { store, stage2 } = args.ctx;
  const updated: Suggestion[] = [];
  for (const s of await store.allSuggestions()) {
    if (s.category !== "unprocessed" || !(s.from || s.subject || s.snippet)) continue;
    const r = await stage2
      .classify({ from: s.from, subject: s.subject, snippet: s.snippet, date: s.receivedAt })
      .catch(() => null);
    if (!r) continue;
    const next: Suggestion = {
      ...s,
      category: r.category,
      contentCategory: r.category,
      bucket: s.corrected ? s.bucket : r.bucket,
      speechAct: r.speechAct,
      priority: r.priority,
      why: [...r.why, ...s.why],
      entities: r.entities,
      confidence: r.confidence,
    };
    await store.putSuggestion(next);
    updated.push(next);
  }
  return updated;
}
