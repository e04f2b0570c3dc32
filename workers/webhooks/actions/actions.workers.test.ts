import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { rfc822 } from "../../../tests/fakes/gmail/index.ts";
import {
  fakeGoogle,
  seedGmailScout,
  seedProposal,
  GMAIL_VARS as VARS,
} from "../../test/gmail-proposal-fixture.ts";
import { callApp, devEnv, jsonInit, LOCAL } from "../../test/harness.ts";

let google: ReturnType<typeof fakeGoogle>;
let gmail: ReturnType<typeof fakeGoogle>["gmail"];

beforeEach(() => {
  google = fakeGoogle();
  gmail = google.gmail;
});

/** A paired device for a user whose Gmail scout is connected to the fake, with proposals. */
async function setup(tag: string, messages = 2) {
  const scout = await seedGmailScout(google, tag, { historyCursor: "100" });
  const { device, mailbox } = scout;
  const proposals: { proposalId: string; messageId: string }[] = [];
  for (let i = 0; i < messages; i++) {
    const { msg, proposalId } = await seedProposal(
      google,
      scout,
      rfc822({ from: "a@b.test", subject: `s${i}`, body: "x" }),
    );
    proposals.push({ proposalId, messageId: msg.id });
  }
  const labels = (messageId: string) =>
    [...(gmail.mailbox(mailbox).messages.get(messageId)?.labelIds ?? [])].sort();
  const labelNames = (messageId: string) => gmail.labelNames(mailbox, messageId);
  const call = (path: string, body?: unknown, headers: Record<string, string> = {}, token = device.token) =>
    callApp(
      { env: devEnv(VARS), options: { fetch: google.fetchFake } },
      `${LOCAL}${path}`,
      body === undefined
        ? { headers: { authorization: `Bearer ${token}` } }
        : jsonInit("POST", body, { authorization: `Bearer ${token}`, ...headers }),
    );
  return { device, proposals, labels, labelNames, call, userId: scout.userId, mailbox };
}

