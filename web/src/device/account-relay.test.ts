import type { RelayedSuggestion } from "@scouts/core/protocol/account-relay";
import type { DeviceToHubFrame } from "@scouts/core/protocol/frames";
import { describe, expect, it } from "vitest";
import { createComputerAccounts } from "./account-relay.ts";

const item = (
  id: string,
  receivedAt: number,
  status: RelayedSuggestion["status"] = "new",
): RelayedSuggestion => ({
  id,
  source: "imap",
  from: "Ana <ana@example.org>",
  subject: `subject ${id}`,
  snippet: "",
  receivedAt,
  status,
  bucket: null,
  why: [],
  proposal: { action: { kind: "archive" }, why: "For your information" },
});

function setup(online = true) {
  const sent: DeviceToHubFrame[] = [];
  const accounts = createComputerAccounts({
    send: (f) => {
      if (!online) return false;
      sent.push(f);
      return true;
    },
    now: () => 5,
    timeoutMs: 50,
  });
  return { sent, accounts };
}

describe("the phone's view of the computer's mail-account suggestions", () => {
  it("a full list replaces, a delta upserts (newest first), and decisions go to the agent that sent them", async () => {
    const { sent, accounts } = setup();
    accounts.refresh();
    expect(sent[0]).toEqual({ type: "account_suggestions_request" });
    accounts.handle({
      type: "account_suggestions",
      from: "agent-1",
      full: true,
      items: [item("a", 1)],
      agentOnline: true,
    });
    accounts.handle({
      type: "account_suggestions",
      from: "agent-1",
      full: false,
      items: [item("b", 2)],
      agentOnline: true,
    });
    expect(accounts.state().items.map((x) => x.id)).toEqual(["b", "a"]);
    accounts.handle({
      type: "account_suggestions",
      from: "agent-1",
      full: true,
      items: [item("c", 3)],
      agentOnline: true,
    });
    expect(accounts.state()).toEqual({ items: [item("c", 3)], agentOnline: true, updatedAt: 5 });

    const answer = accounts.decide("c", { op: "approve", action: { kind: "archive" } });
    expect(sent[1]).toEqual({
      type: "account_decision",
      requestId: "a1",
      suggestionId: "c",
      op: "approve",
      to: "agent-1",
      action: { kind: "archive" },
    });
    accounts.handle({
      type: "account_decision_result",
      requestId: "a1",
      ok: true,
      item: item("c", 3, "approved"),
      ledgerId: "led-1",
    });
    expect(await answer).toEqual({ ok: true, item: item("c", 3, "approved"), ledgerId: "led-1" });
    expect(accounts.state().items[0]?.status).toBe("approved");
  });

  it("says when the computer is offline, and never queues a decision", async () => {
    const { accounts } = setup();
    accounts.handle({ type: "account_suggestions", full: true, items: [], agentOnline: false });
    expect(accounts.state().agentOnline).toBe(false);
    const refused = accounts.decide("c", { op: "reject" });
    accounts.handle({ type: "account_decision_result", requestId: "a1", ok: false, error: "agent_offline" });
    expect(await refused).toEqual({ ok: false, error: "agent_offline" });
    // No answer at all: a timeout, not a silent wait.
    expect(await accounts.decide("c", { op: "reject" })).toEqual({ ok: false, error: "timeout" });
    // The phone itself offline: refused at once.
    expect(await setup(false).accounts.decide("c", { op: "reject" })).toEqual({
      ok: false,
      error: "offline",
    });
  });
});
