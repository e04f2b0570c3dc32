import { describe, expect, it } from "vitest";
import { initialControl } from "../assistant/control.ts";
import { defaultPolicies } from "../assistant/policies.ts";
import type { LedgerEntry, Settings, Suggestion } from "../protocol/local-api.ts";
import * as steps from "./action-steps.ts";

const s = {
  id: "sug-1",
  scoutId: "scout-1",
  source: "gmail",
  sourceMsgRef: "msg-1",
  status: "new",
  cohort: "newsletters",
  confidence: 0.95,
  labels: ["Keep"],
  draftId: "d-2",
} as Suggestion;
const settings = { assistantEnabled: true, providers: { gmail: true, slack: true } } as unknown as Settings;
const switches = steps.switchesFrom(settings, initialControl);

describe("device action steps", () => {
  it("builds the pending ledger entry with the reversal and the status to restore", () => {
    const request = { action: "label" as const, label: "Receipts", confirmed: false, runId: "run-1" };
    const entry = steps.ledgerEntryFor({
      s,
      request,
      initiator: "assistant",
      id: "l1",
      sessionId: "sess",
      now: 7,
    });
    expect(entry).toMatchObject({
      id: "l1",
      suggestionId: "sug-1",
      targetRef: "msg-1",
      reversal: { action: "unlabel", label: "Receipts", prevStatus: "new" },
      reversible: true,
      actor: "assistant",
      runId: "run-1",
      status: "pending",
      createdAt: 7,
    });
    expect(steps.actionPayload(s, request, "sess")).toEqual({
      proposalId: "sug-1",
      action: "label",
      label: "Receipts",
      runId: "run-1",
      sessionId: "sess",
    });
  });

  it("changes the suggestion locally and restores it on undo", () => {
    expect(steps.localEffect(s, "label", { label: "Receipts" })).toEqual({ labels: ["Keep", "Receipts"] });
    expect(steps.localEffect(s, "unsnooze", { prevStatus: "new" })).toEqual({
      status: "new",
      snoozedUntil: null,
    });
    expect(steps.localEffect(s, "delete_draft", { draftId: "d-1" })).toBeNull();
    // Read state is what `is:unread` searches; its undo (mark_unread) puts it back.
    expect(steps.localEffect(s, "mark_read", {})).toEqual({ unread: false });
    expect(steps.localEffect(s, "mark_unread", {})).toEqual({ unread: true });
  });

  it("refuses when the kill switch is on and asks for missing parameters", () => {
    const request = { action: "archive" as const, confirmed: false };
    const killed = steps.switchesFrom(settings, { ...initialControl, killed: true });
    const gate = steps.gateSuggestionAction({
      s,
      request,
      initiator: "person",
      policies: defaultPolicies,
      switches: killed,
      now: 0,
    });
    expect(gate.allowed).toBe(false);
    expect(steps.gateRefusal(gate)).toMatchObject({ status: "refused", ledgerId: null });
    expect(
      steps.gateSuggestionAction({
        s,
        request,
        initiator: "person",
        policies: defaultPolicies,
        switches,
        now: 0,
      }).allowed,
    ).toBe(true);
    expect(() => steps.checkActionParams({ action: "snooze", confirmed: false })).toThrow(
      "snooze needs until",
    );
  });

  it("reports applied, refused by the cloud, or queued after the flush", () => {
    const gate = steps.gateSuggestionAction({
      s,
      request: { action: "archive", confirmed: false },
      initiator: "person",
      policies: defaultPolicies,
      switches,
      now: 0,
    });
    const base = { entryId: "l1", gate, action: "archive", queuedMessage: "queued" };
    const e = { status: "failed", error: "gone" } as LedgerEntry;
    expect(steps.outcomeAfterFlush({ ...base, after: { ...e, status: "applied" } }).status).toBe("applied");
    expect(steps.outcomeAfterFlush({ ...base, after: e })).toMatchObject({
      status: "refused",
      message: "gone",
    });
    expect(steps.outcomeAfterFlush({ ...base, after: undefined })).toMatchObject({
      status: "queued",
      message: "queued",
    });
  });
});
