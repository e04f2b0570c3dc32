import { senderAddress } from "@scouts/core/assistant/sender";
import { syncCloudScreened } from "@scouts/core/device/cloud-screened";
import { CoreError } from "@scouts/core/errors";
import type { ScreenedItem, ScreenedPage, ScreenedResponse } from "@scouts/core/protocol/local-api";
import { and, desc, eq, isNull, like } from "drizzle-orm";
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

/** Rows for items stage 1 dropped in the cloud have this account id prefix (then the scout id). */
const CLOUD = "cloud:";
const cloudLabels: Record<string, string> = { gmail: "Gmail", slack: "Slack", demo: "Demo" };
/**
 * The cloud's dropped items (ids and codes) into `mail_screened`, sender and subject read on
 * demand through the hub (`core/device/cloud-screened.ts`); a new row from a sender the person
 * called "not spam" is restored at once. Returns why the list is incomplete.
 */
export async function syncCloudScreenedRows(ctx: AgentCtx): Promise<ScreenedPage["missing"]> {
  const { missing } = await syncCloudScreened({
    ctx: {
      now: () => ctx.clock.now(),
      ...(ctx.cloudScreened ? { screened: ctx.cloudScreened } : {}),
      ...(ctx.readItemAnswer ? { readItemAnswer: ctx.readItemAnswer } : {}),
      rows: {
        knownIds: async () =>
          new Set(
            (
              await ctx.db
                .select({ id: mailScreened.id })
                .from(mailScreened)
                .where(like(mailScreened.accountId, `${CLOUD}%`))
                .all()
            ).map((r) => r.id),
          ),
        insert: async (r) =>
          void (await ctx.db
            .insert(mailScreened)
            .values({
              id: r.id,
              accountId: `${CLOUD}${r.source}:${r.scoutId}`,
              sourceMsgRef: r.sourceMsgRef,
              from: r.from,
              subject: r.subject,
              reason: r.reason,
              confidence: r.confidence,
              screenedAt: r.screenedAt,
            })
            .onConflictDoNothing()),
        removeUnrestored: async (id) =>
          void (await ctx.db
            .delete(mailScreened)
            .where(and(eq(mailScreened.id, id), isNull(mailScreened.restoredAt)))),
        isOverridden: (sender) => isSpamOverridden(ctx, sender),
        setRestored: async (id, at) =>
          void (await ctx.db.update(mailScreened).set({ restoredAt: at }).where(eq(mailScreened.id, id))),
      },
    },
  });
  return missing;
}

/** The cloud row a Screened id stands for: its source and scout, or null for a device row. */
function cloudOf(accountId: string): { source: string; scoutId: string } | null {
  if (!accountId.startsWith(CLOUD)) return null;
  const rest = accountId.slice(CLOUD.length);
  const at = rest.indexOf(":");
  return { source: rest.slice(0, at), scoutId: rest.slice(at + 1) };
}

/**
 * What Screened says of a hub proposal: `restored` (the person said "not spam": it skips the
 * Screener), `screened` (screened again since: a delivery still in flight is not shown) or null.
 */
export async function cloudScreenedState(
  ctx: AgentCtx,
  proposalId: string,
): Promise<"restored" | "screened" | null> {
  const row = await ctx.db
    .select({ accountId: mailScreened.accountId, restoredAt: mailScreened.restoredAt })
    .from(mailScreened)
    .where(eq(mailScreened.id, proposalId))
    .get();
  if (!row || !cloudOf(row.accountId)) return null;
  return row.restoredAt !== null ? "restored" : "screened";
}

/** What stage 1 set aside, on this device (local mailbox, IMAP, JMAP) and in the cloud (Gmail), newest first. */
export async function listScreened(ctx: AgentCtx, limit = 200): Promise<ScreenedPage> {
  const missing = await syncCloudScreenedRows(ctx);
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
  const labelOf = (id: string) => {
    const cloud = cloudOf(id);
    return cloud ? (cloudLabels[cloud.source] ?? cloud.source) : (labels.get(id) ?? id);
  };
  return { items: rows.map((r) => toItem(r, labelOf(r.accountId))), missing };
}

