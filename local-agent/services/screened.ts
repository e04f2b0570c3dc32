import { senderAddress } from "@scouts/core/assistant/sender";
import { CoreError } from "@scouts/core/errors";
import type { ScreenedItem, ScreenedPage, ScreenedResponse } from "@scouts/core/protocol/local-api";
import { desc, eq } from "drizzle-orm";
import { mailAccounts, mailScreened, screenerHeld, spamOverrides } from "../db/schema/index.ts";
import type { AgentCtx } from "./context.ts";
import { ingestItem } from "./ingest.ts";

type Row = typeof mailScreened.$inferSelect;

function toItem(r: Row, accountLabel: string): ScreenedItem {
  return {
    id: r.id,
    accountId: r.accountId,
    accountLabel,
    from: r.from,
    subject: r.subject,
    reason: r.reason,
    why: r.why ?? null,
    confidence: r.confidence,
    screenedAt: r.screenedAt,
    restoredAt: r.restoredAt ?? null,
  };
}

const GMAIL_MISSING =
  "Gmail's screened messages are kept in the cloud as ids only; listing them needs a cloud endpoint that does not exist yet";

/** What stage 1 set aside on this device (local mailbox, IMAP, JMAP), newest first. */
export async function listScreened(ctx: AgentCtx, limit = 200): Promise<ScreenedPage> {
  const rows = await ctx.db
    .select()
    .from(mailScreened)
    .orderBy(desc(mailScreened.screenedAt))
    .limit(limit)
    .all();
  const accounts = await ctx.db
    .select({ id: mailAccounts.id, label: mailAccounts.label })
    .from(mailAccounts)
    .all();
  const labels = new Map<string, string>([
    ["local-mail", "Local mailbox"],
    ...accounts.map((a) => [a.id, a.label] as [string, string]),
  ]);
  return {
    items: rows.map((r) => toItem(r, labels.get(r.accountId) ?? r.accountId)),
    missing: [{ source: "gmail", reason: GMAIL_MISSING }],
  };
}

async function accountLabel(ctx: AgentCtx, id: string): Promise<string> {
  if (id === "local-mail") return "Local mailbox";
  const a = await ctx.db
    .select({ label: mailAccounts.label })
    .from(mailAccounts)
    .where(eq(mailAccounts.id, id))
    .get();
  return a?.label ?? id;
}

async function screenedRow(ctx: AgentCtx, id: string): Promise<Row> {
  const row = await ctx.db.select().from(mailScreened).where(eq(mailScreened.id, id)).get();
  if (!row) throw new CoreError("not_found", `nothing screened with id ${id}`);
  return row;
}

export function isSpamOverridden(ctx: AgentCtx, from: string): Promise<boolean> {
  return ctx.db
    .select({ s: spamOverrides.sender })
    .from(spamOverrides)
    .where(eq(spamOverrides.sender, senderAddress(from)))
    .get()
    .then((r) => r !== undefined);
}

/**
 * "Not spam": a correction. The sender's later mail skips stage 1's spam verdict on this device,
 * and this message becomes a suggestion (stage 2 runs on its sender and subject; the body was
 * never kept). Undo with `undoNotSpam`.
 */
export async function markNotSpam(ctx: AgentCtx, id: string): Promise<ScreenedResponse> {
  const row = await screenedRow(ctx, id);
  if (row.restoredAt !== null) throw new CoreError("conflict", `${id} is already back in suggestions`);
  const now = ctx.clock.now();
  await ctx.db
    .insert(spamOverrides)
    .values({ sender: senderAddress(row.from), createdAt: now })
    .onConflictDoNothing();
  const kind =
    row.accountId === "local-mail"
      ? null
      : ((
          await ctx.db
            .select({ kind: mailAccounts.kind })
            .from(mailAccounts)
            .where(eq(mailAccounts.id, row.accountId))
            .get()
        )?.kind ?? "imap");
  const source = kind ?? "local_mail";
  // The same scout id the account's sync gives its suggestions, so the Screener and actions match.
  const scoutId = kind ? `${kind}:${row.accountId}` : "local-mail";
  const suggestion = await ingestItem({
    ctx,
    input: {
      id: row.id,
      scoutId,
      source,
      sourceMsgRef: row.sourceMsgRef,
      threadRef: null,
      from: row.from,
      subject: row.subject,
      snippet: "",
      date: row.screenedAt,
      verdict: "relevant",
      confidence: row.confidence,
      reason: `marked not spam (stage 1 said: ${row.reason})`,
      // The person brought this one back themselves: it goes to suggestions, not the Screener.
      skipScreener: true,
    },
  });
  await ctx.db.update(mailScreened).set({ restoredAt: now }).where(eq(mailScreened.id, id));
  return {
    item: toItem({ ...row, restoredAt: now }, await accountLabel(ctx, row.accountId)),
    suggestion: suggestion ?? (await ctx.stores.suggestions.get(id)),
  };
}

/** Takes "not spam" back: the suggestion it became is removed and the sender is screened again. */
export async function undoNotSpam(ctx: AgentCtx, id: string): Promise<ScreenedResponse> {
  const row = await screenedRow(ctx, id);
  if (row.restoredAt === null) throw new CoreError("conflict", `${id} is still screened: nothing to undo`);
  const s = await ctx.stores.suggestions.get(id);
  if (s && s.status !== "new")
    throw new CoreError("conflict", `${id} was ${s.status} since: undo that first, then screen it again`);
  await ctx.stores.suggestions.remove(id);
  await ctx.db.delete(screenerHeld).where(eq(screenerHeld.suggestionId, id));
  const sender = senderAddress(row.from);
  const others = await ctx.db
    .select({ id: mailScreened.id, from: mailScreened.from, restoredAt: mailScreened.restoredAt })
    .from(mailScreened)
    .all();
  if (!others.some((o) => o.id !== id && o.restoredAt !== null && senderAddress(o.from) === sender))
    await ctx.db.delete(spamOverrides).where(eq(spamOverrides.sender, sender));
  await ctx.db.update(mailScreened).set({ restoredAt: null }).where(eq(mailScreened.id, id));
  return {
    item: toItem({ ...row, restoredAt: null }, await accountLabel(ctx, row.accountId)),
    suggestion: null,
  };
}
