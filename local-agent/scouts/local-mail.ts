import { rawHeaders } from "@scouts/core/connectors/gmail/message-resource";
import { createStage1Classifier } from "@scouts/core/triage/stage1";
import type { Stage1Classifier } from "@scouts/core/triage/stage1-contract";
import { eq } from "drizzle-orm";
import { LOCAL_MAIL_ACCOUNT, learnLocalSent, learnSentSafely } from "../accounts/sent-contacts.ts";
import { mailScreened } from "../db/schema/index.ts";
import type { AgentCtx } from "../services/context.ts";
import { ingestRawMail } from "../services/ingest-raw.ts";
import { isSpamOverridden } from "../services/screened.ts";
import { readLocalMailbox } from "./mailbox-reader.ts";

let defaultStage1: Stage1Classifier | undefined;
/**
 * The local mailbox scout: every message not seen yet goes through stage 1 (spam is kept in
 * `mail_screened`, sender and subject, as IMAP does, and not classified again) and then the same
 * ingest as cloud proposals (stage 2, cohorts, corrections). A Sent folder beside it teaches the
 * reader's own addresses and contacts first (`learnLocalSent`). Nothing leaves the device.
 *
 * @example await scanLocalMailbox({ ctx, input: { location: "~/Mail/inbox", format: "maildir" } })
 */
export async function scanLocalMailbox(args: {
  ctx: AgentCtx;
  input: { location: string; format: "mbox" | "maildir" };
  /** Defaults to TRIAGE's `createStage1Classifier()`, the same model the Worker runs. */
  stage1?: Stage1Classifier;
}): Promise<{ seen: number; created: number; spam: number; unparseable: number }> {
  const { ctx, input } = args;
  defaultStage1 ??= createStage1Classifier();
  const stage1 = args.stage1 ?? defaultStage1;
  const out = { seen: 0, created: 0, spam: 0, unparseable: 0 };
  // Before the inbox, as for IMAP: the Sent folder beside it tells who the person writes to.
  await learnSentSafely(ctx, LOCAL_MAIL_ACCOUNT, () => learnLocalSent({ ctx, ...input }));
  for (const msg of await readLocalMailbox(input.location, input.format)) {
    out.seen++;
    const id = `local-mail:${msg.id}`;
    if (await ctx.stores.suggestions.get(id)) continue;
    if (await ctx.db.select({ id: mailScreened.id }).from(mailScreened).where(eq(mailScreened.id, id)).get())
      continue;
    let verdict = await stage1.classify({
      kind: "email",
      ref: { source: "demo", id: msg.id },
      raw: msg.raw,
    });
    const head = rawHeaders(msg.raw, ["from", "subject"]);
    // The person said "not spam" for this sender in the Screened view: their correction wins.
    if (verdict.verdict === "spam" && (await isSpamOverridden(ctx, head.get("from") ?? ""))) {
      verdict = {
        ...verdict,
        verdict: "relevant",
        reason: `not spam by your correction (${verdict.reason})`.slice(0, 500),
      };
    }
    if (verdict.verdict === "spam") {
      // Kept on the device (as IMAP does), never silently dropped: sender and subject for the Screened list.
      out.spam++;
      await ctx.db
        .insert(mailScreened)
        .values({
          id,
          accountId: "local-mail",
          sourceMsgRef: msg.id,
          from: (head.get("from") ?? "(unknown sender)").slice(0, 1000),
          subject: (head.get("subject") ?? "(no subject)").slice(0, 1000),
          reason: verdict.reason,
          why: verdict.why ?? null,
          confidence: verdict.confidence,
          screenedAt: ctx.clock.now(),
        })
        .onConflictDoNothing();
      continue;
    }
    const { suggestion: s, parsed } = await ingestRawMail({
      ctx,
      input: {
        id,
        scoutId: "local-mail",
        source: "local_mail",
        sourceMsgRef: null,
        fallbackRef: msg.id,
        raw: msg.raw,
        verdict,
      },
    });
    if (!parsed) out.unparseable++;
    if (s) out.created++;
  }
  return out;
}
