import { type ScreenerRoute, screenerRoute } from "@scouts/core/assistant/screener";
import { senderAddress } from "@scouts/core/assistant/sender";
import { CoreError } from "@scouts/core/errors";
import {
  type LocalEvent,
  ScreenerDecisionRequest,
  type ScreenerSender,
  type ScreenerState,
  type Suggestion,
} from "@scouts/core/protocol/local-api";
import { SCREENING_KEYS as K, readMap, updateMap } from "./screening-kv.ts";
import type { DeviceStore } from "./store-types.ts";

/** A message the Screener holds: kept out of the suggestions store until the person says yes. */
interface HeldRow {
  suggestion: Suggestion;
  accountId: string;
  sender: string;
  heldAt: number;
  releasedAt: number | null;
}
interface AnswerRow {
  accountId: string;
  sender: string;
  decision: "yes" | "no";
  decidedAt: number;
}
const keyOf = (accountId: string, sender: string) => `${accountId}\u0000${sender}`;

export interface ScreenerCtx {
  store: DeviceStore;
  now: () => number;
  emit: (e: LocalEvent) => void;
}

export async function screenerEnabled(store: DeviceStore): Promise<boolean> {
  return (await store.kvGet<{ enabled: boolean }>(K.screener))?.enabled === true;
}

/** Held and not let in: its proposal is acked and not stored again. */
export async function isHeld(store: DeviceStore, id: string): Promise<boolean> {
  const row = (await readMap<HeldRow>(store, K.held))[id];
  return row !== undefined && row.releasedAt === null;
}

/**
 * Where the Screener sends a new message in one account (a Gmail scout): the same rule as the
 * agent's (`core/assistant/screener.ts`); "known" means this device has mail from them there.
 */
export async function routeThroughScreener(
  store: DeviceStore,
  input: {
    accountId: string;
    sender: string;
    from: string;
    vipSenders: readonly string[];
    /** The person wrote to this sender (the cloud's Gmail sent-mail lookup): not a stranger. */
    wroteTo?: boolean;
  },
): Promise<ScreenerRoute> {
  if (!(await screenerEnabled(store))) return "pass";
  const answer = (await readMap<AnswerRow>(store, K.answers))[keyOf(input.accountId, input.sender)];
  const held = Object.values(await readMap<HeldRow>(store, K.held));
  const waiting = held.some(
    (h) => h.accountId === input.accountId && h.sender === input.sender && h.releasedAt === null,
  );
  const known = (await store.allSuggestions()).some(
    (s) => s.scoutId === input.accountId && senderAddress(s.from || "unknown") === input.sender,
  );
  return screenerRoute({
    input: {
      enabled: true,
      answer: answer?.decision ?? null,
      knownInAccount: known || input.wroteTo === true,
      waiting,
      from: input.from,
      vipSenders: input.vipSenders,
    },
  });
}

export async function holdSuggestion(
  store: DeviceStore,
  s: Suggestion,
  input: { accountId: string; sender: string; at: number },
): Promise<void> {
  await updateMap<HeldRow>(store, K.held, (m) => {
    m[s.id] = {
      suggestion: s,
      accountId: input.accountId,
      sender: input.sender,
      heldAt: input.at,
      releasedAt: null,
    };
  });
}

/** Takes a suggestion back out of the list into the Screener (its current record is what comes back later). */
async function rehold(
  ctx: ScreenerCtx,
  id: string,
  fallback: HeldRow | undefined,
  account: string,
  sender: string,
) {
  const current = await ctx.store.getSuggestion(id);
  if (current) await ctx.store.deleteSuggestion(id);
  const suggestion = current ?? fallback?.suggestion;
  if (!suggestion) return;
  await updateMap<HeldRow>(ctx.store, K.held, (m) => {
    m[id] = {
      suggestion,
      accountId: account,
      sender,
      heldAt: fallback?.heldAt ?? ctx.now(),
      releasedAt: null,
    };
  });
  ctx.emit({ type: "suggestion.updated", suggestion });
}

/**
 * The person's answer for one sender in one account, as the agent's: yes lets every held message
 * into suggestions; no keeps them held and holds the sender's other new suggestions too; null
 * takes the answer back and their mail waits again.
 *
 * @example await answerScreener(ctx, { accountId: "scout-1", sender: "a@x.org", answer: "yes" })
 */