describe("mailbox actions and the cloud undo ledger", () => {
  it("apply then undo by action leaves the Gmail mailbox as before; replays are applied once", async () => {
    const t = await setup("one", 1);
    const { proposalId, messageId } = t.proposals[0]!;
    const before = t.labels(messageId);
    const res = await t.call(
      `/api/v1/items/${proposalId}/actions`,
      { action: "archive" },
      { "idempotency-key": "k1" },
    );
    expect(res.status).toBe(200);
    const { ledgerId } = (await res.json()) as { ledgerId: string };
    expect(t.labels(messageId)).not.toContain("INBOX");
    const modifies = () => gmail.calls.filter((c) => c.call === "modify").length;
    const countBefore = modifies();
    expect(countBefore).toBe(1);
    const replay = await t.call(
      `/api/v1/items/${proposalId}/actions`,
      { action: "archive" },
      { "idempotency-key": "k1" },
    );
    expect(await replay.json()).toEqual({ ledgerId });
    expect(modifies()).toBe(countBefore);

    const undo = await t.call(`/api/v1/ledger/${ledgerId}/undo`, {});
    expect(undo.status).toBe(200);
    expect(t.labels(messageId)).toEqual(before);
    const again = await t.call(`/api/v1/ledger/${ledgerId}/undo`, {});
    expect((await again.json()) as unknown).toEqual(
      await (await t.call(`/api/v1/ledger/${ledgerId}/undo`, {})).json(),
    );
    expect(t.labels(messageId)).toEqual(before);

    const ledger = (await (await t.call("/api/v1/ledger")).json()) as {
      items: { action: string; actor: string; undoOf: string | null }[];
    };
    expect(ledger.items.map((e) => [e.action, e.undoOf === ledgerId])).toEqual([
      ["unarchive", true],
      ["archive", false],
    ]);
  });

  it("undo by run restores every message the run touched", async () => {
    const t = await setup("run", 2);
    const [a, b] = t.proposals as [
      { proposalId: string; messageId: string },
      { proposalId: string; messageId: string },
    ];
    const before = [t.labels(a.messageId), t.labels(b.messageId)];
    for (const [p, body] of [
      [a, { action: "archive", runId: "r1" }],
      [a, { action: "mark_read", runId: "r1" }],
      [b, { action: "label", label: "Receipts", runId: "r1" }],
      [b, { action: "mark_read", runId: "r1" }],
    ] as const) {
      expect((await t.call(`/api/v1/items/${p.proposalId}/actions`, body)).status).toBe(200);
    }
    expect(t.labelNames(b.messageId)).toContain("Receipts");
    const res = await t.call("/api/v1/ledger/undo", { runId: "r1" });
    const out = (await res.json()) as { undone: string[]; skipped: unknown[] };
    expect(out.undone).toHaveLength(4);
    expect(out.skipped).toEqual([]);
    expect([t.labels(a.messageId), t.labels(b.messageId)]).toEqual(before);
  });

  it("labels by name: creates the user label once, keeps its id (not the name) for undo", async () => {
    const t = await setup("label-new", 2);
    const [a, b] = t.proposals as [
      { proposalId: string; messageId: string },
      { proposalId: string; messageId: string },
    ];
    const before = t.labels(a.messageId);
    const res = await t.call(`/api/v1/items/${a.proposalId}/actions`, { action: "label", label: "Receipts" });
    expect(res.status).toBe(200);
    const { ledgerId, labelId } = (await res.json()) as { ledgerId: string; labelId: string };
    const created = gmail.mailbox(t.mailbox).labels.get(labelId);
    expect(created).toEqual({ id: labelId, name: "Receipts", type: "user" });
    expect(labelId).not.toBe("Receipts");
    expect(t.labels(a.messageId)).toEqual([...before, labelId].sort());
    expect(t.labelNames(a.messageId)).toContain("Receipts");
    // The second message with the same name (other case) reuses the label: no list, no create.
    const calls = () => gmail.calls.filter((c) => c.call === "labelsList" || c.call === "labelsCreate");
    expect(calls().map((c) => c.call)).toEqual(["labelsList", "labelsCreate"]);
    expect(
      (await t.call(`/api/v1/items/${b.proposalId}/actions`, { action: "label", label: "receipts" })).status,
    ).toBe(200);
    expect(t.labels(b.messageId)).toContain(labelId);
    expect(calls()).toHaveLength(2);
    expect([...gmail.mailbox(t.mailbox).labels.values()].filter((l) => l.type === "user")).toHaveLength(1);
    // The cloud ledger keeps the id only: the name the person typed is not stored.
    const row = await env.DB.prepare("select reversal from ledger_actions where id = ?")
      .bind(ledgerId)
      .first();
    expect(JSON.parse(String(row?.reversal))).toEqual({ action: "unlabel", labelId });
    const undo = await t.call(`/api/v1/ledger/${ledgerId}/undo`, {});
    expect(undo.status).toBe(200);
    expect(t.labels(a.messageId)).toEqual(before);
    expect(t.labels(b.messageId)).toContain(labelId);
  });

  it("labels with a label the mailbox already has: labels.list finds it, nothing is created", async () => {
    const t = await setup("label-existing", 1);
    const { proposalId, messageId } = t.proposals[0]!;
    const existing = gmail.addLabel(t.mailbox, "Travel plans");
    const before = t.labels(messageId);
    const res = await t.call(`/api/v1/items/${proposalId}/actions`, {
      action: "label",
      label: "Travel plans",
    });
    const { ledgerId, labelId } = (await res.json()) as { ledgerId: string; labelId: string };
    expect(labelId).toBe(existing);
    expect(t.labels(messageId)).toEqual([...before, existing].sort());
    expect(gmail.calls.filter((c) => c.call === "labelsCreate")).toEqual([]);
    expect([...gmail.mailbox(t.mailbox).labels.values()].filter((l) => l.type === "user")).toHaveLength(1);
    await t.call(`/api/v1/ledger/${ledgerId}/undo`, {});
    expect(t.labels(messageId)).toEqual(before);
    // Undo removes the label from the message; the label itself stays (the person made it).
    expect(gmail.mailbox(t.mailbox).labels.get(existing)?.name).toBe("Travel plans");
  });

  it("a label Gmail reserves is refused with a clear error and nothing is recorded", async () => {
    const t = await setup("label-reserved", 1);
    const { proposalId, messageId } = t.proposals[0]!;
    const before = t.labels(messageId);
    const res = await t.call(`/api/v1/items/${proposalId}/actions`, { action: "label", label: "Inbox" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /Gmail does not allow a label named “Inbox”/,
    );
    expect(t.labels(messageId)).toEqual(before);
    const ledger = (await (await t.call("/api/v1/ledger")).json()) as { items: unknown[] };
    expect(ledger.items).toEqual([]);
  });

  it("a snooze's wake (unsnooze) puts the message back in the inbox, once per key; undoing the wake archives", async () => {
    const t = await setup("wake", 1);
    const { proposalId, messageId } = t.proposals[0]!;
    const snooze = await t.call(`/api/v1/items/${proposalId}/actions`, {
      action: "snooze",
      until: Date.now() + 60_000,
    });
    expect(snooze.status).toBe(200);
    expect(t.labels(messageId)).not.toContain("INBOX");
    const wake = () =>
      t.call(`/api/v1/items/${proposalId}/actions`, { action: "unsnooze" }, { "idempotency-key": "wake-1" });
    const first = (await (await wake()).json()) as { ledgerId: string };
    expect(t.labels(messageId)).toContain("INBOX");
    const modifies = gmail.calls.filter((c) => c.call === "modify").length;
    expect(await (await wake()).json()).toEqual(first);
    expect(gmail.calls.filter((c) => c.call === "modify")).toHaveLength(modifies);
    await t.call(`/api/v1/ledger/${first.ledgerId}/undo`, {});
    expect(t.labels(messageId)).not.toContain("INBOX");
  });

  it("another user's proposal and ledger entries are 404", async () => {
    const owner = await setup("owner", 1);
    const other = await setup("other", 1);
    const { proposalId, messageId } = owner.proposals[0]!;
    const before = owner.labels(messageId);
    const res = await other.call(`/api/v1/items/${proposalId}/actions`, { action: "archive" });
    expect(res.status).toBe(404);
    expect(owner.labels(messageId)).toEqual(before);
    const mine = (await (
      await owner.call(`/api/v1/items/${proposalId}/actions`, { action: "archive" })
    ).json()) as { ledgerId: string };
    expect((await other.call(`/api/v1/ledger/${mine.ledgerId}/undo`, {})).status).toBe(404);
    expect(((await (await other.call("/api/v1/ledger")).json()) as { items: unknown[] }).items).toEqual([]);
    expect((await other.call("/api/v1/ledger/undo", { since: 0 })).status).toBe(200);
    expect(owner.labels(messageId)).not.toContain("INBOX");
  });

  it("refuses irreversible or unknown actions and requests without auth", async () => {
    const t = await setup("bad", 1);
    const { proposalId } = t.proposals[0]!;
    expect((await t.call(`/api/v1/items/${proposalId}/actions`, { action: "delete_permanent" })).status).toBe(
      400,
    );
    expect((await t.call(`/api/v1/items/${proposalId}/actions`, { action: "label" })).status).toBe(400);
    const anon = await callApp(
      { env: devEnv(VARS) },
      `${LOCAL}/api/v1/items/${proposalId}/actions`,
      jsonInit("POST", { action: "archive" }),
    );
    expect(anon.status).toBe(401);
  });
});
