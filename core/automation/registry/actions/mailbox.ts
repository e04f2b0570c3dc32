import { CoreError } from "../../../errors.ts";
import type { Capability } from "../types.ts";

type MailboxAction = "label" | "archive" | "mark_read" | "trash";

function mailboxAction(action: MailboxAction): Capability {
  const needsLabel = action === "label";
  return {
    id: `mailbox_${action}`,
    description: `${action.replace("_", " ")} a scouted message (by its proposal id) through its scout's connector; recorded in the undo ledger.`,
    kind: "tight",
    inputSchema: {
      type: "object",
      required: needsLabel ? ["proposal_id", "label"] : ["proposal_id"],
      properties: {
        proposal_id: { type: "string", minLength: 1, maxLength: 100 },
        ...(needsLabel ? { label: { type: "string", minLength: 1, maxLength: 100 } } : {}),
      },
      additionalProperties: false,
    },
    outputSchema: { type: "object", properties: { ledger_id: { type: "string" } } },
    requiredCredentials: ["mailbox"],
    sideEffects: ["WRITE", "EXTERNAL_WRITE"],
    expectedDurationMs: 3000,
    costEstimateUsd: 0,
    // The ledger claims the step's key before touching the mailbox: a repeat returns the first entry.
    idempotent: true,
    async handler({ input, run, services, idempotencyKey }) {
      if (!services.mailbox) throw new CoreError("disabled", "mailbox actions are not wired in this runtime");
      const out = await services.mailbox({
        userId: run.userId,
        proposalId: String(input.proposal_id),
        action,
        ...(needsLabel ? { label: String(input.label) } : {}),
        runId: run.id,
        idempotencyKey,
      });
      return { output: { ledger_id: out.ledgerId } };
    },
  };
}

export const mailboxLabel = mailboxAction("label");
export const mailboxArchive = mailboxAction("archive");
export const mailboxMarkRead = mailboxAction("mark_read");
export const mailboxTrash = mailboxAction("trash");