export async function answerScreener(ctx: ScreenerCtx, request: unknown): Promise<ScreenerState> {
  const parsed = ScreenerDecisionRequest.safeParse(request);
  if (!parsed.success)
    throw new CoreError(
      "bad_input",
      parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
    );
  const input = parsed.data;
  const key = keyOf(input.accountId, input.sender);
  const held = Object.entries(await readMap<HeldRow>(ctx.store, K.held)).filter(
    ([, h]) => h.accountId === input.accountId && h.sender === input.sender,
  );
  const prior = (await readMap<AnswerRow>(ctx.store, K.answers))[key];
  if (held.length === 0 && !prior)
    throw new CoreError("not_found", `the Screener has nothing from ${input.sender} in ${input.accountId}`);
  const now = ctx.now();
  await updateMap<AnswerRow>(ctx.store, K.answers, (m) => {
    if (input.answer === null) delete m[key];
    else
      m[key] = { accountId: input.accountId, sender: input.sender, decision: input.answer, decidedAt: now };
  });
  if (input.answer === "yes") {
    for (const [id, h] of held) {
      if (h.releasedAt !== null) continue;
      await updateMap<HeldRow>(ctx.store, K.held, (m) => {
        if (m[id]) m[id].releasedAt = now;
      });
      if (await ctx.store.insertSuggestion(h.suggestion))
        ctx.emit({ type: "suggestion.created", suggestion: h.suggestion });
    }
  } else {
    for (const [id, h] of held)
      if (h.releasedAt !== null) await rehold(ctx, id, h, input.accountId, input.sender);
    if (input.answer === "no") {
      // "No" is for all their mail: what came through after an earlier yes is held too.
      const heldIds = new Set(held.map(([id]) => id));
      for (const s of await ctx.store.allSuggestions())
        if (
          !heldIds.has(s.id) &&
          s.scoutId === input.accountId &&
          s.status === "new" &&
          senderAddress(s.from || "unknown") === input.sender
        )
          await rehold(ctx, s.id, undefined, input.accountId, input.sender);
    }
  }
  return screenerState(ctx.store);
}

const labelOf = (source: string, accountId: string) =>
  source === "gmail" ? "Gmail" : source === "demo" ? "Demo" : accountId;

/** Senders waiting for an answer (latest message first) and those answered (latest answer first). */
export async function screenerState(store: DeviceStore): Promise<ScreenerState> {
  const held = Object.values(await readMap<HeldRow>(store, K.held)).sort(
    (a, b) => b.suggestion.receivedAt - a.suggestion.receivedAt,
  );
  const answers = Object.values(await readMap<AnswerRow>(store, K.answers));
  const labels = new Map(held.map((h) => [h.accountId, labelOf(h.suggestion.source, h.accountId)]));
  const bySender = new Map<string, ScreenerSender>();
  for (const d of answers)
    bySender.set(keyOf(d.accountId, d.sender), {
      accountId: d.accountId,
      accountLabel: labels.get(d.accountId) ?? "Gmail",
      sender: d.sender,
      from: d.sender,
      subject: "",
      lastAt: d.decidedAt,
      messages: 0,
      answer: d.decision,
      decidedAt: d.decidedAt,
    });
  for (const h of held) {
    const k = keyOf(h.accountId, h.sender);
    const cur = bySender.get(k);
    const s = h.suggestion;
    if (!cur)
      bySender.set(k, {
        accountId: h.accountId,
        accountLabel: labels.get(h.accountId) ?? h.accountId,
        sender: h.sender,
        from: s.from,
        subject: s.subject,
        lastAt: s.receivedAt,
        messages: 1,
        answer: null,
        decidedAt: null,
      });
    else {
      if (cur.messages === 0) Object.assign(cur, { from: s.from, subject: s.subject, lastAt: s.receivedAt });
      cur.messages++;
    }
  }
  const all = [...bySender.values()];
  return {
    enabled: await screenerEnabled(store),
    waiting: all.filter((s) => s.answer === null).sort((a, b) => b.lastAt - a.lastAt),
    answered: all.filter((s) => s.answer !== null).sort((a, b) => (b.decidedAt ?? 0) - (a.decidedAt ?? 0)),
  };
}

export async function setScreener(store: DeviceStore, enabled: unknown): Promise<ScreenerState> {
  if (typeof enabled !== "boolean") throw new CoreError("bad_input", "enabled: true or false");
  await store.kvSet(K.screener, { enabled });
  return screenerState(store);
}

/** Forgets a held message (its "not spam" was taken back). */
export async function dropHeld(store: DeviceStore, id: string): Promise<void> {
  await updateMap<HeldRow>(store, K.held, (m) => {
    delete m[id];
  });
}
