import { dohResolver } from "@scouts/core/assistant/doh-resolve";
import { sendOneClick } from "@scouts/core/assistant/one-click";
import { notOneClick, planUnsubscribe, unsubscribeHeadersFromRaw } from "@scouts/core/assistant/unsubscribe";
import { CoreError } from "@scouts/core/errors";
import type { FetchLike } from "@scouts/core/ports";
import type { UnsubscribeResponse } from "@scouts/core/protocol/local-api";
import { claimLedgerRow, deleteLedgerRow, findProposalForUser } from "@scouts/db/repos/ledger";
import type { LedgerDeps } from "./ledger-service.ts";

export interface UnsubscribeInput {
  userId: string;
  proposalId: string;
  actor: string;
  sessionId?: string;
  idempotencyKey?: string;
}

/**
 * RFC 8058 one-click unsubscribe for a device that cannot send it itself (a browser): the
 * Worker reads the message's list headers from the provider transiently, plans with the same
 * core rules as the agent, checks every address the URI resolves to, POSTs once, and records an
 * irreversible ledger row (ids only: no header, URI or subject is stored or logged). The person
 * confirmed on the device (always ask); a replayed Idempotency-Key does not POST again.
 *
 * @example await cloudUnsubscribe({ ...deps, fetch }, { userId, proposalId, actor: "person" })
 */
export async function cloudUnsubscribe(
  deps: LedgerDeps & { fetch: FetchLike; resolve?: (host: string) => Promise<string[]> },
  input: UnsubscribeInput,
): Promise<UnsubscribeResponse> {
  const proposal = await findProposalForUser(deps.db, input.userId, input.proposalId);
  if (!proposal) throw new CoreError("not_found", "no such item");
  const connector = await deps.connectorFor(proposal.scoutId);
  const content = await connector.fetchContent({
    source: connector.source,
    id: proposal.sourceMsgRef,
    ...(proposal.threadRef ? { threadId: proposal.threadRef } : {}),
  });
  if (content.kind !== "email") throw new CoreError("bad_input", "only email can be unsubscribed from");
  const plan = planUnsubscribe(unsubscribeHeadersFromRaw(content.raw));
  if (plan.method !== "one_click" || !plan.url) return notOneClick(plan);
  const { row, created } = await claimLedgerRow(deps.db, {
    id: deps.ids(),
    userId: input.userId,
    scoutId: proposal.scoutId,
    action: "unsubscribe",
    targetRef: proposal.sourceMsgRef,
    reversal: null,
    runId: null,
    sessionId: input.sessionId ?? null,
    actor: input.actor,
    undoOf: null,
    createdAt: deps.clock.now(),
    undoneAt: null,
    proposalId: proposal.id,
    idempotencyKey: input.idempotencyKey ?? null,
  });
  if (!created)
    return { plan, done: true, httpStatus: null, ledgerId: row.id, message: "already unsubscribed" };
  let status: number;
  try {
    ({ status } = await sendOneClick({
      ctx: { fetch: deps.fetch, resolve: deps.resolve ?? dohResolver(deps.fetch) },
      input: { url: plan.url },
    }));
  } catch (e) {
    await deleteLedgerRow(deps.db, row.id);
    throw e;
  }
  const ok = status >= 200 && status < 300;
  // Only a sender that accepted the request counts as done; a refusal leaves nothing recorded.
  if (!ok) await deleteLedgerRow(deps.db, row.id);
  return {
    plan,
    done: ok,
    httpStatus: status,
    ledgerId: ok ? row.id : null,
    message: ok ? "unsubscribed" : `the sender answered ${status}`,
  };
}
