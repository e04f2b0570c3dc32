import { type ScreenerRoute, screenerRoute } from "@scouts/core/assistant/screener";
import { CoreError } from "@scouts/core/errors";
import {
  type ScreenerDecisionRequest,
  type ScreenerSender,
  type ScreenerState,
  ScreenerToggle,
} from "@scouts/core/protocol/local-api";
import { and, desc, eq, isNull, notInArray } from "drizzle-orm";
import { mailAccounts, scoutSuggestions, screenerDecisions, screenerHeld } from "../db/schema/index.ts";
import type { AgentCtx } from "./context.ts";

const OFF = { enabled: false };

export async function screenerEnabled(ctx: AgentCtx): Promise<boolean> {
  return (await ctx.stores.settings.read("screener", ScreenerToggle, OFF)).enabled;
}

async function answerFor(ctx: AgentCtx, accountId: string, sender: string) {
  const row = await ctx.db
    .select({ decision: screenerDecisions.decision })
    .from(screenerDecisions)
    .where(and(eq(screenerDecisions.accountId, accountId), eq(screenerDecisions.sender, sender)))
    .get();
  return row?.decision ?? null;
}

/**
 * Called by ingest before a new suggestion is stored: where the Screener sends it. The account is
 * the suggestion's scout (`imap:<id>`, `local-mail`, a Gmail scout), so each account's senders are
 * answered separately.
 */
export async function routeThroughScreener(args: {
  ctx: AgentCtx;
  input: {
    accountId: string;
    sender: string;
    from: string;
    vipSenders: readonly string[];
    /** The person wrote to this sender (their sent mail says so): let in, as any known sender. */
    wroteTo?: boolean;
  };
}): Promise<ScreenerRoute> {
  const { ctx, input } = args;
  if (!(await screenerEnabled(ctx))) return "pass";
  const [answer, known, waiting] = await Promise.all([
    answerFor(ctx, input.accountId, input.sender),
    ctx.db
      .select({ id: scoutSuggestions.id })
      .from(scoutSuggestions)
      .where(and(eq(scoutSuggestions.scoutId, input.accountId), eq(scoutSuggestions.sender, input.sender)))
      .get(),
    ctx.db
      .select({ id: screenerHeld.suggestionId })
      .from(screenerHeld)
      .where(
        and(
          eq(screenerHeld.accountId, input.accountId),
          eq(screenerHeld.sender, input.sender),
          isNull(screenerHeld.releasedAt),
        ),
      )
      .get(),
  ]);
  return screenerRoute({
    input: {
      enabled: true,
      answer,
      knownInAccount: known !== undefined || input.wroteTo === true,
      waiting: waiting !== undefined,
      from: input.from,
      vipSenders: input.vipSenders,
    },
  });
}

export async function holdSuggestion(
  ctx: AgentCtx,
  input: { suggestionId: string; accountId: string; sender: string },
): Promise<void> {
  await ctx.db
    .insert(screenerHeld)
    .values({ ...input, heldAt: ctx.clock.now(), releasedAt: null })
    .onConflictDoUpdate({ target: screenerHeld.suggestionId, set: { releasedAt: null } });
}

/**
 * The person's answer for one sender in one account. Yes releases every held message (they run
 * through the list as any suggestion); no keeps them held and holds the sender's other new
 * suggestions too; null takes the answer back, and their held mail waits again.
 *
 * @example await answerScreener({ ctx, input: { accountId: "local-mail", sender: "a@x.org", answer: "yes" } })
 */
