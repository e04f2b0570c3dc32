import { dohResolver } from "@scouts/core/assistant/doh-resolve";
import { sendOneClick } from "@scouts/core/assistant/one-click";
import {
  authservIdFor,
  notOneClick,
  planUnsubscribe,
  unsubscribeHeadersFromRaw,
} from "@scouts/core/assistant/unsubscribe";
import type { FetchLike } from "@scouts/core/ports";
import type { UnsubscribePlan, UnsubscribeResponse } from "@scouts/core/protocol/local-api";
import { claimLedgerRow, deleteLedgerRow } from "@scouts/db/repos/ledger";
import type { LedgerDeps } from "../../shared/ledger-service.ts";
import { fetchProposalEmail } from "./proposal-email.ts";

export interface UnsubscribeInput {
  userId: string;
  proposalId: string;
  actor: string;
  sessionId?: string;
  idempotencyKey?: string;
}

/** The proposal's RFC 8058 plan, from list headers read from the provider transiently (never kept). */
async function planFor(deps: LedgerDeps, input: { userId: string; proposalId: string }) {
  const { proposal, source, raw } = await fetchProposalEmail(
    deps,
    input.userId,
    input.proposalId,
    "only email can be unsubscribed from",
  );
  const authservId = authservIdFor(source, null);
  return { proposal, plan: planUnsubscribe(unsubscribeHeadersFromRaw(raw), { authservId }) };
}

/**
 * What unsubscribing would do (one-click, mailto or by hand, and why), for a device that cannot
 * read the list headers itself: shown to the person before they confirm. Sends nothing.
 *
 * @example await cloudUnsubscribePlan(deps, { userId, proposalId }) // { method: "one_click", url, reasons }
 */
export async function cloudUnsubscribePlan(
  deps: LedgerDeps,
  input: { userId: string; proposalId: string },
): Promise<UnsubscribePlan> {
  return (await planFor(deps, input)).plan;
}

/**
 * RFC 8058 one-click unsubscribe for a device that cannot send it itself (a browser): the
 * Worker reads the message's list headers from the provider transiently, plans with the same
 * core rules as the agent, checks every address the URI resolves to, POSTs once, and records an
 * irreversible ledger row (ids only: no header, URI or subject is stored or logged). The person
 * confirmed on the device (always ask); a replayed Idempotency-Key does not POST again.
 *
 * Rebinding: a Worker cannot pin the address its fetch connects to (the agent does, see
 * `local-agent/adapters/pinned-post.ts`): Cloudflare's network resolves the name again. What
 * bounds it is where that connection starts. A deployed Worker's subrequest leaves from
 * Cloudflare's edge, not from the person's machine or LAN, so a name rebound to 127.0.0.1 or a
 * private range points at nothing of the person's; and the DNS-over-HTTPS check here still
 * refuses names that already resolve to such addresses, with the reason shown. (Under
 * `wrangler dev` the Worker runs on the developer's machine and that bound does not hold: dev only.)
 *
 * @example await cloudUnsubscribe({ ...deps, fetch }, { userId, proposalId, actor: "person" })
 */
export async function cloudUnsubscribe(
  deps: LedgerDeps & { fetch: FetchLike; resolve?: (host: string) => Promise<string[]> },
  input: UnsubscribeInput,
): Promise<UnsubscribeResponse> {
  const { proposal, plan } = await planFor(deps, input);
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
