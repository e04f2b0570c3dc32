import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeGmail, rfc822 } from "../../../tests/fakes/gmail/index.ts";
import type { createFakeGoogleOAuth } from "../../../tests/fakes/google-oauth.ts";
import type { toFetch } from "../../../tests/fakes/handler.ts";
import type { createMemoryLogger } from "../../shared/logger.ts";
import { GMAIL_VARS, gmailWorld, seedGmailProposal } from "../../test/gmail-proposal-fixture.ts";
import { callApp, devEnv, jsonInit, LOCAL } from "../../test/harness.ts";

const VARS = GMAIL_VARS;
const CANARY = "CANARY-draft-body-5e1d";

let gmail: FakeGmail;
let oneClickPosts: { url: string; body: string; contentType: string | null }[] = [];
const listServer = async (req: Request) => {
  oneClickPosts.push({ url: req.url, body: await req.text(), contentType: req.headers.get("content-type") });
  return new Response(null, { status: 200 });
};
let fetchFake: ReturnType<typeof toFetch>;
let oauth: ReturnType<typeof createFakeGoogleOAuth>;
let logger: ReturnType<typeof createMemoryLogger>;
let consoleLines: string[];

beforeEach(() => {
  oneClickPosts = [];
  ({ gmail, oauth, fetchFake, logger, consoleLines } = gmailWorld("lists.shop.example", listServer));
});
afterEach(() => vi.restoreAllMocks());

/** A paired device whose Gmail scout (connected to the fake) has one proposal. */
async function setup(tag: string, raw?: string) {
  const { device, mailbox, msg, proposalId } = await seedGmailProposal(
    { gmail, oauth, fetchFake, logger, consoleLines },
    tag,
    raw ?? rfc822({ from: "Ann <ann@example.org>", subject: "Numbers", body: "send them?" }),
  );
  const call = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    callApp(
      { env: devEnv(VARS), options: { fetch: fetchFake, logger } },
      `${LOCAL}${path}`,
      body === undefined
        ? { headers: { authorization: `Bearer ${device.token}` } }
        : jsonInit("POST", body, { authorization: `Bearer ${device.token}`, ...headers }),
    );
  return { proposalId, msg, drafts: () => gmail.mailbox(mailbox).drafts, call };
}

/** Every row of every app table in D1, as text. */
async function allD1Text(): Promise<string> {
  const tables = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'",
  ).all<{ name: string }>();
  let text = "";
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`select * from "${name}"`).all();
    text += JSON.stringify(rows.results);
  }
  return text;
}

