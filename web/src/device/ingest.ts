import { matchCohort } from "@scouts/core/assistant/cohorts";
import { correctionsOverride } from "@scouts/core/assistant/corrections";
import { defaultPolicies } from "@scouts/core/assistant/policies";
import { senderAddress } from "@scouts/core/assistant/sender";
import type { ScoutProposalFrame } from "@scouts/core/protocol/frames";
import { Cohort, type Policies, type Settings, type Suggestion } from "@scouts/core/protocol/local-api";
import type { DeviceStage2Result, Stage2Port } from "./model-api.ts";
import { defaultDeviceSettings } from "./settings.ts";
import type { DeviceStore } from "./store-types.ts";

/**
 * Turns a hub `scout_proposal` into a stored suggestion: dedupe by proposalId, stage 2 through the
 * model worker, cohort by rules (plus stage-2 hints), the person's corrections for this sender.
 * Returns null for a duplicate (the hub redelivers un-acked proposals). A stage-2 failure leaves the
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
  if (await store.getSuggestion(f.proposalId)) return null;
  const at = now();
  const from = f.from ?? "";
  const subject = f.subject ?? "";
  const snippet = f.snippet ?? "";
  const address = senderAddress(from || "unknown");
  const known = await store.sender(address);
  const settings = (await store.kvGet<Settings>("settings")) ?? defaultDeviceSettings;
  const policies = (await store.kvGet<Policies>("policies")) ?? defaultPolicies;

  let s2: DeviceStage2Result | null = null;
  if (stage2 && (from || subject || snippet)) {
    s2 = await stage2.classify({ from, subject, snippet, date: f.date }).catch(() => null);
  }
  const matched = matchCohort({
    input: { from, subject, knownSender: known !== undefined, contentCategory: s2?.category },
    settings: { vipSenders: settings.vipSenders, orgDomains: settings.orgDomains, rules: policies.rules },
  });
  let cohort = matched.cohort;
  const hint = s2?.cohortHints.find((h) => Cohort.safeParse(h).success);
  if (cohort === "default" && hint) cohort = hint as Suggestion["cohort"];
  const why = s2 ? [...s2.why] : [];
  let bucket = s2?.bucket ?? null;
  const override = correctionsOverride(known?.corrections ?? []);
  if (override.bucket) {
    bucket = override.bucket;
    why.unshift(`you moved mail from ${address} to ${override.bucket.replace("_", " ")}`);
  }
  if (override.cohort) cohort = override.cohort;
  if (why.length === 0 || cohort !== "default") why.push(matched.why);

  const suggestion: Suggestion = {
    id: f.proposalId,
    scoutId: f.scoutId,
    source: f.source,
    sourceMsgRef: f.sourceMsgRef,
    threadRef: f.threadRef,
    from,
    subject,
    snippet,
    receivedAt: f.date ?? f.createdAt,
    storedAt: at,
    status: "new",
    category: s2 ? s2.category : "unprocessed",
    bucket,
    speechAct: s2?.speechAct ?? null,
    contentCategory: s2?.category ?? null,
    priority: s2?.priority ?? null,
    why,
    cohort,
    entities: s2?.entities ?? [],
    verdict: f.verdict,
    confidence: s2?.confidence ?? f.confidence,
    reason: f.reason,
    corrected: override.bucket !== undefined || override.cohort !== undefined,
    snoozedUntil: null,
    labels: [],
    convertedTo: null,
    decidedAt: null,
    draftId: null,
  };
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
