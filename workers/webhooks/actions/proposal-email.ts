import { CoreError } from "@scouts/core/errors";
import { findProposalForUser } from "@scouts/db/repos/ledger";
import type { LedgerDeps } from "../../shared/ledger-service.ts";

/**
 * The raw RFC 5322 message behind one of this user's proposals, read from the provider now and
 * held only in memory. Another user's proposal is `not_found`; a non-email item is `bad_input`
 * with `notEmail` as the reason the caller gives.
 *
 * @example const { proposal, raw } = await fetchProposalEmail(deps, userId, proposalId, "only email can be unsubscribed from");
 */
export async function fetchProposalEmail(
  deps: LedgerDeps,
  userId: string,
  proposalId: string,
  notEmail: string,
) {
  const proposal = await findProposalForUser(deps.db, userId, proposalId);
  if (!proposal) throw new CoreError("not_found", "no such item");
  const connector = await deps.connectorFor(proposal.scoutId);
  const content = await connector.fetchContent({
    source: connector.source,
    id: proposal.sourceMsgRef,
    ...(proposal.threadRef ? { threadId: proposal.threadRef } : {}),
  });
  if (content.kind !== "email") throw new CoreError("bad_input", notEmail);
  return { proposal, source: connector.source, raw: content.raw };
}