async function accountLabel(ctx: AgentCtx, id: string): Promise<string> {
  if (id === "local-mail") return "Local mailbox";
  const cloud = cloudOf(id);
  if (cloud) return cloudLabels[cloud.source] ?? cloud.source;
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
  const cloud = cloudOf(row.accountId);
  if (cloud) return restoreCloud(ctx, row, now);
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

/**
 * "Not spam" on a cloud item: the cloud turns its dropped row into a queued proposal and delivers
 * it the normal way (stage 2 runs here when it arrives, skipping the Screener). The sender
 * override is recorded as for IMAP, so later mail from them is not held back on this device.
 */
async function restoreCloud(ctx: AgentCtx, row: Row, now: number): Promise<ScreenedResponse> {
  if (!ctx.cloudScreened)
    throw new CoreError("upstream_unavailable", "this device is not linked to the cloud");
  // Marked first, so a proposal that arrives before the answer already skips the Screener.
  await ctx.db.update(mailScreened).set({ restoredAt: now }).where(eq(mailScreened.id, row.id));
  const res = await ctx.cloudScreened("restore", row.id);
  if (!res.ok) {
    await ctx.db.update(mailScreened).set({ restoredAt: null }).where(eq(mailScreened.id, row.id));
    throw refusal(res.error, row.id);
  }
  await ctx.db
    .insert(spamOverrides)
    .values({ sender: senderAddress(row.from), createdAt: now })
    .onConflictDoNothing();
  return {
    item: toItem({ ...row, restoredAt: now }, await accountLabel(ctx, row.accountId)),
    // Delivered by the hub in a moment; the PWA finds it in Suggestions then.
    suggestion: await ctx.stores.suggestions.get(row.id),
  };
}

function refusal(error: string | undefined, id: string): CoreError {
  if (error === "offline" || error === "timeout")
    return new CoreError(
      "upstream_unavailable",
      "the cloud cannot be reached now; try again when it reconnects",
    );
  if (error === "not_found")
    return new CoreError(
      "not_found",
      `the cloud no longer has ${id} (expired, or changed on another device)`,
    );
  return new CoreError("upstream_unavailable", `the cloud refused (${(error ?? "refused").slice(0, 100)})`);
}

/** Takes "not spam" back: the suggestion it became is removed and the sender is screened again. */
export async function undoNotSpam(ctx: AgentCtx, id: string): Promise<ScreenedResponse> {
  const row = await screenedRow(ctx, id);
  if (row.restoredAt === null) throw new CoreError("conflict", `${id} is still screened: nothing to undo`);
  const s = await ctx.stores.suggestions.get(id);
  if (s && s.status !== "new")
    throw new CoreError("conflict", `${id} was ${s.status} since: undo that first, then screen it again`);
  if (cloudOf(row.accountId)) {
    // The cloud row goes back to dropped first: if it cannot, nothing changes here either.
    if (!ctx.cloudScreened)
      throw new CoreError("upstream_unavailable", "this device is not linked to the cloud");
    const res = await ctx.cloudScreened("rescreen", id);
    if (!res.ok) throw refusal(res.error, id);
  }
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

/**
 * While the person has said "not spam" for any sender, the cloud's list is read now and then
 * (at connect and on the agent's minute tick), so a later message of theirs comes back without
 * a visit to Screened.
 */
export async function applySpamOverrides(ctx: AgentCtx): Promise<void> {
  if (!ctx.link.connected) return;
  const any = await ctx.db.select({ s: spamOverrides.sender }).from(spamOverrides).limit(1).get();
  if (any) await syncCloudScreenedRows(ctx);
}
