import type { LedgerEntry, Suggestion } from "@scouts/core/protocol/local-api";
import type { AgentCtx } from "../services/context.ts";
import type { mailAccountService } from "./accounts.ts";
import { imapActions } from "./imap-actions.ts";
import { jmapActions } from "./jmap-actions.ts";

/** Actions on mail accounts' own servers: each suggestion's or ledger entry's protocol picks the way. */
export function mailAccountActions(ctx: AgentCtx, service: ReturnType<typeof mailAccountService>) {
  const imap = imapActions(ctx, service);
  const jmap = jmapActions(ctx, service);
  return {
    run: (...a: Parameters<typeof imap.run>) => (a[0].source === "jmap" ? jmap : imap).run(...a),
    /** A snooze's wake-up on the server; what the wake's ledger entry needs to undo it, or null. */
    wake: (s: Suggestion, snooze: LedgerEntry | null) =>
      s.source === "jmap" ? jmap.wake(s) : imap.wake(s, snooze),
    reverse: (entry: Parameters<typeof imap.reverse>[0]) =>
      ((entry.reversal as { jmap?: unknown } | null)?.jmap ? jmap : imap).reverse(entry),
  };
}
