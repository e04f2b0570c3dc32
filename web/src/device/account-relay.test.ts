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

function setup(online = true, resendMs?: number, timeoutMs = 50) {
  const sent: DeviceToHubFrame[] = [];
  const accounts = createComputerAccounts({
    send: (f) => {
      if (!online) return false;
      sent.push(f);
      return true;
    },
    now: () => 5,
    timeoutMs,
    ...(resendMs ? { resendMs } : {}),
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
    const requestId = (sent[1] as { requestId: string }).requestId;
    expect(sent[1]).toEqual({
      type: "account_decision",
      requestId,
      suggestionId: "c",
      op: "approve",
      to: "agent-1",
      action: { kind: "archive" },
    });
    accounts.handle({
      type: "account_decision_result",
      requestId,
      ok: true,
      item: item("c", 3, "approved"),
      ledgerId: "led-1",
    });
    expect(await answer).toEqual({ ok: true, item: item("c", 3, "approved"), ledgerId: "led-1" });
    expect(accounts.state().items[0]?.status).toBe("approved");
  });

  it("says when the computer is offline, and never queues a decision", async () => {
    const { sent, accounts } = setup();
    accounts.handle({ type: "account_suggestions", full: true, items: [], agentOnline: false });
    expect(accounts.state().agentOnline).toBe(false);
    const refused = accounts.decide("c", { op: "reject" });
    const requestId = (sent[0] as { requestId: string }).requestId;
    accounts.handle({ type: "account_decision_result", requestId, ok: false, error: "agent_offline" });
    expect(await refused).toEqual({ ok: false, error: "agent_offline" });
    // No answer at all: a timeout the person can retry, not a silent wait.
    const late = await accounts.decide("c", { op: "reject" });
    expect(late).toEqual({
      ok: false,
      error: "timeout",
      retryId: (sent[1] as { requestId: string }).requestId,
    });
    // The phone itself offline: refused at once.
    expect(await setup(false).accounts.decide("c", { op: "reject" })).toEqual({
      ok: false,
      error: "offline",
    });
  });

  it("an answer lost on the way is asked for again with the same request id, until it comes or time is up", async () => {
    const { sent, accounts } = setup(true, 10, 5_000);
    const decisions = () => sent.filter((f) => f.type === "account_decision") as { requestId: string }[];
    const answer = accounts.decide("c", { op: "undo", ledgerId: "led-1" });
    // Unique across page loads: the agent remembers answers by request id, so "a1" again would be another's.
    const requestId = decisions()[0]?.requestId ?? "";
    expect(requestId).toMatch(/.{20,}-1$/);
    await new Promise((r) => setTimeout(r, 60));
    // Sent again while unanswered, and on reconnect (refresh), always as the same request.
    accounts.refresh();
    expect(decisions().length).toBeGreaterThanOrEqual(3);
    expect(new Set(decisions().map((f) => f.requestId))).toEqual(new Set([requestId]));
    // The hub's "no agent" to a repeat is not final: the first send may be running on the agent.
    accounts.handle({ type: "account_decision_result", requestId, ok: false, error: "agent_offline" });
    accounts.handle({ type: "account_decision_result", requestId, ok: true, message: "Undone" });
    expect(await answer).toEqual({ ok: true, message: "Undone" });
    // Answered: no more repeats, and a second copy of the answer changes nothing.
    const n = decisions().length;
    accounts.handle({ type: "account_decision_result", requestId, ok: false, error: "conflict" });
    await new Promise((r) => setTimeout(r, 40));
    expect(decisions().length).toBe(n);
  });

  it("a timed-out decision is retried as the same request", async () => {
    const { sent, accounts } = setup();
    const first = await accounts.decide("c", { op: "approve" });
    expect(first).toMatchObject({ ok: false, error: "timeout" });
    const retry = accounts.decide("c", { op: "approve", requestId: first.retryId ?? "" });
    const ids = sent.map((f) => (f as { requestId: string }).requestId);
    expect(ids[ids.length - 1]).toBe(first.retryId);
    // After a retry, the hub's "no agent" cannot say nothing was done: it waits for the agent or times out.
    accounts.handle({
      type: "account_decision_result",
      requestId: first.retryId ?? "",
      ok: false,
      error: "agent_offline",
    });
    expect(await retry).toMatchObject({ ok: false, error: "timeout", retryId: first.retryId });
  });

  it("a card decided here keeps its place (and its Undo) when the full list is sent again", async () => {
    const { sent, accounts } = setup(true, undefined, 5_000);
    const full = (items: RelayedSuggestion[]) =>
      accounts.handle({ type: "account_suggestions", from: "agent-1", full: true, items, agentOnline: true });
    full([item("a", 1), item("b", 2)]);
    const answer = accounts.decide("a", { op: "approve", action: { kind: "archive" } });
    const requestId = (sent[0] as { requestId: string }).requestId;
    accounts.handle({ type: "account_decision_result", requestId, ok: true, item: item("a", 1, "approved") });
    await answer;
    // The agent reconnects and sends its list of new items: "a" is not in it, and stays here.
    full([item("b", 2)]);
    expect(accounts.state().items.map((x) => [x.id, x.status])).toEqual([
      ["b", "new"],
      ["a", "approved"],
    ]);
    // Undone elsewhere and back in the list: the list's copy wins.
    full([item("a", 1), item("b", 2)]);
    expect(accounts.state().items.find((x) => x.id === "a")?.status).toBe("new");
  });

  it("asks the agent that sent the list for an account's folders, and says why there are none", async () => {
    const { sent, accounts } = setup(true, undefined, 200);
    accounts.handle({
      type: "account_suggestions",
      from: "agent-1",
      full: true,
      items: [],
      agentOnline: true,
    });
    const folders = [{ path: "Projects", name: "Projects", specialUse: null, selectable: true }];
    const read = accounts.folders("imap-abc");
    const ask = sent.at(-1) as Extract<DeviceToHubFrame, { type: "account_folders_request" }>;
    expect(ask).toMatchObject({ type: "account_folders_request", to: "agent-1", accountId: "imap-abc" });
    // Another request's answer and a repeat change nothing.
    accounts.handle({ type: "account_folders", requestId: "other", ok: true, folders: [] });
    accounts.handle({
      type: "account_folders",
      from: "agent-1",
      requestId: ask.requestId,
      ok: true,
      folders,
    });
    accounts.handle({
      type: "account_folders",
      from: "agent-1",
      requestId: ask.requestId,
      ok: true,
      folders: [],
    });
    expect(await read).toEqual(folders);

    const unknown = accounts.folders("imap-zzz");
    const ask2 = sent.at(-1) as Extract<DeviceToHubFrame, { type: "account_folders_request" }>;
    accounts.handle({
      type: "account_folders",
      requestId: ask2.requestId,
      ok: false,
      error: "no account imap-zzz",
    });
    await expect(unknown).rejects.toThrow("no account imap-zzz");
    const away = accounts.folders("imap-abc");
    const ask3 = sent.at(-1) as Extract<DeviceToHubFrame, { type: "account_folders_request" }>;
    accounts.handle({
      type: "account_folders",
      requestId: ask3.requestId,
      ok: false,
      error: "agent_offline",
    });
    await expect(away).rejects.toThrow("your computer is offline");
    await expect(accounts.folders("imap-abc")).rejects.toThrow("did not answer in time");
    await expect(setup(false).accounts.folders("imap-abc")).rejects.toThrow("this phone is offline");
  });
});
