import { CoreError } from "../../../errors.ts";
import type { Capability } from "../types.ts";

function mailboxAction(action: "label" | "archive" | "mark_read"): Capability {
  const needsLabel = action === "label";
  return {
    id: `mailbox_${action}`,
    description: `${action.replace("_", " ")} a message through its scout's connector (undoable via the ledger).`,
    kind: "tight",
    inputSchema: {
      type: "object",
      required: needsLabel ? ["scout_id", "message_ref", "label"] : ["scout_id", "message_ref"],
      properties: {
        scout_id: { type: "string", minLength: 1, maxLength: 100 },
        message_ref: { type: "string", minLength: 1, maxLength: 200 },
        ...(needsLabel ? { label: { type: "string", minLength: 1, maxLength: 100 } } : {}),
      },
      additionalProperties: false,
    },
    outputSchema: { type: "object", properties: { ledger_id: { type: "string" } } },
    requiredCredentials: ["mailbox"],
    sideEffects: ["WRITE", "EXTERNAL_WRITE"],
    expectedDurationMs: 3000,
    costEstimateUsd: 0,
    async handler({ input, run, services }) {
      if (!services.mailbox) throw new CoreError("disabled", "mailbox actions are not wired in this runtime");
      const out = await services.mailbox({
        userId: run.userId,
        scoutId: String(input.scout_id),
        messageRef: String(input.message_ref),
        action,
        ...(needsLabel ? { label: String(input.label) } : {}),
        runId: run.id,
      });
      return { output: { ledger_id: out.ledgerId } };
    },
  };
}

export const mailboxLabel = mailboxAction("label");
export const mailboxArchive = mailboxAction("archive");
export const mailboxMarkRead = mailboxAction("mark_read");