describe("reply drafts through the cloud (Gmail drafts, never sent)", () => {
  it("saves a draft in the thread, replays once per Idempotency-Key, and undo deletes it", async () => {
    const t = await setup("draft");
    const body = { body: `Yes, Friday works. ${CANARY}`, sessionId: "s1" };
    const res = await t.call(`/api/v1/items/${t.proposalId}/draft`, body, { "idempotency-key": "d1" });
    expect(res.status).toBe(200);
    const { draftId, ledgerId } = (await res.json()) as { draftId: string; ledgerId: string };
    const draft = t.drafts().get(draftId)!;
    expect(draft.threadId).toBe(t.msg.threadId);
    expect(draft.raw).toMatch(/^In-Reply-To: <[^>]+@fake\.test>$/m);
    expect(draft.raw).toMatch(/^Subject: Re: Numbers$/m);

    const replay = await t.call(`/api/v1/items/${t.proposalId}/draft`, body, { "idempotency-key": "d1" });
    expect(await replay.json()).toEqual({ draftId, ledgerId });
    expect(t.drafts().size).toBe(1);
    expect(gmail.calls.filter((c) => c.call === "draftCreate")).toHaveLength(1);

    const ledger = (await (await t.call("/api/v1/ledger")).json()) as {
      items: { id: string; action: string; reversal: unknown }[];
    };
    expect(ledger.items).toEqual([
      expect.objectContaining({
        id: ledgerId,
        action: "draft_reply",
        reversal: { action: "delete_draft", draftId },
      }),
    ]);
    // The body passed through: not in any D1 table, not in any log line.
    expect(await allD1Text()).not.toContain(CANARY);
    expect(JSON.stringify(logger.lines)).not.toContain(CANARY);
    expect(consoleLines.join("\n")).not.toContain(CANARY);

    const undo = await t.call(`/api/v1/ledger/${ledgerId}/undo`, {});
    expect(undo.status).toBe(200);
    expect(t.drafts().size).toBe(0);
    const after = (await (await t.call("/api/v1/ledger")).json()) as { items: { action: string }[] };
    expect(after.items.map((e) => e.action)).toEqual(["delete_draft", "draft_reply"]);
    expect(gmail.calls.filter((c) => c.call === "send" || c.call === "draftSend")).toEqual([]);
    expect(gmail.calls.map((c) => c.call)).not.toContain("send");
  });

  it("another user's proposal is 404 and creates nothing", async () => {
    const owner = await setup("owner");
    const other = await setup("other");
    const res = await other.call(`/api/v1/items/${owner.proposalId}/draft`, { body: "hi" });
    expect(res.status).toBe(404);
    expect(owner.drafts().size).toBe(0);
    expect(gmail.calls.filter((c) => c.call === "draftCreate")).toEqual([]);
  });

  it("a Gmail failure leaves no ledger entry, so the outbox retry saves the draft once", async () => {
    const t = await setup("retry");
    gmail.faults.set({ rate: 1, kinds: ["500"] });
    const failed = await t.call(
      `/api/v1/items/${t.proposalId}/draft`,
      { body: CANARY },
      { "idempotency-key": "k" },
    );
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(((await (await t.call("/api/v1/ledger")).json()) as { items: unknown[] }).items).toEqual([]);
    gmail.faults.clear();
    const ok = await t.call(
      `/api/v1/items/${t.proposalId}/draft`,
      { body: CANARY },
      { "idempotency-key": "k" },
    );
    expect(ok.status).toBe(200);
    expect(t.drafts().size).toBe(1);
    expect(JSON.stringify(logger.lines)).not.toContain(CANARY);
    expect(await allD1Text()).not.toContain(CANARY);
    expect(gmail.calls.some((c) => c.call === "send" || c.call === "draftSend")).toBe(false);
  });

  it("refuses an empty body or unknown fields", async () => {
    const t = await setup("bad");
    expect((await t.call(`/api/v1/items/${t.proposalId}/draft`, { body: "" })).status).toBe(400);
    expect(
      (await t.call(`/api/v1/items/${t.proposalId}/draft`, { body: "x", bcc: "e@evil.test" })).status,
    ).toBe(400);
    expect(t.drafts().size).toBe(0);
  });
});

const listMail = (host: string, signed = true) =>
  [
    "From: Deals <deals@lists.shop.example>",
    "To: me@example.com",
    "Subject: Weekly deals CANARY-unsub-subject-91",
    "Message-ID: <deals-1@shop.example>",
    `List-Unsubscribe: <https://${host}/u/abc>, <mailto:leave@lists.shop.example>`,
    "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    `DKIM-Signature: v=1; a=rsa-sha256; d=shop.example; s=k1; h=from:subject${signed ? ":list-unsubscribe:list-unsubscribe-post" : ""}; bh=x; b=SIGSIGSIG`,
    "Authentication-Results: mx.google.com; dkim=pass header.d=shop.example header.b=SIGSIG",
    "",
    "deals",
  ].join("\r\n");

