import { createHash } from "node:crypto";
import type { SuggestionSource } from "@scouts/core/protocol/local-api";
import { createStage1Classifier } from "@scouts/core/triage/stage1";
import type { Stage1Classifier } from "@scouts/core/triage/stage1-contract";
import { eq } from "drizzle-orm";
import { mailScreened } from "../db/schema/accounts.ts";
import type { AgentCtx } from "../services/context.ts";
import { ingestRawMail } from "../services/ingest-raw.ts";
import { readerFor } from "../services/reader.ts";
import { isSpamOverridden } from "../services/screened.ts";

let defaultStage1: Stage1Classifier | undefined;
export const accountStage1 = () => (defaultStage1 ??= createStage1Classifier());

/**
 * The suggestion id of an account's message: its Message-ID when it has one, so the same mail
 * found again (a reset folder, a move into another watched folder, a JMAP resync) is not a second
 * suggestion; else `fallback` (where it is on the server).
 */
export function accountSuggestionId(
  prefix: "imap" | "jmap",
  accountId: string,
  messageId: string | null | undefined,
  fallback: string,
) {
  const key = messageId?.trim() || fallback;
  return `${prefix}:${accountId}:${createHash("sha256").update(key).digest("hex").slice(0, 32)}`;
}

/** Whether a message was already made a suggestion or screened as spam (the resync dedupe). */
export async function alreadyIngested(ctx: AgentCtx, id: string): Promise<boolean> {
  if (await ctx.stores.suggestions.get(id)) return true;
  return Boolean(
    await ctx.db.select({ id: mailScreened.id }).from(mailScreened).where(eq(mailScreened.id, id)).get(),
  );
}

/**
 * One new message from a mail account through stage 1: spam is kept on the device in
 * `mail_screened` (the Screened view), anything else goes through the device's ingest.
 */
export async function ingestAccountMessage(args: {
  ctx: AgentCtx;
  stage1?: Stage1Classifier;
  id: string;
  accountId: string;
  source: Extract<SuggestionSource, "imap" | "jmap">;
  sourceMsgRef: string;
  raw: string;
  envelope: { from: { name?: string | null; address?: string | null } | null; subject: string | null };
  /** The server's read state (`\Seen` / `$seen`), when it said. */
  unread?: boolean;
}): Promise<"spam" | "suggestion" | "none"> {
  const { ctx, id } = args;
  const from = args.envelope.from?.address ?? "";
  const reader = from ? await readerFor(ctx, from) : undefined;
  let verdict = await (args.stage1 ?? accountStage1()).classify(
    { kind: "email", ref: { source: "demo", id }, raw: args.raw },
    reader?.rules,
  );
  // The person said "not spam" for this sender in the Screened view: their correction wins.
  if (verdict.verdict === "spam" && (await isSpamOverridden(ctx, args.envelope.from?.address ?? ""))) {
    verdict = {
      ...verdict,
      verdict: "relevant",
      reason: `not spam by your correction (${verdict.reason})`.slice(0, 500),
    };
  }
  if (verdict.verdict === "spam") {
    const from = args.envelope.from;
    await ctx.db
      .insert(mailScreened)
      .values({
        id,
        accountId: args.accountId,
        sourceMsgRef: args.sourceMsgRef,
        from: from ? `${from.name ? `${from.name} ` : ""}<${from.address ?? ""}>` : "(unknown sender)",
        subject: args.envelope.subject ?? "(no subject)",
        reason: verdict.reason,
        why: verdict.why ?? null,
        confidence: verdict.confidence,
        screenedAt: ctx.clock.now(),
      })
      .onConflictDoNothing();
    return "spam";
  }
  const { suggestion } = await ingestRawMail({
    ctx,
    input: {
      id,
      scoutId: `${args.source}:${args.accountId}`,
      source: args.source,
      sourceMsgRef: args.sourceMsgRef,
      raw: args.raw,
      verdict,
      ...(args.unread !== undefined ? { unread: args.unread } : {}),
    },
  });
  return suggestion ? "suggestion" : "none";
}