export async function answerScreener(args: {
  ctx: AgentCtx;
  input: ScreenerDecisionRequest;
}): Promise<ScreenerState> {
  const { ctx, input } = args;
  const now = ctx.clock.now();
  const where = and(eq(screenerHeld.accountId, input.accountId), eq(screenerHeld.sender, input.sender));
  const held = await ctx.db.select({ id: screenerHeld.suggestionId }).from(screenerHeld).where(where).all();
  const prior = await answerFor(ctx, input.accountId, input.sender);
  if (held.length === 0 && prior === null)
    throw new CoreError("not_found", `the Screener has nothing from ${input.sender} in ${input.accountId}`);
  const key = and(
    eq(screenerDecisions.accountId, input.accountId),
    eq(screenerDecisions.sender, input.sender),
  );
  if (input.answer === null) {
    await ctx.db.delete(screenerDecisions).where(key);
    await ctx.db.update(screenerHeld).set({ releasedAt: null }).where(where);
  } else {
    await ctx.db
      .insert(screenerDecisions)
      .values({ accountId: input.accountId, sender: input.sender, decision: input.answer, decidedAt: now })
      .onConflictDoUpdate({
        target: [screenerDecisions.accountId, screenerDecisions.sender],
        set: { decision: input.answer, decidedAt: now },
      });
    if (input.answer === "yes") {
      await ctx.db.update(screenerHeld).set({ releasedAt: now }).where(where);
    } else {
      await ctx.db.update(screenerHeld).set({ releasedAt: null }).where(where);
      // "No" is for all their mail: what came through after an earlier yes is held too.
      const ids = held.map((h) => h.id);
      const rest = await ctx.db
        .select({ id: scoutSuggestions.id })
        .from(scoutSuggestions)
        .where(
          and(
            eq(scoutSuggestions.scoutId, input.accountId),
            eq(scoutSuggestions.sender, input.sender),
            eq(scoutSuggestions.status, "new"),
            ...(ids.length ? [notInArray(scoutSuggestions.id, ids)] : []),
          ),
        )
        .all();
      for (const r of rest)
        await holdSuggestion(ctx, { suggestionId: r.id, accountId: input.accountId, sender: input.sender });
    }
  }
  for (const h of held) {
    const s = await ctx.stores.suggestions.get(h.id);
    if (s) ctx.bus.emit({ type: "suggestion.updated", suggestion: s });
  }
  return screenerState(ctx);
}

/** Senders waiting for an answer (first message first) and those answered (latest answer first). */
export async function screenerState(ctx: AgentCtx): Promise<ScreenerState> {
  const rows = await ctx.db
    .select({
      accountId: screenerHeld.accountId,
      sender: screenerHeld.sender,
      from: scoutSuggestions.fromAddr,
      source: scoutSuggestions.source,
      subject: scoutSuggestions.subject,
      at: scoutSuggestions.receivedAt,
    })
    .from(screenerHeld)
    .innerJoin(scoutSuggestions, eq(scoutSuggestions.id, screenerHeld.suggestionId))
    .orderBy(desc(scoutSuggestions.receivedAt))
    .all();
  const decisions = await ctx.db.select().from(screenerDecisions).all();
  const labels = new Map<string, string>([["local-mail", "Local mailbox"]]);
  for (const a of await ctx.db
    .select({ id: mailAccounts.id, kind: mailAccounts.kind, label: mailAccounts.label })
    .from(mailAccounts)
    .all())
    labels.set(`${a.kind}:${a.id}`, a.label);
  for (const r of rows)
    if (!labels.has(r.accountId) && (r.source === "gmail" || r.source === "demo"))
      labels.set(r.accountId, r.source === "gmail" ? "Gmail" : "Demo");
  const labelOf = (id: string) => labels.get(id) ?? id;
  const bySender = new Map<string, ScreenerSender>();
  const keyOf = (a: string, s: string) => `${a}\u0000${s}`;
  for (const d of decisions)
    bySender.set(keyOf(d.accountId, d.sender), {
      accountId: d.accountId,
      accountLabel: labelOf(d.accountId),
      sender: d.sender,
      from: d.sender,
      subject: "",
      lastAt: d.decidedAt,
      messages: 0,
      answer: d.decision,
      decidedAt: d.decidedAt,
    });
  for (const r of rows) {
    const k = keyOf(r.accountId, r.sender);
    const cur = bySender.get(k);
    if (!cur) {
      bySender.set(k, {
        accountId: r.accountId,
        accountLabel: labelOf(r.accountId),
        sender: r.sender,
        from: r.from,
        subject: r.subject,
        lastAt: r.at,
        messages: 1,
        answer: null,
        decidedAt: null,
      });
    } else {
      if (cur.messages === 0) Object.assign(cur, { from: r.from, subject: r.subject, lastAt: r.at });
      cur.messages++;
    }
  }
  const all = [...bySender.values()];
  return {
    enabled: await screenerEnabled(ctx),
    waiting: all.filter((s) => s.answer === null).sort((a, b) => b.lastAt - a.lastAt),
    answered: all.filter((s) => s.answer !== null).sort((a, b) => (b.decidedAt ?? 0) - (a.decidedAt ?? 0)),
  };
}

export async function setScreener(ctx: AgentCtx, enabled: boolean): Promise<ScreenerState> {
  await ctx.stores.settings.write("screener", { enabled });
  return screenerState(ctx);
}