describe("one-click unsubscribe through the cloud (for a browser device)", () => {
  it("posts RFC 8058 once, records an irreversible entry with ids only, and replays without posting", async () => {
    const t = await setup("unsub", listMail("lists.shop.example"));
    const path = `/api/v1/items/${t.proposalId}/unsubscribe`;
    expect((await t.call(path, {})).status).toBe(400);
    const res = await t.call(path, { confirmed: true, sessionId: "s1" }, { "idempotency-key": "u1" });
    expect(res.status).toBe(200);
    const out = (await res.json()) as {
      done: boolean;
      httpStatus: number;
      ledgerId: string;
      plan: { method: string };
    };
    expect(out).toMatchObject({ done: true, httpStatus: 200, plan: { method: "one_click" } });
    expect(oneClickPosts).toEqual([
      {
        url: "https://lists.shop.example/u/abc",
        body: "List-Unsubscribe=One-Click",
        contentType: "application/x-www-form-urlencoded",
      },
    ]);
    const replay = await t.call(path, { confirmed: true }, { "idempotency-key": "u1" });
    expect(await replay.json()).toMatchObject({ done: true, ledgerId: out.ledgerId });
    expect(oneClickPosts).toHaveLength(1);
    const ledger = (await (await t.call("/api/v1/ledger")).json()) as {
      items: { id: string; action: string; reversal: unknown }[];
    };
    expect(ledger.items).toEqual([
      expect.objectContaining({ id: out.ledgerId, action: "unsubscribe", reversal: null }),
    ]);
    expect((await t.call(`/api/v1/ledger/${out.ledgerId}/undo`, {})).status).toBeGreaterThanOrEqual(400);
    const d1 = await allD1Text();
    for (const leak of ["CANARY-unsub-subject-91", "lists.shop.example/u/abc", "SIGSIGSIG"]) {
      expect(d1).not.toContain(leak);
      expect(JSON.stringify(logger.lines)).not.toContain(leak);
      expect(consoleLines.join("\n")).not.toContain(leak);
    }
  });

  it("answers the plan first (method, URI, reasons) without posting or recording anything", async () => {
    const t = await setup("plan", listMail("lists.shop.example"));
    const res = await t.call(`/api/v1/items/${t.proposalId}/unsubscribe`);
    expect(res.status).toBe(200);
    const plan = (await res.json()) as { method: string; url: string; reasons: string[] };
    expect(plan).toMatchObject({ method: "one_click", url: "https://lists.shop.example/u/abc" });
    expect(plan.reasons.join(" ")).toMatch(/DKIM \(d=shop.example\) signs List-Unsubscribe/);
    const unsigned = await setup("plan-unsigned", listMail("lists.shop.example", false));
    const fallback = (await (
      await unsigned.call(`/api/v1/items/${unsigned.proposalId}/unsubscribe`)
    ).json()) as {
      method: string;
      mailto: string;
    };
    expect(fallback).toMatchObject({ method: "mailto", mailto: "mailto:leave@lists.shop.example" });
    expect(oneClickPosts).toEqual([]);
    expect(((await (await t.call("/api/v1/ledger")).json()) as { items: unknown[] }).items).toEqual([]);
    expect((await unsigned.call(`/api/v1/items/${t.proposalId}/unsubscribe`)).status).toBe(404);
    const theirs = await unsigned.call(`/api/v1/items/${t.proposalId}/unsubscribe`, { confirmed: true });
    expect(theirs.status).toBe(404);
    expect(oneClickPosts).toEqual([]);
  });

  it("falls back without posting when DKIM does not cover the headers, and refuses private addresses", async () => {
    const unsigned = await setup("unsigned", listMail("lists.shop.example", false));
    const plan = (await (
      await unsigned.call(`/api/v1/items/${unsigned.proposalId}/unsubscribe`, { confirmed: true })
    ).json()) as { done: boolean; plan: { method: string; mailto: string } };
    expect(plan).toMatchObject({
      done: false,
      plan: { method: "mailto", mailto: "mailto:leave@lists.shop.example" },
    });
    const inside = await setup("inside", listMail("intranet.shop.example"));
    const refused = await inside.call(`/api/v1/items/${inside.proposalId}/unsubscribe`, { confirmed: true });
    expect(refused.status).toBe(403);
    expect(oneClickPosts).toEqual([]);
    expect(((await (await inside.call("/api/v1/ledger")).json()) as { items: unknown[] }).items).toEqual([]);
  });
});
